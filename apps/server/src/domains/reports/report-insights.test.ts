import { beforeAll, describe, expect, it } from 'vitest';
import { InsightsPath, type TInsightFigures, type TReportInsights } from '@mbo/shared/report-insights';
import { ReportPath, type TDailyReport, type TMonthReport } from '@mbo/shared/reports';
import { DisputeKind, PayStatus } from '@mbo/shared/trade-enums';
import { createAdmin, createGateway, createMerchant, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { addDispute, addRefund, prng } from '../../../test/report-factories';
import { createTransaction } from '../../../test/trade-factories';

/*
 * The insights above the daily and monthly reports, compared with sums computed here over the test's
 * own records: a business day is cut at midnight UTC+08:00, written out below without the server's
 * helpers. Another merchant trades on the same days and a restricted administrator's other gateway
 * trades too; neither may ever be counted.
 */

const t = testAppForFile();
const NOW = Date.parse('2026-05-20T04:00:00Z');
beforeAll(() => t.clock.set(NOW));

const H = 3_600_000;
/** The business day (UTC+08:00) of an instant. */
const dayOf = (at: number) => new Date(at + 8 * H).toISOString().slice(0, 10);

type Event =
  | { kind: 'tx'; gateway: GatewayRow; at: number; pay: number; amount: number; scheme: string; country: string }
  | { kind: 'refund' | 'chargeback'; gateway: GatewayRow; at: number; amount: number; scheme: string; country: string };

type World = { m: MerchantRow; usd: GatewayRow; usd2: GatewayRow; eur: GatewayRow; events: Event[] };

/** Records of `m` on every gateway at `instants`, with refunds and chargebacks arriving hours later. */
async function trade(m: MerchantRow, gateways: GatewayRow[], instants: number[], seed: number): Promise<Event[]> {
  const rnd = prng(seed);
  const events: Event[] = [];
  const pays = [PayStatus.success, PayStatus.success, PayStatus.failed, PayStatus.threeDRefused];
  for (const at of instants) {
    const gateway = gateways[Math.floor(rnd() * gateways.length)]!;
    const pay = pays[Math.floor(rnd() * pays.length)]!;
    const amount = 100 + Math.floor(rnd() * 90_000);
    const scheme = rnd() < 0.6 ? 'VISA' : 'MASTERCARD';
    const country = ['US', 'DE', 'HK'][Math.floor(rnd() * 3)]!;
    const tx = await createTransaction(t.db, m, gateway, {
      created_at: at,
      pay_status: pay,
      amount,
      card_scheme: scheme,
      issuer_country: country,
    });
    events.push({ kind: 'tx', gateway, at, pay, amount, scheme, country });
    // The test's refund and dispute writers roll up under VISA, so only Visa payments get them.
    if (pay !== PayStatus.success || scheme !== 'VISA') continue;
    const r = rnd();
    if (r < 0.35) {
      const when = at + Math.floor(rnd() * 30 * H);
      await addRefund(t.db, m, gateway, tx.id, Math.floor(amount / 3), when);
      events.push({ kind: 'refund', gateway, at: when, amount: Math.floor(amount / 3), scheme, country });
    } else if (r < 0.6) {
      const when = at + Math.floor(rnd() * 30 * H);
      await addDispute(t.db, m, gateway, tx.id, DisputeKind.chargeback, amount, when);
      events.push({ kind: 'chargeback', gateway, at: when, amount, scheme, country });
    }
  }
  return events;
}

/** Instants every few hours from `start` to `end`, and both sides of every midnight UTC+08:00 between. */
function instantsBetween(start: number, end: number, seed: number): number[] {
  const rnd = prng(seed);
  const out: number[] = [];
  for (let at = start; at < end; at += 2 * H + Math.floor(rnd() * 5 * H)) out.push(at);
  for (let cut = Date.parse(`${dayOf(start)}T16:00:00Z`); cut < end; cut += 24 * H) out.push(cut - 1, cut);
  return out.filter((at) => at >= start && at < end);
}

const empty = (): TInsightFigures => ({
  txCount: 0,
  successCount: 0,
  successRateBp: null,
  successAmount: 0,
  refundCount: 0,
  refundAmount: 0,
  chargebackCount: 0,
  chargebackAmount: 0,
});

/** The figures of the events on business days from..to, grouped by `keyOf` and settlement currency. */
function expected(events: Event[], from: string, to: string, keyOf: (e: Event) => string): Map<string, TInsightFigures> {
  const out = new Map<string, TInsightFigures>();
  for (const e of events) {
    const day = dayOf(e.at);
    if (day < from || day > to) continue;
    const k = `${keyOf(e)}|${e.gateway.currency}`;
    const f = out.get(k) ?? empty();
    if (e.kind === 'tx') {
      f.txCount += 1;
      if (e.pay === PayStatus.success) {
        f.successCount += 1;
        f.successAmount += e.amount;
      }
    } else if (e.kind === 'refund') {
      f.refundCount += 1;
      f.refundAmount += e.amount;
    } else {
      f.chargebackCount += 1;
      f.chargebackAmount += e.amount;
    }
    f.successRateBp = f.txCount === 0 ? null : Math.round((f.successCount * 10_000) / f.txCount);
    out.set(k, f);
  }
  return out;
}

function asMap(rows: { key: string; currency: string }[]): Map<string, unknown> {
  return new Map(rows.map(({ key, currency, ...f }) => [`${key}|${currency}`, f]));
}

let world: World;
let other: Event[];

beforeAll(async () => {
  const m = await createMerchant(t.db);
  const usd = await createGateway(t.db, m, { currency: 'USD' });
  const usd2 = await createGateway(t.db, m, { currency: 'USD' });
  const eur = await createGateway(t.db, m, { currency: 'EUR' });
  // 2026-03-27 .. 2026-05-12 (business days), across the month cut of 2026-03-31 16:00 UTC.
  const instants = instantsBetween(Date.parse('2026-03-26T16:00:00Z'), Date.parse('2026-05-12T16:00:00Z'), 11);
  world = { m, usd, usd2, eur, events: await trade(m, [usd, usd2, eur], instants, 12) };
  const stranger = await createMerchant(t.db);
  other = await trade(stranger, [await createGateway(t.db, stranger, { currency: 'USD' })], instants.slice(0, 60), 13);
}, 120_000);

const insights = async (token: string, path: string, query: Record<string, string>) => {
  const res = await call<TReportInsights>(t.app, path, { token, query });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
};

describe('daily report insights', () => {
  it('equal sums over the records per currency, gateway, card scheme and country, against the period just before', async () => {
    const { m, usd, usd2, eur, events } = world;
    expect(other.length).toBeGreaterThan(0);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    const data = await insights(token, InsightsPath.daily, { from: '2026-05-09', to: '2026-05-11' });
    expect(data.period).toEqual({ from: '2026-05-09', to: '2026-05-11' });
    expect(data.previous).toEqual({ from: '2026-05-06', to: '2026-05-08' });

    const gatewayNo = new Map([usd, usd2, eur].map((g) => [g.id, g.gatewayNo]));
    const cur = (keyOf: (e: Event) => string) => expected(events, '2026-05-09', '2026-05-11', keyOf);
    expect(asMap(data.breakdown.currency)).toEqual(cur((e) => e.gateway.currency));
    expect(asMap(data.breakdown.gateway)).toEqual(cur((e) => gatewayNo.get(e.gateway.id)!));
    expect(asMap(data.breakdown.cardScheme)).toEqual(cur((e) => e.scheme));
    expect(asMap(data.breakdown.country)).toEqual(cur((e) => e.country));
    // The period has refunds, chargebacks and every country in both currencies, so the sums are not trivially empty.
    expect(data.comparison.every((c) => c.current.refundCount > 0 && c.current.chargebackCount > 0 && c.previous.txCount > 0)).toBe(true);
    expect(data.breakdown.country.length).toBe(6);
    expect(data.breakdown.gateway.map((r) => r.key).sort()).toEqual([eur, usd, usd2].map((g) => g.gatewayNo).sort());
    expect(asMap(data.series.map(({ at, ...f }) => ({ ...f, key: at })))).toEqual(cur((e) => dayOf(e.at)));

    const before = expected(events, '2026-05-06', '2026-05-08', (e) => e.gateway.currency);
    expect(data.comparison.map((c) => c.currency)).toEqual(['EUR', 'USD']);
    for (const c of data.comparison) {
      const now = cur((e) => e.gateway.currency).get(`${c.currency}|${c.currency}`)!;
      const then = before.get(`${c.currency}|${c.currency}`)!;
      expect(c.current).toEqual(now);
      expect(c.previous).toEqual(then);
      const pct = (a: number, b: number) => (b === 0 ? null : Math.round(((a - b) * 10_000) / b));
      expect(c.change).toEqual({
        txCount: pct(now.txCount, then.txCount),
        successAmount: pct(now.successAmount, then.successAmount),
        successRate: now.successRateBp! - then.successRateBp!,
        refundCount: pct(now.refundCount, then.refundCount),
        refundAmount: pct(now.refundAmount, then.refundAmount),
        chargebackCount: pct(now.chargebackCount, then.chargebackCount),
        chargebackAmount: pct(now.chargebackAmount, then.chargebackAmount),
      });
    }

    // The table of the same filters shows the same totals per currency.
    const table = await call<TDailyReport>(t.app, ReportPath.dailyList, { token, query: { from: '2026-05-09', to: '2026-05-11' } });
    for (const total of table.body.data.totals) {
      const c = data.comparison.find((x) => x.currency === total.currency)!;
      expect(c.current).toMatchObject({
        txCount: total.txCount,
        successAmount: total.successAmount,
        successRateBp: total.successRateBp,
        refundAmount: total.refundAmount,
        chargebackAmount: total.chargebackAmount,
      });
    }
  });

  it("follows the gateway filter and the administrator's gateways, and never counts another gateway", async () => {
    const { m, usd, usd2, events } = world;
    const onlyUsd = (e: Event) => e.gateway.id === usd.id;
    const restricted = await signIn(t.app, await createAdmin(t.db, m, { gateways: [usd] }));
    const mine = await insights(restricted, InsightsPath.daily, { from: '2026-05-01', to: '2026-05-11' });
    const want = expected(events.filter(onlyUsd), '2026-05-01', '2026-05-11', (e) => e.gateway.currency);
    expect(asMap(mine.breakdown.currency)).toEqual(want);
    expect(mine.breakdown.gateway.map((r) => r.key)).toEqual([usd.gatewayNo]);
    expect(asMap(mine.breakdown.country)).toEqual(expected(events.filter(onlyUsd), '2026-05-01', '2026-05-11', (e) => e.country));
    // Another gateway's number (or another merchant's) is an empty answer, as the table gives.
    const foreign = await insights(restricted, InsightsPath.daily, { from: '2026-05-01', to: '2026-05-11', gatewayNo: usd2.gatewayNo });
    expect(foreign.series).toEqual([]);
    expect(foreign.comparison).toEqual([]);
    expect(foreign.breakdown.country).toEqual([]);

    const all = await signIn(t.app, await createAdmin(t.db, m));
    const filtered = await insights(all, InsightsPath.daily, {
      from: '2026-05-01',
      to: '2026-05-11',
      gatewayNo: usd2.gatewayNo,
      currency: 'USD',
    });
    const onlyUsd2 = events.filter((e) => e.gateway.id === usd2.id);
    expect(asMap(filtered.breakdown.cardScheme)).toEqual(expected(onlyUsd2, '2026-05-01', '2026-05-11', (e) => e.scheme));
    expect(filtered.comparison.map((c) => c.currency)).toEqual(['USD']);
  });

  it('refuses a reversed or too long range with a translated message, never a 5xx', async () => {
    const token = await signIn(t.app, await createAdmin(t.db, world.m));
    for (const query of [
      { from: '2026-05-11', to: '2026-05-01' },
      { from: '2025-01-01', to: '2026-05-01' },
      { from: '2026-02-30', to: '2026-03-01' },
    ]) {
      const res = await call(t.app, InsightsPath.daily, { token, query, lang: 'en_US' });
      expect(res.status).toBeLessThan(500);
      expect(res.body.code).not.toBe(0);
      expect(res.body.msg).not.toMatch(/dateRange\./);
    }
  });
});

describe('monthly report insights', () => {
  it('compare whole months with as many months before, cut at midnight UTC+08:00, equal to the monthly table', async () => {
    const { m, events } = world;
    const token = await signIn(t.app, await createAdmin(t.db, m));
    const data = await insights(token, InsightsPath.monthly, { from: '2026-04', to: '2026-05' });
    expect(data.unit).toBe('month');
    expect(data.period).toEqual({ from: '2026-04-01', to: '2026-05-31' });
    expect(data.previous).toEqual({ from: '2026-02-01', to: '2026-03-31' });
    // The records of 2026-03-31 16:00 UTC and after are April's; the one a millisecond before is March's.
    expect(dayOf(Date.parse('2026-03-31T16:00:00Z'))).toBe('2026-04-01');
    expect(asMap(data.series.map(({ at, ...f }) => ({ ...f, key: at })))).toEqual(
      expected(events, '2026-04-01', '2026-05-31', (e) => dayOf(e.at).slice(0, 7)),
    );
    const before = expected(events, '2026-02-01', '2026-03-31', (e) => e.gateway.currency);
    for (const c of data.comparison) expect(c.previous).toEqual(before.get(`${c.currency}|${c.currency}`));
    expect(asMap(data.breakdown.country)).toEqual(expected(events, '2026-04-01', '2026-05-31', (e) => e.country));

    const table = await call<TMonthReport>(t.app, ReportPath.monthList, { token, query: { from: '2026-04', to: '2026-05' } });
    for (const c of data.comparison) {
      const rows = table.body.data.list.filter((r) => r.currency === c.currency);
      expect(c.current.successAmount).toBe(rows.reduce((s, r) => s + r.successAmount, 0));
      expect(c.current.successCount).toBe(rows.reduce((s, r) => s + r.successCount, 0));
      expect(c.current.refundAmount).toBe(rows.reduce((s, r) => s + r.refundAmount, 0));
      expect(c.current.chargebackAmount).toBe(rows.reduce((s, r) => s + r.chargebackAmount, 0));
    }
  });

  it('refuses a future month like the monthly table does', async () => {
    const token = await signIn(t.app, await createAdmin(t.db, world.m));
    const res = await call(t.app, InsightsPath.monthly, { token, query: { from: '2026-05', to: '2026-06' } });
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).not.toBe(0);
  });
});
