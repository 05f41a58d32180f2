import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMajorString } from '@mbo/shared/money';
import { createGateway, createMerchant } from '../../../test/factories';
import { testDbForFile } from '../../../test/test-db';
import { createTransaction } from '../../../test/trade-factories';
import { AppError } from '../../platform/errors';
import { businessDay } from '../../platform/rollups';
import { operatorScope } from '../../platform/scope';
import { decideAppeal, OperatorInputError, raiseChargeback, raiseEthocaAlert, raiseRdrAlert } from '../disputes/operator-service';
import { applyRefund, auditRefund, processRefund, succeedRefund } from '../refunds/service';
import { DEFAULT_CONFIG, setConfig } from './config';
import { readBalances, verifyLedger } from './ledger';
import { runSettlement } from './settlement';
import { monthReport } from '../reports/service';
import { fundsSummary, withdrawableByMonth } from './summary';
import { applyWithdrawal, cancelWithdrawal, failWithdrawal, payWithdrawal, WithdrawalOperatorError } from './withdrawals';

/*
 * Random sequences of money events on one merchant's gateway; after every step the ledger sums to
 * zero, every cached balance equals its entries, no guarded balance is out of bounds, and the summary's
 * fields agree with each other.
 */

const tdb = testDbForFile();

const Op = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), amount: fc.integer({ min: 100, max: 50_000 }) }), weight: 4 },
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), part: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('chargeback' as const), pick: fc.nat(), won: fc.option(fc.boolean(), { nil: undefined }) }),
  fc.record({ kind: fc.constant('rdr' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('ethoca' as const), pick: fc.nat() }),
  { arbitrary: fc.record({ kind: fc.constant('day' as const), days: fc.integer({ min: 1, max: 4 }) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('withdraw' as const), percent: fc.integer({ min: 1, max: 120 }) }), weight: 3 },
  {
    arbitrary: fc.record({ kind: fc.constant('settleWithdrawal' as const), pick: fc.nat(), how: fc.constantFrom('cancel', 'pay', 'fail') }),
    weight: 3,
  },
);
type TOp = typeof Op extends fc.Arbitrary<infer T> ? T : never;

const expected = (e: unknown) => e instanceof AppError || e instanceof OperatorInputError || e instanceof WithdrawalOperatorError;

