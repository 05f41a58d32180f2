import { describe, expect, it } from 'vitest';
import {
  batchItemsPath,
  FundsPath,
  MERCHANT_ACCOUNTS,
  type TBatch,
  type TBatchItems,
  type TEntry,
  type TFundsSummary,
} from '@mbo/shared/funds';
import type { TListPage } from '@mbo/shared/list';
import { ReportPath } from '@mbo/shared/reports';
import { createAdmin, createGateway, createMerchant } from '../../../test/factories';
import { call, testAppForFile, signIn } from '../../../test/helpers';
import { expectLedgerOk, funded, MONDAY_NOON } from '../../../test/funds-factories';
import { createTransaction } from '../../../test/trade-factories';
import { MERCHANT_ENTRIES } from '../../db/migrations/0014-funds-speed';
import { decideAppeal, raiseChargeback, raiseRdrAlert } from '../disputes/operator-service';
import { businessDay } from '../../platform/rollups';
import { DEFAULT_CONFIG, setConfig } from './config';
import { readBalances } from './ledger';
import { runSettlement } from './settlement';

/*
 * Settlement and the ledger: the settlement cycle screen, settling captured payments with fee and
 * reserve, the recorded-entry list, payments held back for delivery proof, and the entries of
 * chargebacks, appeals and RDR alerts. Withdrawals are funds.test.ts.
 */

const t = testAppForFile();

