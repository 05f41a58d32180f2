import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import { createGateway, createMerchant } from '../../test/factories';
import { createTestDb, type TestDb } from '../../test/test-db';
import { createTransaction } from '../../test/trade-factories';
import { businessDay, businessDayRange, rebuildRollups } from './rollups';

describe('daily rollups', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('cuts the business day at midnight UTC+08:00', () => {
    expect(businessDay(Date.parse('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(businessDay(Date.parse('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
    expect(businessDayRange('2026-03-02', '2026-03-02')).toEqual({
      fromMs: Date.parse('2026-03-01T16:00:00Z'),
      toMs: Date.parse('2026-03-02T16:00:00Z'),
    });
  });

  it('keeps the same figures incrementally as a rebuild from raw rows', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m, { currency: 'USD' });
    const at = Date.parse('2026-03-01T15:30:00Z');
    await createTransaction(t.db, m, g, { created_at: at, amount: 1000 });
    await createTransaction(t.db, m, g, { created_at: at + 3_600_000, amount: 2500 });
    await createTransaction(t.db, m, g, { created_at: at, pay_status: PayStatus.failed, duplicate_failure: 1 });
    await createTransaction(t.db, m, g, { created_at: at, category: TradeCategory.test });
    const read = () =>
      t.db
        .selectFrom('trade_rollups')
        .select(['day', 'tx_count', 'success_count', 'success_amount', 'failed_count', 'duplicate_failed_count'])
        .where('merchant_id', '=', m.id)
        .orderBy('day')
        .execute();
    const incremental = await read();
    expect(incremental).toEqual([
      { day: '2026-03-01', tx_count: 2, success_count: 1, success_amount: 1000, failed_count: 1, duplicate_failed_count: 1 },
      { day: '2026-03-02', tx_count: 1, success_count: 1, success_amount: 2500, failed_count: 0, duplicate_failed_count: 0 },
    ]);
    await rebuildRollups(t.db, m.id);
    expect(await read()).toEqual(incremental);
  });
});
