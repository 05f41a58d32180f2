import { describe, expect, it } from 'vitest';
import { RefundPath, refundablePath, type TRefund } from '@mbo/shared/refunds';
import { PayStatus, RefundProcessing, AbnormalStatus } from '@mbo/shared/trade-enums';
import type { TListPage } from '@mbo/shared/list';
import { toMajorString } from '@mbo/shared/money';
import { createAdmin, createGateway, createMerchant, createRole } from '../../../test/factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { shopForFile } from '../../../test/signed-in-shop';
import { createTransaction } from '../../../test/trade-factories';
import { translate } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import { businessDay } from '../../platform/rollups';
import { auditRefund, failRefund, processRefund, succeedRefund } from './service';

const t = testAppForFile();
const shop = shopForFile(t);

const today = () => businessDay(t.clock.now());
const apply = (body: unknown, o: { token?: string; lang?: 'zh_CN' | 'zh_HK' | 'en_US' } = {}) =>
  call<{ refundNo: string; method: number }>(t.app, RefundPath.apply, {
    token: o.token ?? shop.token,
    body,
    ...(o.lang ? { lang: o.lang } : {}),
  });

async function tradeRow(id: number) {
  return t.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('refund application', () => {
  it('50 concurrent partial refunds never exceed the refundable amount; exactly the ones that fit succeed', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway, { amount: 10_000 });
    // 50 applications of 3.00 against 100.00: 33 fit (99.00), 17 must be refused.
    const results = await Promise.all(Array.from({ length: 50 }, () => apply({ tradeNo: tx.tradeNo, amount: '3.00', reason: 'partial' })));
    const okCount = results.filter((r) => r.body.code === 0).length;
    expect(okCount).toBe(33);
    for (const r of results.filter((x) => x.body.code !== 0)) expect(r.status).toBe(200);
    const row = await tradeRow(tx.id);
    expect(row.refund_pending_amount).toBe(9_900);
    const refunds = await t.db.selectFrom('refunds').select(['amount']).where('transaction_id', '=', tx.id).execute();
    expect(refunds.reduce((s, r) => s + r.amount, 0)).toBe(9_900);
    const left = await call<{ availableAmount: number }>(t.app, refundablePath(tx.tradeNo), { token: shop.token });
    expect(left.body.data.availableAmount).toBe(100);
  });

  it('refuses an amount above the available amount with the §5 message in three languages', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway, { amount: 5_000 });
    const msgs: Record<string, string> = {};
    for (const lang of ['zh_CN', 'zh_HK', 'en_US'] as const) {
      const r = await apply({ tradeNo: tx.tradeNo, amount: '50.01', reason: 'too much' }, { lang });
      expect(r.body.code).not.toBe(0);
      msgs[lang] = r.body.msg;
    }
    expect(msgs.zh_CN).toBe('退款金额不能大于可退金额 50.00 USD');
    expect(msgs.zh_HK).toBe('退款金額不能大於可退金額 50.00 USD');
    expect(msgs.en_US).toBe('The refund amount must not exceed the available amount 50.00 USD');
    expect((await tradeRow(tx.id)).refund_pending_amount).toBe(0);
  });

  it('reads one-decimal amounts as tenths ("12.5" is 12.50, ".5" refused) and refuses a sub-cent amount, changing nothing', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway, { amount: 5_000 });
    expect((await apply({ tradeNo: tx.tradeNo, amount: '12.5', reason: 'tenths' })).body.code).toBe(0);
    expect((await apply({ tradeNo: tx.tradeNo, amount: '0.5', reason: 'half' })).body.code).toBe(0);
    const amounts = await t.db.selectFrom('refunds').select('amount').where('transaction_id', '=', tx.id).orderBy('id').execute();
    expect(amounts.map((r) => r.amount)).toEqual([1_250, 50]);
    expect((await tradeRow(tx.id)).refund_pending_amount).toBe(1_300);
    for (const amount of ['0.005', '12.505', '.5']) {
      const r = await apply({ tradeNo: tx.tradeNo, amount, reason: 'sub-cent' }, { lang: 'en_US' });
      expect(r.body.code, amount).not.toBe(0);
      expect(r.status, amount).toBeLessThan(500);
    }
    expect((await tradeRow(tx.id)).refund_pending_amount).toBe(1_300);
    const list = await call<TListPage<TRefund>>(t.app, RefundPath.list, {
      token: shop.token,
      query: { from: today(), to: today(), tradeNo: tx.tradeNo },
    });
    expect(list.body.data.list.map((r) => r.amount).sort((a, b) => a - b)).toEqual([50, 1_250]);
  });

  it('refuses malformed amounts and reasons, and marks a whole untouched refund full', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway, { amount: 2_000 });
    expect((await apply({ tradeNo: tx.tradeNo, amount: '1.001', reason: 'x' }, { lang: 'en_US' })).body.msg).toBe(
      'Refund amount: enter digits with at most 2 decimals after a dot, without commas, spaces or signs',
    );
    expect((await apply({ tradeNo: tx.tradeNo, amount: '-1', reason: 'x' })).body.code).not.toBe(0);
    const longReason = await apply({ tradeNo: tx.tradeNo, amount: '1', reason: 'r'.repeat(101) }, { lang: 'en_US' });
    expect(longReason.body.code).not.toBe(0);
    expect(longReason.body.msg).toContain('100');
    const full = await apply({ tradeNo: tx.tradeNo, amount: '20', reason: 'whole' });
    expect(full.body.code).toBe(0);
    expect(full.body.data.method).toBe(1);
  });

  it('refuses failed and declined transactions; another merchant gets not found', async () => {
    const failed = await createTransaction(t.db, shop.merchant, shop.gateway, { pay_status: PayStatus.failed });
    const declined = await createTransaction(t.db, shop.merchant, shop.gateway, { category: 2 });
    for (const tx of [failed, declined]) {
      const r = await apply({ tradeNo: tx.tradeNo, amount: '1', reason: 'x' }, { lang: 'en_US' });
      expect(r.body.msg).toBe('This transaction was not successful and cannot be refunded');
    }
    const other = await createMerchant(t.db);
    const otherToken = await signIn(t.app, await createAdmin(t.db, other));
    const mine = await createTransaction(t.db, shop.merchant, shop.gateway);
    const r = await apply({ tradeNo: mine.tradeNo, amount: '1', reason: 'x' }, { token: otherToken });
    expect(r.body.code).toBe(1004);
    expect((await tradeRow(mine.id)).refund_pending_amount).toBe(0);
  });

  it('a member without Refundment:Apply (or TradeRecord:Refund) gets 403; TradeRecord:Refund alone may apply', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway);
    const viewer = await createRole(t.db, shop.merchant, { permissions: ['/refundment/forwardRefundmentList'] });
    const viewerToken = await signIn(t.app, await createAdmin(t.db, shop.merchant, { roleId: viewer.id }));
    expect((await apply({ tradeNo: tx.tradeNo, amount: '1', reason: 'x' }, { token: viewerToken })).status).toBe(403);
    const fromTrade = await createRole(t.db, shop.merchant, { permissions: ['/merTradeMgr/initTradeRecordPage', 'TradeRecord:Refund'] });
    const tradeToken = await signIn(t.app, await createAdmin(t.db, shop.merchant, { roleId: fromTrade.id }));
    expect((await apply({ tradeNo: tx.tradeNo, amount: '1', reason: 'x' }, { token: tradeToken })).body.code).toBe(0);
    const exportRes = await call(t.app, RefundPath.export, { token: viewerToken, body: { from: today(), to: today(), format: 'csv' } });
    expect(exportRes.status).toBe(403);
  });
});

