import { describe, expect, it } from 'vitest';
import { createGateway, createMerchant } from '../../test/factories';
import { opsOf } from '../../test/ops-harness';
import { testAppForFile } from '../../test/helpers';
import { businessDay } from '../platform/rollups';

const t = testAppForFile();
const ops = opsOf(t);

describe('payment:record', () => {
  it('records the IP, user ID and device ID the shop sent (what CE 3.0 compares)', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const args = ['--ip', '203.0.113.9', '--customer-id', 'shop-user-7', '--device-id', 'dev-42'];
    const r = await ops('payment:record', '--gateway', g.gatewayNo, '--amount', '12', ...args);
    const tradeNo = r.out.split(/\s+/)[0] ?? '';
    const row = await t.db.selectFrom('transactions').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ip: '203.0.113.9', customer_id: 'shop-user-7', device_id: 'dev-42' });
  });

  it('records a payment with its rollup and prints the transaction order number', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m, { currency: 'EUR' });
    const r = await ops(
      'payment:record',
      '--gateway',
      g.gatewayNo,
      '--amount',
      '1,234.56',
      '--order',
      'SHOP-77',
      '--card',
      '545454-5454',
      '--scheme',
      'mastercard',
    );
    expect(r.code).toBe(0);
    const tradeNo = r.out.split(/\s+/)[0] ?? '';
    const row = await t.db.selectFrom('transactions').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      merchant_id: m.id,
      amount: 123456,
      currency: 'EUR',
      merchant_order_no: 'SHOP-77',
      card_first6: '545454',
      card_last4: '5454',
      card_scheme: 'MASTERCARD',
    });
    const rollup = await t.db
      .selectFrom('trade_rollups')
      .select(['tx_count', 'success_amount'])
      .where('gateway_id', '=', g.id)
      .where('day', '=', businessDay(row.created_at))
      .executeTakeFirstOrThrow();
    expect(rollup).toEqual({ tx_count: 1, success_amount: 123456 });
  });

  it('refuses a full card number, a bad amount and an unknown gateway without writing', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const before = await t.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await ops('payment:record', '--gateway', g.gatewayNo, '--amount', '10', '--card', '4111111111111111')).code).toBe(2);
    expect((await ops('payment:record', '--gateway', g.gatewayNo, '--amount', '-3')).code).toBe(2);
    const unknown = await ops('payment:record', '--gateway', '99999999', '--amount', '10');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no gateway 99999999');
    const after = await t.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
