import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  batchItemsPath,
  FundsPath,
  MERCHANT_ACCOUNTS,
  WithdrawalStatus,
  withdrawCancelPath,
  type TBatch,
  type TBatchItems,
  type TEntry,
  type TFundsSummary,
  type TWithdrawal,
  type TWithdrawResult,
} from '@mbo/shared/funds';
import type { TListPage } from '@mbo/shared/list';
import { RefundPath } from '@mbo/shared/refunds';
import { ReportPath } from '@mbo/shared/reports';
import { createAdmin, createGateway, createMerchant, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../../../test/helpers';
import { createTransaction } from '../../../test/trade-factories';
import { MERCHANT_ENTRIES } from '../../db/migrations/0014-funds-speed';
import { decideAppeal, raiseChargeback, raiseRdrAlert } from '../disputes/operator-service';
import { auditRefund, processRefund, succeedRefund } from '../refunds/service';
import { businessDay } from '../../platform/rollups';
import { DEFAULT_CONFIG, setConfig } from './config';
import { readBalances, verifyLedger } from './ledger';
import { runSettlement } from './settlement';
import { payWithdrawal } from './withdrawals';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Monday 2 March 2026, 12:00 in UTC+08:00. */
const MONDAY_NOON = Date.UTC(2026, 2, 2, 4);
const MONDAY = '2026-03-02';

type Funded = { merchant: MerchantRow; gateway: GatewayRow; token: string; bankId: number; tradeNo: string };

async function addBank(merchantId: number, isDefault: 0 | 1, no = '6222020200112233') {
  const r = await t.db
    .insertInto('merchant_bank_accounts')
    .values({
      merchant_id: merchantId,
      bank_name: 'HSBC',
      holder: 'Test Ltd',
      account_no: no,
      currency: 'USD',
      is_default: isDefault,
      created_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/**
 * A merchant whose USD gateway has exactly `available` minor units available: no fee, no reserve,
 * T+0, one captured payment settled on its own day. Withdrawal fee 1.00, minimum 10.00.
 */
async function funded(available: number, o: { refundFee?: number } = {}): Promise<Funded> {
  const merchant = await createMerchant(t.db);
  const gateway = await createGateway(t.db, merchant);
  await setConfig(
    t.db,
    merchant.id,
    gateway.id,
    {
      ...DEFAULT_CONFIG,
      feeBp: 0,
      feeFixed: 0,
      reserveBp: 0,
      cycleDays: 0,
      refundFee: o.refundFee ?? 0,
      withdrawalFee: 100,
      minWithdrawal: 1_000,
    },
    MONDAY_NOON,
  );
  const admin = await createAdmin(t.db, merchant, { isOwner: true });
  const token = await signIn(t.app, admin);
  await addBank(merchant.id, 0, '6222000000000001');
  const bankId = await addBank(merchant.id, 1);
  const trade = await createTransaction(t.db, merchant, gateway, { amount: available, created_at: MONDAY_NOON });
  await runSettlement(t.db, MONDAY, MONDAY_NOON + 3_600_000, merchant.id);
  const b = await readBalances(t.db, { merchantId: merchant.id, gatewayId: gateway.id, currency: 'USD' });
  expect(b.available).toBe(available);
  return { merchant, gateway, token, bankId, tradeNo: trade.tradeNo };
}

const apply = (f: Funded, amount: string, o: { bankId?: number; key?: string; lang?: 'en_US' } = {}) =>
  call<TWithdrawResult>(t.app, FundsPath.withdrawApply, {
    token: f.token,
    body: { gatewayNo: f.gateway.gatewayNo, amount, bankAccountId: o.bankId ?? f.bankId },
    lang: o.lang ?? 'en_US',
    ...(o.key ? { headers: { 'idempotency-key': o.key } } : {}),
  });

const balances = (f: Funded) => readBalances(t.db, { merchantId: f.merchant.id, gatewayId: f.gateway.id, currency: 'USD' });

async function expectLedgerOk() {
  const r = await verifyLedger(t.db);
  expect(r.problems).toEqual([]);
}

describe('withdrawals', () => {
  it('50 concurrent applications of 30.00 against 100.00 available: exactly 3 succeed', async () => {
    const f = await funded(10_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => apply(f, '30.00')));
    const okResults = results.filter((r) => r.body.code === 0);
    expect(okResults).toHaveLength(3);
    for (const r of results.filter((x) => x.body.code !== 0)) {
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('Withdrawable balance insufficient');
    }
    const b = await balances(f);
    expect(b.available).toBe(1_000);
    expect(b.frozen).toBe(9_000);
    const rows = await t.db.selectFrom('withdrawals').select('amount').where('merchant_id', '=', f.merchant.id).execute();
    expect(rows).toHaveLength(3);
    await expectLedgerOk();
  });

  it('a withdrawal and a refund racing for the same money: only one gets it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const f = await funded(10_000);
      const refund = await call<{ refundNo: string }>(t.app, RefundPath.apply, {
        token: f.token,
        body: { tradeNo: f.tradeNo, amount: '80.00', reason: 'race' },
      });
      expect(refund.body.code).toBe(0);
      const refundNo = refund.body.data.refundNo;
      await auditRefund(t.db, refundNo, MONDAY_NOON);
      await processRefund(t.db, refundNo, MONDAY_NOON);
      const [w, r] = await Promise.allSettled([apply(f, '50.00'), succeedRefund(t.db, refundNo, MONDAY_NOON + 1)]);
      const withdrew = w.status === 'fulfilled' && w.value.body.code === 0;
      const refunded = r.status === 'fulfilled';
      expect(Number(withdrew) + Number(refunded)).toBe(1);
      const b = await balances(f);
      expect(b.available).toBe(withdrew ? 5_000 : 2_000);
      expect(b.available + b.frozen).toBe(withdrew ? 10_000 : 2_000);
      await expectLedgerOk();
    }
  });

  it('shows the fee and the amount received; a pending one can be cancelled once; paid ones show in the list and the summary', async () => {
    const f = await funded(50_000);
    const opts = await call<{
      gateways: { available: number; fee: number; minimum: number }[];
      bankAccounts: { id: number; isDefault: boolean; accountNo: string }[];
    }>(t.app, FundsPath.withdrawOptions, { token: f.token });
    expect(opts.body.data.gateways[0]).toMatchObject({ available: 50_000, fee: 100, minimum: 1_000 });
    expect(opts.body.data.bankAccounts[0]).toMatchObject({ id: f.bankId, isDefault: true, accountNo: '**** 2233' });

    const a = await apply(f, '120.50');
    expect(a.body.data).toMatchObject({ amount: 12_050, fee: 100, received: 11_950, status: WithdrawalStatus.pending });
    const cancel = await call<TWithdrawResult>(t.app, withdrawCancelPath(a.body.data.withdrawalNo), {
      token: f.token,
      method: 'POST',
      lang: 'en_US',
    });
    expect(cancel.body.data.status).toBe(WithdrawalStatus.cancelled);
    const again = await call(t.app, withdrawCancelPath(a.body.data.withdrawalNo), { token: f.token, method: 'POST' });
    expect(again.body.code).not.toBe(0);
    expect((await balances(f)).available).toBe(50_000);

    const b = await apply(f, '200');
    await payWithdrawal(t.db, b.body.data.withdrawalNo, MONDAY_NOON + 10);
    const today = businessDay(t.clock.now());
    const list = await call<TListPage<TWithdrawal>>(t.app, FundsPath.withdrawList, { token: f.token, query: { from: today, to: today } });
    expect(list.body.code).toBe(0);
    const shown = list.body.data.list.map((w) => [w.withdrawalNo, w.status]);
    expect(shown).toContainEqual([b.body.data.withdrawalNo, WithdrawalStatus.success]);
    expect(shown).toContainEqual([a.body.data.withdrawalNo, WithdrawalStatus.cancelled]);

    const s = await call<TFundsSummary>(t.app, FundsPath.summary, { token: f.token });
    const usd = s.body.data.rows.find((r) => r.currency === 'USD');
    expect(usd).toMatchObject({
      withdrawnTotal: 20_000,
      available: 30_000,
      frozen: 0,
      accountBalance: 30_000,
      transactionTotal: 50_000,
      creditedTotal: 50_000,
      fees: 100,
    });
    await expectLedgerOk();
  });

  it('a retried request with the same idempotency key withdraws once and answers the same', async () => {
    const f = await funded(10_000);
    const first = await apply(f, '40.00', { key: 'wd-key-1' });
    const second = await apply(f, '40.00', { key: 'wd-key-1' });
    expect(second.body.data).toEqual(first.body.data);
    expect((await balances(f)).frozen).toBe(4_000);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const f = await funded(10_000);
    const other = await funded(10_000);
    const otherWithdrawal = await apply(other, '20.00');
    const before = await balances(f);
    const cases: [string, () => ReturnType<typeof apply>, string][] = [
      ['too many decimals', () => apply(f, '30.001'), 'decimal'],
      ['comma', () => apply(f, '30,00'), ''],
      ['negative', () => apply(f, '-30'), ''],
      ['zero', () => apply(f, '0'), 'valid withdrawal amount'],
      ['below minimum', () => apply(f, '9.99'), 'at least 10.00 USD'],
      ['above available', () => apply(f, '100.01'), 'Withdrawable balance insufficient'],
      ["another merchant's bank account", () => apply(f, '20.00', { bankId: other.bankId }), 'bank account does not exist'],
    ];
    for (const [name, run, text] of cases) {
      const r = await run();
      expect(r.status, name).toBe(200);
      expect(r.body.code, name).not.toBe(0);
      expect(r.body.msg, name).toContain(text);
    }
    const cancelOther = await call(t.app, withdrawCancelPath(otherWithdrawal.body.data.withdrawalNo), {
      token: f.token,
      method: 'POST',
      lang: 'en_US',
    });
    expect(cancelOther.body.msg).toBe('The withdrawal does not exist');
    const range = await call(t.app, FundsPath.withdrawList, { token: f.token, query: { from: '2026-01-01', to: '2026-07-31' } });
    expect(range.body.code).not.toBe(0);
    expect(await balances(f)).toEqual(before);
    expect(await t.db.selectFrom('withdrawals').select('id').where('merchant_id', '=', f.merchant.id).execute()).toHaveLength(0);
    const otherRow = await t.db
      .selectFrom('withdrawals')
      .select('status')
      .where('withdrawal_no', '=', otherWithdrawal.body.data.withdrawalNo)
      .executeTakeFirstOrThrow();
    expect(otherRow.status).toBe(WithdrawalStatus.pending);
  });

  it('an administrator without "may view account dynamics" gets no balances', async () => {
    const f = await funded(10_000);
    const member = await createAdmin(t.db, f.merchant);
    const token = await signIn(t.app, member);
    const s = await call<TFundsSummary>(t.app, FundsPath.summary, { token });
    expect(s.body.data).toEqual({ visible: false, rows: [], releases: [] });
    const card = await call<{ visible: boolean; rows: unknown[] }>(t.app, FundsPath.card, { token });
    expect(card.body.data).toMatchObject({ visible: false, rows: [] });
    const opts = await call<{ balancesVisible: boolean; gateways: { available: number }[] }>(t.app, FundsPath.withdrawOptions, { token });
    expect(opts.body.data.balancesVisible).toBe(false);
    expect(opts.body.data.gateways[0]?.available).toBe(0);
  });
});

describe('settlement and the ledger', () => {
  it('lists unsettled money by settlement date on the settlement cycle screen, and exports it', async () => {
    const f = await funded(10_000);
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
    await expectLedgerOk();
  });

  it("the recorded-entry list pages the merchant accounts' entries only, newest first, with the whole list's total on every page", async () => {
    // The list names exactly the merchant's accounts.
    expect(MERCHANT_ENTRIES).toBe(`account_kind in (${MERCHANT_ACCOUNTS.map((k) => `'${k}'`).join(', ')})`);
    // A capture (unsettled +, capture -) and its settlement (unsettled -, available +): 3 entries of the merchant's accounts.
    const f = await funded(10_000);
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
    await expectLedgerOk();
  });

  it('chargebacks, won appeals and RDR alerts post balanced entries; a chargeback beyond the balance is owed and repaid first', async () => {
    const f = await funded(10_000);
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
    await expectLedgerOk();
  });
});