describe('refund flow and query', () => {
  it('audit -> process -> succeed moves the money and the rollup; fail releases the pending amount', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway, { amount: 8_000, settle_amount: 4_000 });
    const a = await apply({ tradeNo: tx.tradeNo, amount: '20.00', reason: 'customer' });
    const b = await apply({ tradeNo: tx.tradeNo, amount: '10.00', reason: 'customer' });
    const now = t.clock.now();
    const rollupBefore = await t.db
      .selectFrom('trade_rollups')
      .select(['refund_count', 'refund_amount'])
      .where('gateway_id', '=', shop.gateway.id)
      .where('day', '=', businessDay(now))
      .executeTakeFirst();
    await expect(succeedRefund(t.db, a.body.data.refundNo, now)).rejects.toThrow();
    await auditRefund(t.db, a.body.data.refundNo, now);
    await processRefund(t.db, a.body.data.refundNo, now);
    await succeedRefund(t.db, a.body.data.refundNo, now);
    await failRefund(t.db, b.body.data.refundNo, 'card closed', now);
    const row = await tradeRow(tx.id);
    expect([row.refunded_amount, row.refund_pending_amount, row.refund_status, row.abnormal_status]).toEqual([
      2_000,
      0,
      1,
      AbnormalStatus.refund,
    ]);
    const rollup = await t.db
      .selectFrom('trade_rollups')
      .select(['refund_count', 'refund_amount'])
      .where('gateway_id', '=', shop.gateway.id)
      .where('day', '=', businessDay(now))
      .executeTakeFirstOrThrow();
    expect(rollup.refund_count - (rollupBefore?.refund_count ?? 0)).toBe(1);
    // 20.00 of 80.00 settled as 40.00: 10.00 in the settlement currency.
    expect(rollup.refund_amount - (rollupBefore?.refund_amount ?? 0)).toBe(1_000);

    const list = await call<TListPage<TRefund>>(t.app, RefundPath.list, {
      token: shop.token,
      query: { from: today(), to: today(), tradeNo: tx.tradeNo },
    });
    expect(list.body.data.total).toBe(2);
    const statuses = list.body.data.list.map((r) => r.status).sort();
    expect(statuses).toEqual([RefundProcessing.refunded, RefundProcessing.failed]);
    const onlyFailed = await call<TListPage<TRefund>>(t.app, RefundPath.list, {
      token: shop.token,
      query: { from: today(), to: today(), tradeNo: tx.tradeNo, status: '5' },
    });
    expect(onlyFailed.body.data.list.map((r) => r.failReason)).toEqual(['card closed']);
  });

  it('pages by keyset: the cursor of a page leads to the next without overlap', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway, { amount: 100_000 });
    for (let i = 0; i < 5; i++) await apply({ tradeNo: tx.tradeNo, amount: '1', reason: `p${i}` });
    const q = { from: today(), to: today(), tradeNo: tx.tradeNo, limit: '2' };
    const p1 = await call<TListPage<TRefund>>(t.app, RefundPath.list, { token: shop.token, query: q });
    const p2 = await call<TListPage<TRefund>>(t.app, RefundPath.list, {
      token: shop.token,
      query: { ...q, page: '2', after: p1.body.data.nextCursor! },
    });
    const p2offset = await call<TListPage<TRefund>>(t.app, RefundPath.list, { token: shop.token, query: { ...q, page: '2' } });
    expect(p2.body.data.list.map((r) => r.refundNo)).toEqual(p2offset.body.data.list.map((r) => r.refundNo));
    expect(p1.body.data.list.map((r) => r.refundNo)).not.toContain(p2.body.data.list[0]!.refundNo);
  });

  it("by the transaction's time: a refund applied today of a payment 40 days old is listed on the payment's day only, paged and counted", async () => {
    const day = 86_400_000;
    const old = await createTransaction(t.db, shop.merchant, shop.gateway, { amount: 10_000, created_at: t.clock.now() - 40 * day });
    const recent = await createTransaction(t.db, shop.merchant, shop.gateway, { amount: 10_000 });
    for (const tx of [old, old, recent])
      expect((await apply({ tradeNo: tx.tradeNo, amount: '1', reason: 'by trade time' })).body.code).toBe(0);
    const paymentDay = businessDay(t.clock.now() - 40 * day);
    const byTrade = (from: string, to: string, more: Record<string, string> = {}) =>
      call<TListPage<TRefund>>(t.app, RefundPath.list, { token: shop.token, query: { from, to, timeType: 'trans', ...more } });
    // The range ends the day before today: the recent payment's refund is just outside it.
    const oldDays = await byTrade(paymentDay, businessDay(t.clock.now() - day));
    expect(oldDays.body.data.list.map((r) => r.tradeNo)).toEqual([old.tradeNo, old.tradeNo]);
    expect(oldDays.body.data).toMatchObject({ total: 2, capped: false });
    const page2 = await byTrade(paymentDay, paymentDay, {
      limit: '1',
      page: '2',
      after: (await byTrade(paymentDay, paymentDay, { limit: '1' })).body.data.nextCursor!,
    });
    expect(page2.body.data.list.map((r) => r.tradeNo)).toEqual([old.tradeNo]);
    const todays = await byTrade(today(), today(), { tradeNo: recent.tradeNo });
    expect(todays.body.data).toMatchObject({ total: 1 });
    expect((await byTrade(today(), today(), { tradeNo: old.tradeNo })).body.data).toMatchObject({ total: 0, list: [] });
  });

  it("a gateway number of another merchant or outside the admin's gateways gives an empty page; its own gives its refunds", async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway, { amount: 5_000 });
    await apply({ tradeNo: tx.tradeNo, amount: '1', reason: 'gw' });
    const q = { from: today(), to: today(), tradeNo: tx.tradeNo };
    const own = await call<TListPage<TRefund>>(t.app, RefundPath.list, {
      token: shop.token,
      query: { ...q, gatewayNo: shop.gateway.gatewayNo },
    });
    expect(own.body.data.list.map((r) => r.gatewayNo)).toEqual([shop.gateway.gatewayNo]);
    const foreign = await createGateway(t.db, await createMerchant(t.db));
    const theirs = await call<TListPage<TRefund>>(t.app, RefundPath.list, {
      token: shop.token,
      query: { ...q, gatewayNo: foreign.gatewayNo },
    });
    expect(theirs.body.data).toMatchObject({ list: [], total: 0, capped: false, nextCursor: null });
    const other = await createGateway(t.db, shop.merchant);
    const role = await createRole(t.db, shop.merchant, { permissions: ['/refundment/forwardRefundmentList'] });
    const limited = await signIn(t.app, await createAdmin(t.db, shop.merchant, { roleId: role.id, gateways: [other] }));
    const hidden = await call<TListPage<TRefund>>(t.app, RefundPath.list, {
      token: limited,
      query: { ...q, gatewayNo: shop.gateway.gatewayNo },
    });
    expect(hidden.body.data.total).toBe(0);
  });

  it('refuses malformed filters with a clear error, never a 5xx', async () => {
    const bad: Record<string, string>[] = [
      { from: '2026-01-01', to: '2026-08-01' },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: today(), to: today(), status: '9' },
      { from: today(), to: today(), page: '999999999' },
    ];
    for (const query of bad) {
      const r = await call(t.app, RefundPath.list, { token: shop.token, query, lang: 'en_US' });
      expect(r.status).toBe(200);
      expect(r.body.code).not.toBe(0);
    }
    const tooLong = await call(t.app, RefundPath.list, { token: shop.token, query: bad[0]!, lang: 'en_US' });
    expect(tooLong.body.msg).toContain('6 months');
  });

  it('exports the same rows as the list, as CSV with translated headers', async () => {
    const q = { from: today(), to: today() };
    const list = await call<TListPage<TRefund>>(t.app, RefundPath.list, { token: shop.token, query: { ...q, limit: '50' } });
    expect(list.body.data.nextCursor).toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: `/v3api${RefundPath.export}`,
      headers: { 'x-auth-token': shop.token, lang: 'en_US' },
      payload: { ...q, format: 'csv' },
    });
    expect(res.headers['content-disposition']).toContain(`refunds_${today()}_${today()}.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Refund number');
    expect(lines.length - 1).toBe(list.body.data.total);
    // Each line is its row of the list, amounts in the currency's decimals (the columns before the free-text reason).
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 9))).toEqual(
      list.body.data.list.map((r) => [
        r.refundNo,
        r.tradeNo,
        r.gatewayNo,
        ...[`refundType.${r.refundType}`, `refundMethod.${r.method}`, `refundSource.${r.source}`].map((k) =>
          translate('en', k as MessageKey),
        ),
        r.currency,
        toMajorString(r.availableAmount, r.currency),
        toMajorString(r.amount, r.currency),
      ]),
    );
  });
});
