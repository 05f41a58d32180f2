import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PayStatus } from '@mbo/shared/trade-enums';
import type { Db } from '../../db/database';
import { generateTradeData } from '../../seed/trade-generator';
import type { TradeMerchantPlan } from '../../seed/trade-rows';
import { coarseRollupsMigration } from '../../db/migrations/0013-coarse-rollups';
import { businessDay, rebuildRollups, verifyRollups } from '../../platform/rollups';
import { sessionScope, type Scope } from '../../platform/scope';
import { createTestDb, type TestDb } from '../../../test/test-db';
import { createPlannedMerchant, createTransaction } from '../../../test/trade-factories';
import { dayCurrencyFigures } from '../dashboard/repository';
import {
  DAILY_MEASURES,
  dailyFigures,
  dailyPageAndTotals,
  monthFigures,
  schemeMonthFigures,
  type DailyFigureRow,
  type DailyTotalRow,
} from './repository';

/**
 * The day and month rollups (migration 0013) give the same report figures as the per-scheme daily
 * rollups they sum, which `rollups:verify` proves equal to the raw rows: random data (a random seed,
 * printed on failure), random ranges, every gateway scope; after a rebuild and after incremental writes.
 */

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 6, 30);
const SEED = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 1_000_000));

async function setUp(db: Db): Promise<TradeMerchantPlan[]> {
  const plan = (merchantNo: string, currencies: string[]) =>
    createPlannedMerchant(db, { merchantNo, currencies, now: NOW, orderPrefix: 'CR', weight: 2, months: 8, gatewayWeight: (i) => i + 1 });
  return [await plan('310001', ['USD', 'EUR', 'USD']), await plan('310002', ['JPY'])];
}

const TEXT_COLUMNS = ['day', 'month', 'currency', 'card_scheme', 'first_day', 'last_day'];

/** The report queries as they were before 0013: the same sums straight from the per-scheme rows. */
async function reference(db: Db, scope: Scope, fromDay: string, toDay: string, currency?: string, cardScheme?: string) {
  const q = db
    .selectFrom('trade_rollups')
    .where('merchant_id', '=', scope.merchantId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .$if(scope.gatewayIds !== null, (qb) => qb.where('gateway_id', 'in', scope.gatewayIds?.length ? [...(scope.gatewayIds ?? [])] : [0]))
    .$if(currency !== undefined, (qb) => qb.where('currency', '=', currency ?? ''))
    .$if(cardScheme !== undefined, (qb) => qb.where('card_scheme', '=', cardScheme ?? ''));
  const n = (col: string) => sql<number>`coalesce(sum(${sql.ref(col)}), 0)`;
  const month = sql<string>`substr(day, 1, 7)`;
  const numeric = (rows: Record<string, unknown>[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, TEXT_COLUMNS.includes(k) ? v : Number(v)])));
  const daily = await q
    .select(['day', 'currency'])
    .select(DAILY_MEASURES.map((m) => n(m).as(m)))
    .groupBy(['day', 'currency'])
    .orderBy('day', 'desc')
    .orderBy('currency')
    .execute();
  const monthly = await q
    .select([month.as('month'), 'currency'])
    .select([
      sql<string | null>`min(case when tx_count > 0 then day end)`.as('first_day'),
      sql<string | null>`max(case when tx_count > 0 then day end)`.as('last_day'),
    ])
    .select(
      ['success_amount', 'success_count', 'reserve_amount', 'reserve_count', 'refund_amount', 'chargeback_amount'].map((m) => n(m).as(m)),
    )
    .groupBy([month, 'currency'])
    .orderBy(month, 'desc')
    .orderBy('currency')
    .execute();
  const schemes = await q
    .select([month.as('month'), 'card_scheme'])
    .select(
      ['tx_count', 'success_count', 'chargeback_count', 'refund_count', 'fraud_report_count', 'rdr_count', 'failed_count'].map((m) =>
        n(m).as(m),
      ),
    )
    .groupBy([month, 'card_scheme'])
    .orderBy(month, 'desc')
    .orderBy('card_scheme')
    .execute();
  const dashboard = await q
    .select(['day', 'currency'])
    .select(['tx_count', 'success_count', 'success_amount', 'duplicate_failed_count'].map((m) => n(m).as(m)))
    .groupBy(['day', 'currency'])
    .orderBy('day')
    .orderBy('currency')
    .execute();
  return { daily: numeric(daily), monthly: numeric(monthly), schemes: numeric(schemes), dashboard: numeric(dashboard) };
}

/** Per currency (in currency order): the sums of the rows and their number. */
function sumsPerCurrency(rows: DailyFigureRow[]): DailyTotalRow[] {
  const out = new Map<string, DailyTotalRow>();
  for (const { day: _day, ...r } of rows) {
    const acc = out.get(r.currency);
    if (!acc) out.set(r.currency, { ...r, days: 1 });
    else for (const k of Object.keys(r) as (keyof typeof r)[]) if (k !== 'currency') acc[k] += r[k];
    if (acc) acc.days += 1;
  }
  return [...out.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}

/** A deterministic generator of the test's random choices (the data has its own seed). */
function chooser(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s % n;
  };
}

