import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { ReportPath, type TDailyReport, type TMonitoring, type TMonthReport, type TChargebackRefundStats } from '@mbo/shared/reports';
import { DisputeKind, PayStatus, ProcessingType, RefundMethod, RefundProcessing, RefundSource, RefundType } from '@mbo/shared/trade-enums';
import { createAdmin, createGateway, createMerchant, createRole, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { opsHarness } from '../../../test/ops-harness';
import { call, createTestApp, signIn, type TestContext } from '../../../test/helpers';
import { createTransaction } from '../../../test/trade-factories';
import { addToRollup, disputeDelta } from '../../platform/rollups';

/*
 * Reports read only the rollups. These tests write gateway records (and refunds and disputes) the
 * way the other areas do, with their rollups in the same transaction, and compare the reports with
 * sums computed here from the generated records.
 */

let t: TestContext;
let harness: ReturnType<typeof opsHarness>;
// 2026-05-20 12:00 in UTC+08:00: business day 2026-05-20.
const NOW = Date.parse('2026-05-20T04:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  harness = opsHarness(t);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Deterministic PRNG (mulberry32) so a failure can be replayed. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const ops = (...argv: string[]) => harness.ops(...argv);

let caseSeq = 0;
/** A dispute row and its rollup, as the disputes area writes them. */
async function addDispute(m: MerchantRow, g: GatewayRow, txId: number, kind: number, settleAmount: number, at: number, scheme = 'VISA') {
  caseSeq += 1;
  await t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('disputes')
      .values({
        merchant_id: m.id,
        gateway_id: g.id,
        transaction_id: txId,
        case_no: `CASE-R-${m.id}-${caseSeq}`,
        kind,
        processing_type: kind === DisputeKind.retrieval ? ProcessingType.retrieval : ProcessingType.chargeback,
        currency: g.currency,
        amount: settleAmount,
        settle_amount: settleAmount,
        reply_deadline: at + 10 * 86_400_000,
        appealed_at: null,
        decided_at: null,
        refund_id: null,
        reminded_5d_at: null,
        reminded_24h_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await addToRollup(
      trx,
      { merchantId: m.id, gatewayId: g.id, cardScheme: scheme, currency: g.currency, at },
      disputeDelta(kind, settleAmount),
    );
  });
}

let refundSeq = 0;
/** A refund that succeeded at `at`, and its rollup. */
async function addRefund(m: MerchantRow, g: GatewayRow, txId: number, settleAmount: number, at: number) {
  refundSeq += 1;
  await t.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('refunds')
      .values({
        merchant_id: m.id,
        gateway_id: g.id,
        transaction_id: txId,
        refund_no: `RF-R-${m.id}-${refundSeq}`,
        refund_type: RefundType.single,
        method: RefundMethod.partial,
        source: RefundSource.merchant,
        dispute_id: null,
        currency: g.currency,
        amount: settleAmount,
        settle_amount: settleAmount,
        available_amount: settleAmount,
        reason: 'test',
        applicant: 'tester',
        applicant_admin_id: null,
        status: RefundProcessing.refunded,
        applied_at: at - 1000,
        processed_at: at,
      })
      .execute();
    await addToRollup(
      trx,
      { merchantId: m.id, gatewayId: g.id, cardScheme: 'VISA', currency: g.currency, at },
      { refund_count: 1, refund_amount: settleAmount },
    );
  });
}

type Generated = { gateway: GatewayRow; at: number; pay: number; amount: number; dup: number };

/**
 * A merchant with a USD and a EUR gateway and random records around the business day 2026-05-10
 * (UTC 2026-05-09 16:00 to 2026-05-10 16:00), including the instants either side of both cuts.
 */