describe('settlement and the ledger', () => {
  it('lists unsettled money by settlement date on the settlement cycle screen, and exports it', async () => {
    const f = await funded(t, 10_000);
    await createTransaction(t.db, f.merchant, f.gateway, { amount: 4_200, created_at: t.clock.now() - 60_000 });
    const pending = await call<{
      visible: boolean;
      rows: { settleDate: string; tradeDay: string; txCount: number; amount: number; waybillDelivered: boolean }[];
    }>(t.app, FundsPath.pending, { token: f.token });
    const today = businessDay(t.clock.now());
    expect(pending.body.data.rows).toEqual([
      expect.objectContaining({ tradeDay: today, txCount: 1, amount: 4_200, waybillDelivered: true }),
    ]);
    expect(pending.body.data.rows[0]!.settleDate >= today).toBe(true);
    const file = await t.app.inject({
      method: 'POST',
      url: `/v3api${FundsPath.pendingExport}`,
      headers: { 'x-auth-token': f.token, lang: 'en_US' },
      payload: { format: 'csv' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Settlement date');
    expect(file.body).toContain('42.00');
  });

  it('settles captured payments into a credit entry with fee and reserve, down to each transaction, and releases the reserve on its date', async () => {
    const merchant = await createMerchant(t.db);
    const gateway = await createGateway(t.db, merchant);
    await setConfig(
      t.db,
      merchant.id,
      gateway.id,
      { ...DEFAULT_CONFIG, feeBp: 250, feeFixed: 30, reserveBp: 1_000, reserveDays: 180, cycleDays: 2 },
      MONDAY_NOON,
    );
    const admin = await createAdmin(t.db, merchant, { isOwner: true });
    const token = await signIn(t.app, admin);
    const a = await createTransaction(t.db, merchant, gateway, { amount: 10_000, created_at: MONDAY_NOON });
    const b = await createTransaction(t.db, merchant, gateway, { amount: 5_001, created_at: MONDAY_NOON + 1000 });
    // Tuesday: T+2 of Monday is Wednesday, nothing yet.
    expect((await runSettlement(t.db, '2026-03-03', MONDAY_NOON + 86_400_000, merchant.id)).batches).toBe(0);
    const run = await runSettlement(t.db, '2026-03-04', MONDAY_NOON + 2 * 86_400_000, merchant.id);
    expect(run).toMatchObject({ batches: 1, transactions: 2 });
    const list = await call<TListPage<TBatch>>(t.app, FundsPath.batchList, { token, query: { from: '2026-03-01', to: '2026-03-31' } });
    const batch = list.body.data.list[0]!;
    // fee: 2.5% + 0.30 each = 280 + 155 (125.025 rounds to 125, +30); reserve 10%: 1000 + 500.
    expect(batch).toMatchObject({
      txCount: 2,
      gross: 15_001,
      singleFee: 435,
      reserveExtracted: 1_500,
      recognized: 13_066,
      creditStatus: 2,
    });
    const items = await call<TBatchItems>(t.app, batchItemsPath(batch.batchNo), { token });
    expect(items.body.data.list.map((i) => [i.tradeNo, i.gross, i.fee, i.reserve, i.net])).toEqual([
      [a.tradeNo, 10_000, 280, 1_000, 8_720],
      [b.tradeNo, 5_001, 155, 500, 4_346],
    ]);
    // Each item carries its transaction's time and settlement currency.
    expect(items.body.data.list[1]).toMatchObject({ tradeAt: new Date(MONDAY_NOON + 1000).toISOString(), currency: 'USD' });
    const tx = await t.db.selectFrom('transactions').select('settle_status').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(tx.settle_status).toBe(2);
    const key = { merchantId: merchant.id, gatewayId: gateway.id, currency: 'USD' };
    expect(await readBalances(t.db, key)).toMatchObject({ available: 13_066, reserve: 1_500, unsettled: 0 });
    const s = await call<TFundsSummary>(t.app, FundsPath.summary, { token });
    expect(s.body.data.releases).toEqual([{ currency: 'USD', date: '2026-08-31', amount: 1_500 }]);
    await runSettlement(t.db, '2026-08-31', Date.UTC(2026, 7, 31, 4), merchant.id);
    expect(await readBalances(t.db, key)).toMatchObject({ available: 14_566, reserve: 0 });
    // The monthly report's withdrawable amount is what the ledger made available each month.
    const months = await call<{ list: { month: string; withdrawableAmount: number }[] }>(t.app, ReportPath.monthList, {
      token,
      query: { from: '2026-03', to: '2026-08' },
    });
    expect(months.body.data.list.find((r) => r.month === '2026-03')?.withdrawableAmount).toBe(13_066);
    const entries = await call<TListPage<TEntry>>(t.app, FundsPath.entryList, {
      token,
      query: { from: '2026-03-01', to: '2026-08-31', type: 'reserveRelease', account: 'available' },
    });
    expect(entries.body.data.list).toEqual([expect.objectContaining({ account: 'available', amount: 1_500, refType: 'reserve' })]);
    // Another merchant's batch number is not found.
    const stranger = await createAdmin(t.db, await createMerchant(t.db), { isOwner: true });
    const foreign = await call(t.app, batchItemsPath(batch.batchNo), { token: await signIn(t.app, stranger) });
    expect(foreign.body.code).not.toBe(0);
    await expectLedgerOk(t);
  });

  it("the recorded-entry list pages the merchant accounts' entries only, newest first, with the whole list's total on every page", async () => {
    // The list names exactly the merchant's accounts.
    expect(MERCHANT_ENTRIES).toBe(`account_kind in (${MERCHANT_ACCOUNTS.map((k) => `'${k}'`).join(', ')})`);
    // A capture (unsettled +, capture -) and its settlement (unsettled -, available +): 3 entries of the merchant's accounts.
    const f = await funded(t, 10_000);
    const range = { from: '2026-03-01', to: '2026-03-03' };
    const list = (query: Record<string, string>) =>
      call<TListPage<TEntry>>(t.app, FundsPath.entryList, { token: f.token, query: { ...range, ...query } });
    const first = await list({ limit: '2' });
    expect(first.body.data).toMatchObject({ total: 3, capped: false });
    expect(first.body.data.list.map((e) => [e.account, e.type, e.amount])).toEqual([
      ['available', 'settlement', 10_000],
      ['unsettled', 'settlement', -10_000],
    ]);
    const next = await list({ limit: '2', page: '2', after: first.body.data.nextCursor ?? '' });
    expect(next.body.data).toMatchObject({ total: 3, capped: false, nextCursor: null });
    expect(next.body.data.list.map((e) => [e.account, e.type, e.amount])).toEqual([['unsettled', 'capture', 10_000]]);
    const jump = await list({ limit: '2', page: '2' });
    expect(jump.body.data.list).toEqual(next.body.data.list);
    const available = await list({ account: 'available' });
    expect(available.body.data.total).toBe(1);
    const captures = await list({ type: 'capture', currency: 'USD', gatewayNo: f.gateway.gatewayNo });
    expect(captures.body.data.list.map((e) => e.account)).toEqual(['unsettled']);
  });

  it('holds back a payment whose required delivery proof is missing, and settles it once the proof is there', async () => {
    const merchant = await createMerchant(t.db);
    const gateway = await createGateway(t.db, merchant);
    await setConfig(t.db, merchant.id, gateway.id, { ...DEFAULT_CONFIG, feeBp: 0, feeFixed: 0, reserveBp: 0, cycleDays: 2 }, MONDAY_NOON);
    await t.db.updateTable('merchants').set({ delivery_proof_type: 'tracking' }).where('id', '=', merchant.id).execute();
    const shipped = await createTransaction(t.db, merchant, gateway, { amount: 10_000, created_at: MONDAY_NOON });
    const missing = await createTransaction(t.db, merchant, gateway, { amount: 4_000, created_at: MONDAY_NOON + 1000 });
    await t.db
      .insertInto('waybills')
      .values({
        merchant_id: merchant.id,
        gateway_id: gateway.id,
        transaction_id: shipped.id,
        trade_at: MONDAY_NOON,
        tracking_no: '1Z999AA10123456784',
        carrier: 'UPS',
        status: 2,
        uploaded_at: MONDAY_NOON,
        created_at: MONDAY_NOON,
      })
      .execute();
    const run = await runSettlement(t.db, '2026-03-04', MONDAY_NOON + 2 * 86_400_000, merchant.id);
    expect(run).toMatchObject({ batches: 1, transactions: 1 });
    const status = async (id: number) =>
      (await t.db.selectFrom('transactions').select('settle_status').where('id', '=', id).executeTakeFirstOrThrow()).settle_status;
    expect(await status(shipped.id)).toBe(2);
    expect(await status(missing.id)).toBe(0);
    const key = { merchantId: merchant.id, gatewayId: gateway.id, currency: 'USD' };
    expect(await readBalances(t.db, key)).toMatchObject({ available: 10_000, unsettled: 4_000 });
    // Proof accepted later (customer service records it): the next run settles it.
    await t.db
      .insertInto('waybills')
      .values({
        merchant_id: merchant.id,
        gateway_id: gateway.id,
        transaction_id: missing.id,
        trade_at: MONDAY_NOON + 1000,
        tracking_no: '1Z999AA10123456785',
        carrier: 'UPS',
        status: 2,
        uploaded_at: MONDAY_NOON + 3 * 86_400_000,
        created_at: MONDAY_NOON + 3 * 86_400_000,
      })
      .execute();
    await runSettlement(t.db, '2026-03-05', MONDAY_NOON + 3 * 86_400_000, merchant.id);
    expect(await status(missing.id)).toBe(2);
    expect(await readBalances(t.db, key)).toMatchObject({ available: 14_000, unsettled: 0 });
    await expectLedgerOk(t);
  });

  it('chargebacks, won appeals and RDR alerts post balanced entries; a chargeback beyond the balance is owed and repaid first', async () => {
    const f = await funded(t, 10_000);
    const key = { merchantId: f.merchant.id, gatewayId: f.gateway.id, currency: 'USD' };
    const cb = await raiseChargeback(t.db, f.tradeNo, { amount: 10_000, now: MONDAY_NOON + 5 });
    // 100.00 + the 15.00 chargeback fee against 100.00 available: 15.00 owed.
    expect(await readBalances(t.db, key)).toMatchObject({ available: 0, debt: -1_500 });
    await t.db.updateTable('disputes').set({ appeal_status: 1, appealed_at: MONDAY_NOON }).where('case_no', '=', cb.caseNo).execute();
    await decideAppeal(t.db, cb.caseNo, 'success', MONDAY_NOON + 6);
    expect(await readBalances(t.db, key)).toMatchObject({ available: 8_500, debt: 0 });
    const other = await createTransaction(t.db, f.merchant, f.gateway, { amount: 2_000, created_at: MONDAY_NOON + 7 });
    await raiseRdrAlert(t.db, other.tradeNo, { now: MONDAY_NOON + 8 });
    // RDR fee 10.00 and the 20.00 refund, available first.
    expect(await readBalances(t.db, key)).toMatchObject({ available: 5_500, unsettled: 2_000 });
    const s = await call<TFundsSummary>(t.app, FundsPath.summary, { token: f.token });
    expect(s.body.data.rows[0]).toMatchObject({
      refundTotal: 2_000,
      otherDeductions: 10_000,
      appealSuccessTotal: 10_000,
      fees: 2_500,
      owed: 0,
    });
    await expectLedgerOk(t);
  });
});