async function compareAll(db: Db, plans: TradeMerchantPlan[], pick: (n: number) => number, rounds: number): Promise<number> {
  let compared = 0;
  for (let i = 0; i < rounds; i += 1) {
    const plan = plans[pick(plans.length)]!;
    const ids = plan.gateways.map((g) => g.gatewayId);
    const scopes = [
      sessionScope(plan.merchantId, 1, null),
      sessionScope(plan.merchantId, 1, [ids[pick(ids.length)]!]),
      sessionScope(plan.merchantId, 1, []),
    ];
    const a = NOW - pick(260) * DAY;
    const b = a - pick(200) * DAY;
    const fromDay = businessDay(b);
    const toDay = businessDay(a);
    const fromMonth = fromDay.slice(0, 7);
    const toMonth = toDay.slice(0, 7);
    const monthEnd = new Date(Date.UTC(Number(toMonth.slice(0, 4)), Number(toMonth.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const currency = [undefined, 'USD', 'EUR', 'JPY'][pick(4)];
    const cardScheme = [undefined, 'VISA', 'MASTERCARD', 'JCB'][pick(4)];
    for (const scope of scopes) {
      const want = await reference(db, scope, fromDay, toDay, currency);
      const wantMonths = await reference(db, scope, `${fromMonth}-01`, monthEnd, currency, cardScheme);
      const label = `seed ${SEED}, merchant ${plan.merchantNo}, ${fromDay}..${toDay}, ${currency ?? '-'} ${cardScheme ?? '-'}, gateways ${JSON.stringify(scope.gatewayIds)}`;
      expect(await dailyFigures(db, scope, { fromDay, toDay, currency }), label).toEqual(want.daily);
      // The screen's page and totals: a slice of the same rows, and their sums per currency.
      const offset = pick(Math.max(1, want.daily.length));
      expect(await dailyPageAndTotals(db, scope, { fromDay, toDay, currency }, { offset, limit: 10 }), label).toEqual({
        rows: want.daily.slice(offset, offset + 10),
        totals: sumsPerCurrency(want.daily as DailyFigureRow[]),
      });
      expect(await dayCurrencyFigures(db, scope, fromDay, toDay, currency), label).toEqual(want.dashboard);
      const wholeMonths = await reference(db, scope, `${fromMonth}-01`, monthEnd, currency);
      expect(await monthFigures(db, scope, { fromDay: `${fromMonth}-01`, toDay: monthEnd, currency }), label).toEqual(wholeMonths.monthly);
      expect(await schemeMonthFigures(db, scope, { fromMonth, toMonth, cardScheme }), label).toEqual(
        currency === undefined
          ? wantMonths.schemes
          : (await reference(db, scope, `${fromMonth}-01`, monthEnd, undefined, cardScheme)).schemes,
      );
      compared += want.daily.length;
    }
  }
  return compared;
}

describe('day and month rollups', () => {
  let t: TestDb;
  let plans: TradeMerchantPlan[];
  beforeAll(async () => {
    t = await createTestDb();
    plans = await setUp(t.db);
    await generateTradeData(t.db, { now: NOW, seed: SEED, transactions: 6000, merchants: plans });
  }, 120_000);
  afterAll(async () => {
    await t.cleanup();
  });

  it('give the same report, statistics and dashboard figures as the per-scheme rollups (random data, every scope)', async () => {
    const before = await verifyRollups(t.db);
    expect(before.problems, `seed ${SEED}`).toEqual([]);
    const compared = await compareAll(t.db, plans, chooser(SEED), 12);
    expect(compared).toBeGreaterThan(0);
  });

  it('stay equal to a rebuild after incremental writes, and are rebuilt for one merchant alone', async () => {
    const pick = chooser(SEED + 1);
    for (let i = 0; i < 40; i += 1) {
      const plan = plans[pick(plans.length)]!;
      const g = plan.gateways[pick(plan.gateways.length)]!;
      await createTransaction(
        t.db,
        { id: plan.merchantId, merchantNo: plan.merchantNo } as never,
        { id: g.gatewayId, gatewayNo: g.gatewayNo, currency: g.currency } as never,
        {
          created_at: NOW - pick(200) * DAY - pick(DAY),
          amount: 100 + pick(100_000),
          card_scheme: ['VISA', 'MASTERCARD', 'JCB', 'AMEX'][pick(4)],
          pay_status: [PayStatus.success, PayStatus.failed, PayStatus.threeDRefused][pick(3)],
        },
      );
    }
    expect((await verifyRollups(t.db)).problems, `seed ${SEED}`).toEqual([]);
    await compareAll(t.db, plans, chooser(SEED + 2), 6);

    // A tampered day or month row is found; rebuilding that merchant repairs it and leaves the other alone.
    const [p1, p2] = plans as [TradeMerchantPlan, TradeMerchantPlan];
    await t.db.updateTable('trade_rollups_day').set({ success_amount: 1 }).where('merchant_id', '=', p1.merchantId).execute();
    await t.db.updateTable('trade_rollups_month').set({ chargeback_count: 7777 }).where('merchant_id', '=', p1.merchantId).execute();
    const bad = await verifyRollups(t.db, p1.merchantId);
    expect(bad.problems.some((p) => p.startsWith('day ') && p.includes('success_amount stored 1'))).toBe(true);
    expect(bad.problems.some((p) => p.startsWith('month ') && p.includes('chargeback_count stored 7777'))).toBe(true);
    const other = await t.db.selectFrom('trade_rollups_day').selectAll().where('merchant_id', '=', p2.merchantId).orderBy('day').execute();
    await rebuildRollups(t.db, p1.merchantId);
    expect((await verifyRollups(t.db)).problems).toEqual([]);
    expect(
      await t.db.selectFrom('trade_rollups_day').selectAll().where('merchant_id', '=', p2.merchantId).orderBy('day').execute(),
    ).toEqual(other);
  });

  it('are filled from the per-scheme rollups by their migration', async () => {
    const migration = coarseRollupsMigration(t.dialect);
    await migration.down?.(t.db as never);
    await migration.up(t.db as never);
    const filled = await verifyRollups(t.db);
    expect(filled.problems).toEqual([]);
    expect(
      await t.db
        .selectFrom('trade_rollups_month')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).not.toEqual({ n: 0 });
    await compareAll(t.db, plans, chooser(SEED + 3), 3);
  });
});