async function tradingMerchant(seed: number) {
  const rnd = prng(seed);
  const m = await createMerchant(t.db);
  const usd = await createGateway(t.db, m, { currency: 'USD' });
  const eur = await createGateway(t.db, m, { currency: 'EUR' });
  const start = Date.parse('2026-05-09T16:00:00Z');
  const end = Date.parse('2026-05-10T16:00:00Z');
  const instants = [start - 1, start, end - 1, end];
  for (let i = 0; i < 36; i++) instants.push(start - 6 * 3_600_000 + Math.floor(rnd() * 36 * 3_600_000));
  const pays = [PayStatus.success, PayStatus.success, PayStatus.failed, PayStatus.threeDRefused, PayStatus.toBeConfirmed];
  const made: (Generated & { id: number })[] = [];
  for (const at of instants) {
    const gateway = rnd() < 0.6 ? usd : eur;
    const pay = pays[Math.floor(rnd() * pays.length)] ?? PayStatus.success;
    const amount = 100 + Math.floor(rnd() * 100_000);
    const dup = pay === PayStatus.failed && rnd() < 0.5 ? 1 : 0;
    const tx = await createTransaction(t.db, m, gateway, { created_at: at, pay_status: pay, amount, duplicate_failure: dup });
    made.push({ gateway, at, pay, amount, dup, id: tx.id });
  }
  return { m, usd, eur, made, start, end };
}

