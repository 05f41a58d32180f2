import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { ReportPath, type TDailyReport, type TMonthReport, type TChargebackRefundStats } from '@mbo/shared/reports';
import { DisputeKind, PayStatus } from '@mbo/shared/trade-enums';
import { createAdmin, createGateway, createMerchant, createRole } from '../../../test/factories';
import { opsOf } from '../../../test/ops-harness';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { addDispute, addRefund, prng, tradingMerchant } from '../../../test/report-factories';
import { createTransaction } from '../../../test/trade-factories';

/*
 * Reports read only the rollups. These tests write gateway records (and refunds and disputes) the
 * way the other areas do, with their rollups in the same transaction, and compare the reports with
 * sums computed here from the generated records. Card-scheme monitoring is in monitoring.test.ts.
 */

const t = testAppForFile();
const ops = opsOf(t);
// 2026-05-20 12:00 in UTC+08:00: business day 2026-05-20.
const NOW = Date.parse('2026-05-20T04:00:00Z');

beforeAll(() => {
  t.clock.set(NOW);
});

describe('daily report', () => {
  it('equals the sums of the day computed from the records, per settlement currency, cut at midnight UTC+08:00', async () => {
    const { m, usd, eur, made, start, end } = await tradingMerchant(t.db, 7);
    const firstUsd = made.find((x) => x.gateway === usd && x.pay === PayStatus.success && x.at >= start && x.at < end);
    expect(firstUsd).toBeDefined();
    // A refund and a chargeback on the day, a retrieval the day after (not counted on the day).
    await addRefund(t.db, m, usd, firstUsd!.id, 1234, start + 3_600_000);
    await addDispute(t.db, m, usd, firstUsd!.id, DisputeKind.chargeback, 2000, start + 7_200_000);
    await addDispute(t.db, m, usd, firstUsd!.id, DisputeKind.rdrAlert, 500, start + 7_300_000);
    await addDispute(t.db, m, usd, firstUsd!.id, DisputeKind.retrieval, 999, end + 1);
    const token = await signIn(t.app, await createAdmin(t.db, m));

    const res = await call<TDailyReport>(t.app, ReportPath.dailyList, { token, query: { from: '2026-05-10', to: '2026-05-10' } });
    expect(res.body.code).toBe(0);
    for (const g of [usd, eur]) {
      const day = made.filter((x) => x.gateway === g && x.at >= start && x.at < end);
      const tx = day.length;
      const success = day.filter((x) => x.pay === PayStatus.success);
      const failed = day.filter((x) => x.pay === PayStatus.failed || x.pay === PayStatus.threeDRefused).length;
      const dup = day.filter((x) => x.dup === 1).length;
      const row = res.body.data.list.find((r) => r.currency === g.currency);
      expect(row).toMatchObject({
        day: '2026-05-10',
        merchantNo: m.merchantNo,
        txCount: tx,
        successCount: success.length,
        failedCount: failed,
        duplicateFailedCount: dup,
        successAmount: success.reduce((s, x) => s + x.amount, 0),
        successRateBp: Math.round((success.length * 10_000) / tx),
        actualSuccessRateBp: Math.round((success.length * 10_000) / (tx - dup)),
        refundCount: g === usd ? 1 : 0,
        refundAmount: g === usd ? 1234 : 0,
        chargebackCount: g === usd ? 1 : 0,
        chargebackAmount: g === usd ? 2000 : 0,
        retrievalCount: 0,
        rdrCount: g === usd ? 1 : 0,
      });
    }

    // Over three days: one row per day and currency, newest first, and totals per currency.
    const range = await call<TDailyReport>(t.app, ReportPath.dailyList, { token, query: { from: '2026-05-09', to: '2026-05-11' } });
    const days = [...new Set(range.body.data.list.map((r) => r.day))];
    expect(days).toEqual([...days].sort().reverse());
    const usdTotal = range.body.data.totals.find((r) => r.currency === 'USD');
    const usdAll = made.filter((x) => x.gateway === usd);
    expect(usdTotal).toMatchObject({ txCount: usdAll.length, retrievalCount: 1, retrievalAmount: 999 });
    expect(range.body.data.total).toBe(range.body.data.list.length);

    // Filters: currency and gateway number.
    const eurOnly = await call<TDailyReport>(t.app, ReportPath.dailyList, {
      token,
      query: { from: '2026-05-09', to: '2026-05-11', gatewayNo: eur.gatewayNo },
    });
    expect(new Set(eurOnly.body.data.list.map((r) => r.currency))).toEqual(new Set(['EUR']));
    const byCurrency = await call<TDailyReport>(t.app, ReportPath.dailyList, {
      token,
      query: { from: '2026-05-09', to: '2026-05-11', currency: 'USD' },
    });
    expect(byCurrency.body.data.totals.map((r) => r.currency)).toEqual(['USD']);

    // rollups:verify finds no difference; a tampered rollup is reported; rebuild repairs it.
    expect((await ops('rollups:verify', '--merchant', m.merchantNo)).code).toBe(0);
    await t.db
      .updateTable('trade_rollups')
      .set({ tx_count: 999 })
      .where('merchant_id', '=', m.id)
      .where('day', '=', '2026-05-10')
      .execute();
    const bad = await ops('rollups:verify', '--merchant', m.merchantNo);
    expect(bad.code).not.toBe(0);
    expect(bad.out).toMatch(/tx_count stored 999/);
    const rebuilt = await ops('rollups:rebuild', '--merchant', m.merchantNo);
    expect(rebuilt.code).toBe(0);
    const good = await ops('rollups:verify', '--merchant', m.merchantNo);
    expect(good.code).toBe(0);
    expect(good.out).toMatch(/rollups match/);
    const again = await call<TDailyReport>(t.app, ReportPath.dailyList, { token, query: { from: '2026-05-10', to: '2026-05-10' } });
    expect(again.body.data.list).toEqual(res.body.data.list);
  });

  it('shows an administrator limited to one gateway only that gateway, and another merchant nothing', async () => {
    const { m, usd, made } = await tradingMerchant(t.db, 11);
    const limited = await signIn(t.app, await createAdmin(t.db, m, { gateways: [usd] }));
    const res = await call<TDailyReport>(t.app, ReportPath.dailyList, { token: limited, query: { from: '2026-05-09', to: '2026-05-11' } });
    expect(res.body.data.totals.map((r) => r.currency)).toEqual(['USD']);
    expect(res.body.data.totals[0]?.txCount).toBe(made.filter((x) => x.gateway === usd).length);

    const other = await createMerchant(t.db);
    const stranger = await signIn(t.app, await createAdmin(t.db, other));
    const none = await call<TDailyReport>(t.app, ReportPath.dailyList, {
      token: stranger,
      query: { from: '2026-05-09', to: '2026-05-11', gatewayNo: usd.gatewayNo },
    });
    expect(none.body.data).toMatchObject({ list: [], totals: [], total: 0 });
  });

  it('pages through exactly the rows and totals of the whole range (what the download writes), in every scope', async () => {
    const m = await createMerchant(t.db);
    // Two gateways settle in USD: their rows of a day are summed into one row.
    const usdA = await createGateway(t.db, m, { currency: 'USD' });
    const usdB = await createGateway(t.db, m, { currency: 'USD' });
    const eur = await createGateway(t.db, m, { currency: 'EUR' });
    const rnd = prng(29);
    const pays = [PayStatus.success, PayStatus.success, PayStatus.failed, PayStatus.threeDRefused];
    const first = Date.parse('2026-04-01T04:00:00Z');
    for (let i = 0; i < 90; i++) {
      const g = [usdA, usdB, eur][Math.floor(rnd() * 3)] ?? eur;
      const at = first + Math.floor(rnd() * 40) * 86_400_000 + Math.floor(rnd() * 86_400_000);
      const pay = pays[Math.floor(rnd() * pays.length)] ?? PayStatus.success;
      await createTransaction(t.db, m, g, { created_at: at, pay_status: pay, amount: 100 + Math.floor(rnd() * 100_000) });
    }
    const admin = await signIn(t.app, await createAdmin(t.db, m));
    const limited = await signIn(t.app, await createAdmin(t.db, m, { gateways: [usdB, eur] }));
    const range = { from: '2026-04-03', to: '2026-05-08' };
    const cases: [string, Record<string, string>][] = [
      [admin, range],
      [admin, { ...range, currency: 'USD' }],
      [admin, { ...range, gatewayNo: usdA.gatewayNo }],
      [limited, range],
    ];
    for (const [token, query] of cases) {
      const pages: TDailyReport[] = [];
      for (let page = 1; page === 1 || pages.at(-1)!.list.length > 0; page++) {
        const res = await call<TDailyReport>(t.app, ReportPath.dailyList, { token, query: { ...query, page: String(page), limit: '7' } });
        expect(res.body.code).toBe(0);
        pages.push(res.body.data);
      }
      const csv = await t.app.inject({
        method: 'POST',
        url: `/v3api${ReportPath.dailyDownload}`,
        headers: { 'x-auth-token': token, lang: 'en_US' },
        payload: { ...query, format: 'csv' },
      });
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1);
      const rows = pages.flatMap((p) => p.list);
      const totals = pages[0]!.totals;
      expect(rows.length).toBeGreaterThan(7);
      for (const p of pages) expect(p).toMatchObject({ total: rows.length, totals, capped: false, limit: 7 });
      // The download: the same rows in the same order, then one total row per currency in the same order.
      expect(lines.length).toBe(rows.length + totals.length);
      rows.forEach((r, i) => expect(lines[i]!.startsWith(`${r.day},${m.merchantNo},${r.currency},${r.txCount},`), `${i}`).toBe(true));
      totals.forEach((r, i) => expect(lines[rows.length + i]!.startsWith(`Total,,${r.currency},${r.txCount},`)).toBe(true));
      const keys = rows.map((r) => `${r.day} ${r.currency}`);
      expect(keys).toEqual([...keys].sort((a, b) => (a.slice(0, 10) === b.slice(0, 10) ? a.localeCompare(b) : b.localeCompare(a))));
      expect(new Set(keys).size).toBe(keys.length);
      for (const total of totals) {
        const mine = rows.filter((r) => r.currency === total.currency);
        for (const k of ['txCount', 'successCount', 'failedCount', 'successAmount'] as const)
          expect(total[k]).toBe(mine.reduce((n, r) => n + r[k], 0));
      }
    }
  });

  it('downloads CSV and XLSX named with the range; a member without the download permission gets 403', async () => {
    const { m } = await tradingMerchant(t.db, 13);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    const csv = await t.app.inject({
      method: 'POST',
      url: `/v3api${ReportPath.dailyDownload}`,
      headers: { 'x-auth-token': token, lang: 'en_US' },
      payload: { from: '2026-05-01', to: '2026-05-31', format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('trade-daily_2026-05-01_2026-05-31.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Date,Merchant number,Settlement currency,Total count/);
    expect(lines.filter((l) => l.startsWith('Total,')).length).toBe(2);

    const xlsx = await t.app.inject({
      method: 'POST',
      url: `/v3api${ReportPath.dailyDownload}`,
      headers: { 'x-auth-token': token },
      payload: { from: '2026-05-01', to: '2026-05-31' },
    });
    expect(xlsx.headers['content-disposition']).toContain('trade-daily_2026-05-01_2026-05-31.xlsx');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const viewer = await createRole(t.db, m, { permissions: ['/tradeDailyReport/showTradeDaily'] });
    const member = await signIn(t.app, await createAdmin(t.db, m, { roleId: viewer.id }));
    const denied = await call(t.app, ReportPath.dailyDownload, { token: member, body: { from: '2026-05-01', to: '2026-05-31' } });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(ErrorCode.forbidden);
    // The same member may read the report.
    const allowed = await call(t.app, ReportPath.dailyList, { token: member, query: { from: '2026-05-01', to: '2026-05-31' } });
    expect(allowed.body.code).toBe(0);
  });

  it('refuses a 7-month range, a bad date and a reversed range with translated messages', async () => {
    const m = await createMerchant(t.db);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    const long = await call(t.app, ReportPath.dailyList, { token, lang: 'en_US', query: { from: '2026-01-01', to: '2026-07-01' } });
    expect(long.status).toBe(200);
    expect(long.body).toMatchObject({ code: ErrorCode.validation, msg: 'End date: The date range must not exceed 6 months' });
    const bad = await call(t.app, ReportPath.dailyList, { token, lang: 'zh_HK', query: { from: '2026-02-30', to: '2026-03-01' } });
    expect(bad.body.code).toBe(ErrorCode.validation);
    expect(bad.body.msg).toContain('開始日期');
    const reversed = await call(t.app, ReportPath.dailyDownload, { token, lang: 'en_US', body: { from: '2026-03-02', to: '2026-03-01' } });
    expect(reversed.body.msg).toContain('must not be before');
    const month = await call(t.app, ReportPath.monthList, { token, lang: 'en_US', query: { from: '2025-01', to: '2025-03' } });
    expect(month.body).toMatchObject({ code: ErrorCode.business, msg: 'Only the last 12 months can be queried' });
    const tooLong = await call(t.app, ReportPath.monthList, { token, lang: 'en_US', query: { from: '2025-11', to: '2026-05' } });
    expect(tooLong.body.code).toBe(ErrorCode.validation);
  });
});

describe('monthly report and statistics', () => {
  it('sums months per currency with first and last trading day; nothing settled yet is withdrawable', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m, { currency: 'USD' });
    const a = await createTransaction(t.db, m, g, {
      created_at: Date.parse('2026-04-03T02:00:00Z'),
      amount: 50_000,
      reserve_amount: 5_000,
    });
    await createTransaction(t.db, m, g, { created_at: Date.parse('2026-04-27T02:00:00Z'), amount: 30_000 });
    await createTransaction(t.db, m, g, { created_at: Date.parse('2026-04-28T02:00:00Z'), amount: 7_000, pay_status: PayStatus.failed });
    // 30 April 17:00 UTC is 1 May in UTC+08:00.
    await createTransaction(t.db, m, g, { created_at: Date.parse('2026-04-30T17:00:00Z'), amount: 1_000, card_scheme: 'MASTERCARD' });
    await addRefund(t.db, m, g, a.id, 4_000, Date.parse('2026-04-10T02:00:00Z'));
    await addDispute(t.db, m, g, a.id, DisputeKind.chargeback, 6_000, Date.parse('2026-04-11T02:00:00Z'));
    const token = await signIn(t.app, await createAdmin(t.db, m));

    const res = await call<TMonthReport>(t.app, ReportPath.monthList, { token, query: { from: '2026-04', to: '2026-05' } });
    expect(res.body.data.list).toEqual([
      expect.objectContaining({ month: '2026-05', currency: 'USD', firstDay: '2026-05-01', lastDay: '2026-05-01', successAmount: 1_000 }),
      {
        month: '2026-04',
        currency: 'USD',
        firstDay: '2026-04-03',
        lastDay: '2026-04-28',
        successAmount: 80_000,
        successCount: 2,
        reserveAmount: 5_000,
        reserveCount: 1,
        refundAmount: 4_000,
        chargebackAmount: 6_000,
        // The withdrawable amount comes from the fund account's ledger (domains/funds): nothing was settled.
        withdrawableAmount: 0,
      },
    ]);

    const stats = await call<TChargebackRefundStats>(t.app, ReportPath.chargebackRefundList, {
      token,
      query: { from: '2026-04', to: '2026-05' },
    });
    expect(stats.body.data.list).toContainEqual({
      month: '2026-04',
      cardScheme: 'VISA',
      txCount: 3,
      successCount: 2,
      chargebackCount: 1,
      refundCount: 1,
      chargebackRateBp: 5000,
      refundRateBp: 5000,
    });
    const mcOnly = await call<TChargebackRefundStats>(t.app, ReportPath.chargebackRefundList, {
      token,
      query: { from: '2026-04', to: '2026-05', cardScheme: 'MASTERCARD' },
    });
    expect(mcOnly.body.data.list.map((r) => `${r.month} ${r.cardScheme}`)).toEqual(['2026-05 MASTERCARD']);

    const csv = await t.app.inject({
      method: 'POST',
      url: `/v3api${ReportPath.monthDownload}`,
      headers: { 'x-auth-token': token, lang: 'en_US' },
      payload: { from: '2026-04', to: '2026-05', format: 'csv' },
    });
    expect(csv.headers['content-disposition']).toContain('trade-monthly_2026-04_2026-05.csv');
    expect(csv.body).toContain('2026-04,USD,2026-04-03,2026-04-28,800.00,2,50.00,1,0.00');
  });
});
