import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardPath, type TDeadlines, type TProducts, type TTradeHistory, type TTradeToday } from '@mbo/shared/dashboard';
import { ErrorCode } from '@mbo/shared/envelope';
import type { TProgrammes } from '@mbo/shared/programmes';
import { AppealStatus, DisputeKind, PayStatus } from '@mbo/shared/trade-enums';
import { createAdmin, createGateway, createMerchant, createRole, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../../../test/helpers';
import { caseOfTrade, createTransaction } from '../../../test/trade-factories';

let t: TestContext;
// 2026-05-20 00:30 in UTC+08:00 (still 19 May in UTC): business day 2026-05-20.
const NOW = Date.parse('2026-05-19T16:30:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
async function openCase(m: MerchantRow, g: GatewayRow, txId: number, deadline: number, o: { kind?: number; appeal?: number } = {}) {
  seq += 1;
  const row = await t.db
    .insertInto('disputes')
    .values(
      caseOfTrade(m, g, txId, {
        case_no: `CASE-D-${m.id}-${seq}`,
        kind: o.kind ?? DisputeKind.chargeback,
        amount: 1500,
        reply_deadline: deadline,
        appeal_status: o.appeal ?? AppealStatus.none,
        created_at: NOW - 24 * HOUR,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('dashboard', () => {
  it("shows today's trades, the history and the products of the permitted gateways only", async () => {
    const m = await createMerchant(t.db);
    const usd = await createGateway(t.db, m, { currency: 'USD' });
    const eur = await createGateway(t.db, m, { currency: 'EUR' });
    // Today (business day 2026-05-20 starts at 2026-05-19 16:00 UTC).
    await createTransaction(t.db, m, usd, { created_at: NOW - 20 * 60_000, amount: 12_345 });
    await createTransaction(t.db, m, usd, {
      created_at: NOW - 10 * 60_000,
      amount: 100,
      pay_status: PayStatus.failed,
      duplicate_failure: 1,
    });
    await createTransaction(t.db, m, usd, { created_at: NOW - 5 * 60_000, amount: 100, pay_status: PayStatus.failed });
    await createTransaction(t.db, m, eur, { created_at: NOW - 15 * 60_000, amount: 777 });
    // Yesterday, one minute before the cut.
    await createTransaction(t.db, m, usd, { created_at: NOW - 31 * 60_000, amount: 50_000 });
    // Eight days ago: outside the week.
    await createTransaction(t.db, m, usd, { created_at: NOW - 8 * 24 * HOUR, amount: 99_999 });

    const token = await signIn(t.app, await createAdmin(t.db, m));
    const today = await call<TTradeToday>(t.app, DashboardPath.tradeToday, { token });
    expect(today.body.data).toEqual({
      day: '2026-05-20',
      list: [
        { currency: 'EUR', txCount: 1, successCount: 1, successAmount: 777, successRateBp: 10_000 },
        { currency: 'USD', txCount: 3, successCount: 1, successAmount: 12_345, successRateBp: 3333 },
      ],
    });

    const week = await call<TTradeHistory>(t.app, DashboardPath.tradeHistory, { token, query: { range: 'week', currency: 'USD' } });
    expect(week.body.data.points.map((p) => p.day)).toEqual([
      '2026-05-14',
      '2026-05-15',
      '2026-05-16',
      '2026-05-17',
      '2026-05-18',
      '2026-05-19',
      '2026-05-20',
    ]);
    expect(week.body.data.points.at(-1)).toEqual({
      day: '2026-05-20',
      successAmount: 12_345,
      txCount: 3,
      successCount: 1,
      successRateBp: 3333,
      actualSuccessRateBp: 5000,
    });
    expect(week.body.data.points.at(-2)).toMatchObject({ day: '2026-05-19', successAmount: 50_000, successRateBp: 10_000 });
    expect(week.body.data.points.reduce((s, p) => s + p.successAmount, 0)).toBe(62_345);
    const quarter = await call<TTradeHistory>(t.app, DashboardPath.tradeHistory, { token, query: { range: 'quarter', currency: 'USD' } });
    expect(quarter.body.data.points).toHaveLength(90);
    expect(quarter.body.data.points.reduce((s, p) => s + p.successAmount, 0)).toBe(162_344);

    const bad = await call(t.app, DashboardPath.tradeHistory, { token, lang: 'en_US', query: { range: 'year', currency: 'USD' } });
    expect(bad.body.code).toBe(ErrorCode.validation);

    // An administrator limited to the EUR gateway.
    const limited = await signIn(t.app, await createAdmin(t.db, m, { gateways: [eur] }));
    const theirs = await call<TTradeToday>(t.app, DashboardPath.tradeToday, { token: limited });
    expect(theirs.body.data.list.map((r) => r.currency)).toEqual(['EUR']);
    const usdHidden = await call<TTradeHistory>(t.app, DashboardPath.tradeHistory, {
      token: limited,
      query: { range: 'week', currency: 'USD' },
    });
    expect(usdHidden.body.data.points.every((p) => p.txCount === 0)).toBe(true);
    const products = await call<TProducts>(t.app, DashboardPath.products, { token: limited });
    expect(products.body.data.list).toEqual([
      { gatewayNo: eur.gatewayNo, name: `Gateway ${eur.gatewayNo}`, currency: 'EUR', cardSchemes: ['VISA', 'MASTERCARD'], status: 1 },
    ]);
    const all = await call<TProducts>(t.app, DashboardPath.products, { token });
    expect(all.body.data.list.map((p) => p.gatewayNo).sort()).toEqual([usd.gatewayNo, eur.gatewayNo].sort());
  });

  it('lists the five nearest open deadlines of the permitted gateways for any signed-in member', async () => {
    const m = await createMerchant(t.db);
    const a = await createGateway(t.db, m, { currency: 'USD' });
    const b = await createGateway(t.db, m, { currency: 'USD' });
    const txA = await createTransaction(t.db, m, a, { created_at: NOW - 48 * HOUR });
    const txB = await createTransaction(t.db, m, b, { created_at: NOW - 48 * HOUR });
    const ids: number[] = [];
    for (let i = 1; i <= 6; i++) ids.push(await openCase(m, a, txA.id, NOW + i * 24 * HOUR));
    await openCase(m, a, txA.id, NOW - HOUR); // past
    await openCase(m, a, txA.id, NOW + HOUR / 2, { appeal: AppealStatus.underAppeal }); // answered
    await openCase(m, a, txA.id, NOW + HOUR / 3, { kind: DisputeKind.rdrAlert }); // refunded automatically
    const onB = await openCase(m, b, txB.id, NOW + HOUR);

    // A member with no report permission still sees the dashboard.
    const role = await createRole(t.db, m, { permissions: [] });
    const member = await signIn(t.app, await createAdmin(t.db, m, { roleId: role.id }));
    const res = await call<TDeadlines>(t.app, DashboardPath.deadlines, { token: member });
    expect(res.body.data.list.map((d) => d.id)).toEqual([onB, ...ids.slice(0, 4)]);
    expect(res.body.data.list[0]).toMatchObject({
      gatewayNo: b.gatewayNo,
      amount: 1500,
      replyDeadline: new Date(NOW + HOUR).toISOString(),
    });

    const limited = await signIn(t.app, await createAdmin(t.db, m, { gateways: [a] }));
    const mine = await call<TDeadlines>(t.app, DashboardPath.deadlines, { token: limited });
    expect(mine.body.data.list.map((d) => d.id)).toEqual(ids.slice(0, 5));

    // The programmes as the statistics screen judges them, to a member without the statistics permission too.
    const monitoring = await call<TProgrammes>(t.app, DashboardPath.monitoring, { token: member });
    expect(monitoring.body.data.programmes.map((p) => p.programme)).toEqual(['vamp', 'vampEnumeration', 'ecp']);
    expect(monitoring.body.data.programmes[0]!.lines.map((l) => [l.line, l.ratioBp, l.minCount])).toEqual([['excessive', 150, 1_500]]);

    const stranger = await signIn(t.app, await createAdmin(t.db, await createMerchant(t.db)));
    expect((await call<TDeadlines>(t.app, DashboardPath.deadlines, { token: stranger })).body.data.list).toEqual([]);
    expect((await call(t.app, DashboardPath.deadlines)).status).toBe(401);
  });
});
