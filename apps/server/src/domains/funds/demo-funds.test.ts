import { describe, expect, it } from 'vitest';
import { testDbForFile } from '../../../test/test-db';
import { seedDemo } from '../../seed/demo';
import { operatorScope } from '../../platform/scope';
import { verifyLedger } from './ledger';
import { runSettlement, settlementDayOf } from './settlement';
import { fundsSummary } from './summary';

const tdb = testDbForFile();

describe('demo funds', () => {
  it('a year of batches, reserves and withdrawals that passes ledger:verify, and a settlement run on top of it', async () => {
    const now = Date.UTC(2026, 4, 20, 6);
    await seedDemo(tdb.db, now, { transactions: 4_000 });
    expect((await verifyLedger(tdb.db)).problems).toEqual([]);
    const batches = await tdb.db.selectFrom('settlement_batches').select('id').execute();
    expect(batches.length).toBeGreaterThan(200);
    const statuses = await tdb.db.selectFrom('withdrawals').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual([1, 2, 3]);
    await runSettlement(tdb.db, settlementDayOf(now + 86_400_000), now + 86_400_000);
    expect((await verifyLedger(tdb.db)).problems).toEqual([]);
    const m = await tdb.db.selectFrom('merchants').select('id').where('merchant_no', '=', '100001').executeTakeFirstOrThrow();
    const s = await fundsSummary(tdb.db, operatorScope(m.id));
    for (const r of s.rows) {
      expect(r.reserveBalance).toBe(r.reserveExtracted - r.reserveRefunded);
      expect(r.accountBalance).toBe(r.available + r.frozen);
      expect(r.available).toBeGreaterThanOrEqual(0);
    }
    // Every successful payment is either in a batch (settled) or still unsettled, never both.
    const mismatched = await tdb.db
      .selectFrom('transactions as t')
      .leftJoin('settlement_items as i', 'i.transaction_id', 't.id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('t.category', '=', 1)
      .where('t.pay_status', '=', 1)
      .where((eb) =>
        eb.or([
          eb.and([eb('i.batch_id', 'is', null), eb('t.settle_status', '<>', 0)]),
          eb.and([eb('i.batch_id', 'is not', null), eb('t.settle_status', '<>', 2)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    expect(Number(mismatched.n)).toBe(0);
  });
});
