import { describe, expect, it } from 'vitest';
import type { TLedgerType } from '@mbo/shared/funds';
import { createGateway, createMerchant } from '../../../test/factories';
import { testDbForFile } from '../../../test/test-db';
import { operatorScope, sessionScope } from '../../platform/scope';
import { post, verifyLedger } from './ledger';
import { withdrawableByMonth } from './summary';

/* The monthly rollup of the available balance (ledger_available_months) behind the monthly report's withdrawable amount. */

const tdb = testDbForFile();

let refId = 0;
async function credit(gatewayId: number, merchantId: number, amount: number, at: number, type: TLedgerType = 'settlement') {
  refId += 1;
  await tdb.db.transaction().execute((trx) =>
    post(
      trx,
      { merchantId, gatewayId, currency: 'USD' },
      ['available', 'capture'],
      () => [
        { kind: 'available', amount },
        { kind: 'capture', amount: -amount },
      ],
      { type, refType: 'test', refId, refNo: `T${refId}`, at },
    ),
  );
}

describe('monthly withdrawable rollup', () => {
  it('follows the entries by business month, leaves out withdrawals, respects the gateway scope and is checked by verify', async () => {
    const db = tdb.db;
    const merchant = await createMerchant(db);
    const other = await createMerchant(db);
    const g1 = await createGateway(db, merchant);
    const g2 = await createGateway(db, merchant);
    const g3 = await createGateway(db, other);
    await credit(g1.id, merchant.id, 1_000, Date.UTC(2026, 2, 10, 4));
    await credit(g1.id, merchant.id, 250, Date.UTC(2026, 2, 12, 4));
    // 16:30 UTC on 31 March is 1 April in the business day (UTC+08:00).
    await credit(g1.id, merchant.id, 70, Date.UTC(2026, 2, 31, 16, 30));
    await credit(g2.id, merchant.id, 5_000, Date.UTC(2026, 2, 20, 4));
    await credit(g2.id, merchant.id, 300, Date.UTC(2026, 2, 21, 4), 'withdrawalCancel');
    await credit(g3.id, other.id, 9_999, Date.UTC(2026, 2, 20, 4));

    const all = await withdrawableByMonth(db, operatorScope(merchant.id), '2026-03', '2026-04');
    expect(Object.fromEntries(all)).toEqual({ '2026-03|USD': 6_250, '2026-04|USD': 70 });
    const limited = await withdrawableByMonth(db, sessionScope(merchant.id, 1, [g1.id]), '2026-03', '2026-04');
    expect(Object.fromEntries(limited)).toEqual({ '2026-03|USD': 1_250, '2026-04|USD': 70 });
    const none = await withdrawableByMonth(db, sessionScope(merchant.id, 1, []), '2026-03', '2026-04');
    expect(none.size).toBe(0);
    expect(Object.fromEntries(await withdrawableByMonth(db, operatorScope(merchant.id), '2026-04', '2026-04'))).toEqual({
      '2026-04|USD': 70,
    });

    expect((await verifyLedger(db)).problems).toEqual([]);
    await db
      .updateTable('ledger_available_months')
      .set((eb) => ({ amount: eb('amount', '+', 1) }))
      .where('gateway_id', '=', g2.id)
      .execute();
    await db.deleteFrom('ledger_available_months').where('gateway_id', '=', g3.id).execute();
    const problems = (await verifyLedger(db)).problems;
    expect(problems.map((p) => p.kind)).toEqual(['rollup', 'rollup']);
    expect(problems.map((p) => p.detail).join('\n')).toContain(`gateway ${g2.id}, USD, 2026-03): stored 5001, entries 5000`);
    expect(problems.map((p) => p.detail).join('\n')).toContain(`gateway ${g3.id}, USD, 2026-03): stored 0, entries 9999`);
  });
});