describe('daily report', () => {
  it('equals the sums of the day computed from the records, per settlement currency, cut at midnight UTC+08:00', async () => {
    const { m, usd, eur, made, start, end } = await tradingMerchant(7);
    const firstUsd = made.find((x) => x.gateway === usd && x.pay === PayStatus.success && x.at >= start && x.at < end);
    expect(firstUsd).toBeDefined();
    // A refund and a chargeback on the day, a retrieval the day after (not counted on the day).
    await addRefund(m, usd, firstUsd!.id, 1234, start + 3_600_000);
    await addDispute(m, usd, firstUsd!.id, DisputeKind.chargeback, 2000, start + 7_200_000);
    await addDispute(m, usd, firstUsd!.id, DisputeKind.rdrAlert, 500, start + 7_300_000);
    await addDispute(m, usd, firstUsd!.id, DisputeKind.retrieval, 999, end + 1);
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
    const { m, usd, made } = await tradingMerchant(11);
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

  it('downloads CSV and XLSX named with the range; a member without the download permission gets 403', async () => {
    const { m } = await tradingMerchant(13);
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
  it('sums months per currency with first and last trading day and withdrawable before fees', async () => {
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
    await addRefund(m, g, a.id, 4_000, Date.parse('2026-04-10T02:00:00Z'));
    await addDispute(m, g, a.id, DisputeKind.chargeback, 6_000, Date.parse('2026-04-11T02:00:00Z'));
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
        withdrawableAmount: 80_000 - 4_000 - 6_000 - 5_000,
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
    expect(csv.body).toContain('2026-04,USD,2026-04-03,2026-04-28,800.00,2,50.00,1,650.00');
  });
});

describe('card-scheme monitoring', () => {
  const MAY_15 = Date.parse('2026-05-15T04:00:00Z');

  /** Rollup counts written straight into the month (monitoring reads nothing else). */
  async function counts(m: MerchantRow, g: GatewayRow, scheme: string, day: string, delta: Record<string, number>) {
    await addToRollup(
      t.db,
      { merchantId: m.id, gatewayId: g.id, cardScheme: scheme, currency: g.currency, at: Date.parse(`${day}T04:00:00Z`) },
      delta,
    );
  }

  async function status(token: string) {
    const res = await call<TMonitoring>(t.app, ReportPath.monitoring, { token });
    expect(res.body.code).toBe(0);
    const [vamp, ecp] = res.body.data.programs;
    return { data: res.body.data, vamp: vamp!, ecp: ecp! };
  }

  it('computes VAMP without RDR alerts and ECP against last month, to date and projected, with levels and count conditions', async () => {
    t.clock.set(MAY_15);
    try {
      const m = await createMerchant(t.db);
      const g = await createGateway(t.db, m, { currency: 'USD' });
      await counts(m, g, 'VISA', '2026-05-02', {
        success_count: 1000,
        tx_count: 1100,
        chargeback_count: 10,
        fraud_report_count: 6,
        rdr_count: 50,
      });
      await counts(m, g, 'MASTERCARD', '2026-04-20', { success_count: 10_000, tx_count: 10_000 });
      await counts(m, g, 'MASTERCARD', '2026-05-03', { chargeback_count: 120 });
      const token = await signIn(t.app, await createAdmin(t.db, m));

      const { data, vamp, ecp } = await status(token);
      expect(data).toMatchObject({ month: '2026-05', daysElapsed: 15, daysInMonth: 31 });
      expect(vamp.parts).toEqual({ fraudReports: 6, chargebacks: 10, rdrExcluded: 50 });
      expect(vamp.mtd).toEqual({ count: 16, base: 1000, ratioBp: 160, level: 'excessive' });
      // 16 x 31 / 15 = 33.07 -> 33; 1000 x 31 / 15 = 2066.7 -> 2067; 33 / 2067 = 1.60 %.
      expect(vamp.projected).toEqual({ count: 33, base: 2067, ratioBp: 160, level: 'excessive' });
      expect(vamp.thresholds).toEqual([{ level: 'excessive', ratioBp: 150, minCount: 0 }]);
      expect(ecp.mtd).toEqual({ count: 120, base: 10_000, ratioBp: 120, level: 'warning' });
      // 120 x 31 / 15 = 248 -> 2.48 %: excessive, not high excessive (3.0 % and 300 needed).
      expect(ecp.projected).toEqual({ count: 248, base: 10_000, ratioBp: 248, level: 'excessive' });

      // An operator lowers the merchant's VAMP bar, then raises it above the ratio.
      const set = await ops('monitoring:set', '--program', 'vamp', '--level', 'excessive', '--ratio', '2', '--merchant', m.merchantNo);
      expect(set.code).toBe(0);
      expect((await status(token)).vamp.mtd.level).toBeNull();
      // A default row (every merchant) does not override the merchant's own.
      expect((await ops('monitoring:set', '--program', 'vamp', '--level', 'excessive', '--ratio', '1.2')).code).toBe(0);
      expect((await status(token)).vamp.thresholds).toEqual([{ level: 'excessive', ratioBp: 200, minCount: 0 }]);
      const shown = await ops('monitoring:show', '--merchant', m.merchantNo);
      expect(shown.out).toMatch(/vamp\s+excessive\s+ratio\s+2\.00%/);
      expect(shown.out).toMatch(/ecp\s+to date\s+120 \/ 10000\s+=\s+1\.20%\s+level warning/);
      const wrong = await ops('monitoring:set', '--program', 'vamp', '--level', 'excessive', '--ratio', '1.234');
      expect(wrong.code).toBe(2);
      await t.db.deleteFrom('monitoring_thresholds').where('merchant_id', '=', 0).execute();
    } finally {
      t.clock.set(NOW);
    }
  });

  it('needs 100 chargebacks for ECP warning and 300 for high excessive, and shows a limited admin only its gateways', async () => {
    t.clock.set(MAY_15);
    try {
      const m = await createMerchant(t.db);
      const small = await createGateway(t.db, m, { currency: 'USD' });
      const big = await createGateway(t.db, m, { currency: 'EUR' });
      await counts(m, small, 'MASTERCARD', '2026-04-10', { success_count: 5_000 });
      await counts(m, small, 'MASTERCARD', '2026-05-10', { chargeback_count: 90 });
      await counts(m, big, 'MASTERCARD', '2026-04-10', { success_count: 5_000 });
      await counts(m, big, 'MASTERCARD', '2026-05-10', { chargeback_count: 220 });

      const limited = await signIn(t.app, await createAdmin(t.db, m, { gateways: [small] }));
      const few = (await status(limited)).ecp;
      // 90 / 5000 = 1.80 % but fewer than 100 chargebacks: no level; projected 186 -> 3.72 %, fewer than 300: excessive.
      expect(few.mtd).toEqual({ count: 90, base: 5_000, ratioBp: 180, level: null });
      expect(few.projected).toEqual({ count: 186, base: 5_000, ratioBp: 372, level: 'excessive' });

      const all = await signIn(t.app, await createAdmin(t.db, m));
      const many = (await status(all)).ecp;
      // 310 / 10000 = 3.10 % with 310 chargebacks: high excessive.
      expect(many.mtd).toEqual({ count: 310, base: 10_000, ratioBp: 310, level: 'highExcessive' });
    } finally {
      t.clock.set(NOW);
    }
  });
});