async function runSequence(ops: TOp[]) {
  const db = tdb.db;
  const merchant = await createMerchant(db);
  const gateway = await createGateway(db, merchant);
  await setConfig(
    db,
    merchant.id,
    gateway.id,
    { ...DEFAULT_CONFIG, feeBp: 300, cycleDays: 1, reserveBp: 1_000, reserveDays: 3, minWithdrawal: 1_000 },
    0,
  );
  const bank = await db
    .insertInto('merchant_bank_accounts')
    .values({
      merchant_id: merchant.id,
      bank_name: 'B',
      holder: 'H',
      account_no: '1234567890',
      currency: 'USD',
      is_default: 1,
      created_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const scope = operatorScope(merchant.id);
  const key = { merchantId: merchant.id, gatewayId: gateway.id, currency: 'USD' };
  let now = Date.UTC(2026, 2, 2, 2);
  const trades: { tradeNo: string; amount: number }[] = [];
  const withdrawals: string[] = [];
  for (const op of ops) {
    now += 60_000;
    try {
      if (op.kind === 'pay') trades.push(await createTransaction(db, merchant, gateway, { amount: op.amount, created_at: now }));
      else if (op.kind === 'day') {
        for (let i = 0; i < op.days; i += 1) {
          now += 86_400_000;
          await runSettlement(db, businessDay(now), now, merchant.id);
        }
      } else if (op.kind === 'withdraw') {
        const b = await readBalances(db, key);
        const amount = Math.max(1, Math.floor((b.available * op.percent) / 100));
        const r = await applyWithdrawal(
          db,
          scope,
          { gatewayNo: gateway.gatewayNo, amount: toMajorString(amount, 'USD'), bankAccountId: bank.id },
          { name: 'p', adminId: null },
          now,
        );
        withdrawals.push(r.withdrawalNo);
      } else if (op.kind === 'settleWithdrawal') {
        const no = withdrawals[op.pick % Math.max(1, withdrawals.length)];
        if (no === undefined) continue;
        if (op.how === 'cancel') await cancelWithdrawal(db, scope, no, now);
        else if (op.how === 'pay') await payWithdrawal(db, no, now);
        else await failWithdrawal(db, no, 'bank refused', now);
      } else {
        const t = trades[op.pick % Math.max(1, trades.length)];
        if (!t) continue;
        if (op.kind === 'refund') {
          const amount = Math.max(1, Math.floor((t.amount * op.part) / 100));
          const r = await applyRefund(
            db,
            scope,
            { tradeNo: t.tradeNo, amount: toMajorString(amount, 'USD'), reason: 'p' },
            { name: 'p', adminId: null },
            now,
          );
          await auditRefund(db, r.refundNo, now);
          await processRefund(db, r.refundNo, now);
          await succeedRefund(db, r.refundNo, now);
        } else if (op.kind === 'chargeback') {
          const c = await raiseChargeback(db, t.tradeNo, { now });
          if (op.won !== undefined) {
            await db.updateTable('disputes').set({ appeal_status: 1, appealed_at: now }).where('case_no', '=', c.caseNo).execute();
            await decideAppeal(db, c.caseNo, op.won ? 'success' : 'failed', now + 1);
          }
        } else if (op.kind === 'rdr') await raiseRdrAlert(db, t.tradeNo, { now });
        else await raiseEthocaAlert(db, t.tradeNo, { now });
      }
    } catch (error) {
      if (!expected(error)) throw error;
    }
    const v = await verifyLedger(db);
    expect(v.problems, JSON.stringify(op)).toEqual([]);
    const b = await readBalances(db, key);
    for (const k of ['available', 'unsettled', 'reserve', 'frozen'] as const) expect(b[k]).toBeGreaterThanOrEqual(0);
    expect(b.debt).toBeLessThanOrEqual(0);
    const s = (await fundsSummary(db, scope)).rows[0];
    if (s) {
      expect(s.accountBalance).toBe(s.available + s.frozen);
      expect(s.reserveBalance).toBe(s.reserveExtracted - s.reserveRefunded);
    }
    // Frozen money is exactly the pending withdrawals.
    const pending = await db
      .selectFrom('withdrawals')
      .select('amount')
      .where('merchant_id', '=', merchant.id)
      .where('status', '=', 1)
      .execute();
    expect(b.frozen).toBe(pending.reduce((x, w) => x + Number(w.amount), 0));
  }
  // The monthly report's withdrawable amounts (from the monthly rollup) equal the direct sum over the entries.
  const entries = await db
    .selectFrom('ledger_entries')
    .select(['currency', 'txn_type', 'amount', 'occurred_at'])
    .where('merchant_id', '=', merchant.id)
    .where('account_kind', '=', 'available')
    .execute();
  const direct = new Map<string, number>();
  for (const e of entries) {
    if (['withdrawalFreeze', 'withdrawalPay', 'withdrawalFail', 'withdrawalCancel'].includes(e.txn_type)) continue;
    const k = `${businessDay(Number(e.occurred_at)).slice(0, 7)}|${e.currency}`;
    direct.set(k, (direct.get(k) ?? 0) + Number(e.amount));
  }
  const from = '2026-03';
  const to = businessDay(now).slice(0, 7);
  const byMonth = await withdrawableByMonth(db, scope, from, to);
  for (const k of new Set([...direct.keys(), ...byMonth.keys()])) expect(byMonth.get(k) ?? 0, k).toBe(direct.get(k) ?? 0);
  for (const r of await monthReport(db, scope, { from, to }))
    expect(r.withdrawableAmount).toBe(direct.get(`${r.month}|${r.currency}`) ?? 0);
}

describe('ledger invariants under random event sequences', () => {
  it('hold after every step', async () => {
    await fc.assert(fc.asyncProperty(fc.array(Op, { minLength: 10, maxLength: 40 }), runSequence), { numRuns: 30, seed: 20_260_302 });
    // The sequences did reach every kind of posting.
    const types = await tdb.db.selectFrom('ledger_transactions').select('type').distinct().execute();
    expect(types.map((t) => t.type).sort()).toEqual(
      [
        'capture',
        'chargeback',
        'chargebackReversal',
        'ethoca',
        'rdr',
        'refund',
        'reserveRelease',
        'settlement',
        'withdrawalCancel',
        'withdrawalFail',
        'withdrawalFreeze',
        'withdrawalPay',
      ].sort(),
    );
  }, 120_000);
});
