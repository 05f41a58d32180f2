import { sql, type SelectQueryBuilder } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/database';
import type { Database } from '../../db/types';
import { compiledScope, gatewayIdFilter, type Scope } from '../../platform/scope';

/**
 * All SQL of reports, statistics and monitoring. Everything reads the rollups, never the raw
 * transactions: `trade_rollups_day` (one row per merchant, business day, gateway and currency) for
 * the daily and monthly reports, `trade_rollups_month` (per month, card scheme, gateway and
 * currency) for statistics and monitoring. Every query is narrowed to the scope's merchant and
 * permitted gateways.
 */

type DayQuery = SelectQueryBuilder<Database, 'trade_rollups_day', object>;

export type RollupFilter = {
  /** Inclusive business days YYYY-MM-DD. */
  fromDay: string;
  toDay: string;
  currency?: string | undefined;
};

function scopedDays(db: Db, scope: Scope, f: RollupFilter): DayQuery {
  const ids = gatewayIdFilter(scope);
  return db
    .selectFrom('trade_rollups_day')
    .where('merchant_id', '=', scope.merchantId)
    .where('day', '>=', f.fromDay)
    .where('day', '<=', f.toDay)
    .$if(ids !== null, (qb) => qb.where('gateway_id', 'in', ids ?? [0]))
    .$if(f.currency !== undefined, (qb) => qb.where('currency', '=', f.currency ?? ''));
}

const sum = (col: string) => sql<string | number>`coalesce(sum(${sql.ref(col)}), 0)`;

export type DailyFigureRow = {
  day: string;
  currency: string;
  tx_count: number;
  success_count: number;
  success_amount: number;
  failed_count: number;
  duplicate_failed_count: number;
  chargeback_count: number;
  chargeback_amount: number;
  retrieval_count: number;
  retrieval_amount: number;
  refund_count: number;
  refund_amount: number;
  rdr_count: number;
  ethoca_count: number;
};

/** The daily rollups' measures, summed alike at every grain. */
export const DAILY_MEASURES = [
  'tx_count',
  'success_count',
  'success_amount',
  'failed_count',
  'duplicate_failed_count',
  'chargeback_count',
  'chargeback_amount',
  'retrieval_count',
  'retrieval_amount',
  'refund_count',
  'refund_amount',
  'rdr_count',
  'ethoca_count',
] as const;

function numeric<T extends Record<string, unknown>>(row: T, keys: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const k of keys) out[k] = Number(row[k] ?? 0);
  return out as T;
}

/** One group per business day and settlement currency (unordered). */
function dayCurrencyGroups(db: Db, scope: Scope, f: RollupFilter) {
  return scopedDays(db, scope, f)
    .select(['day', 'currency'])
    .select(DAILY_MEASURES.map((m) => sum(m).as(m)))
    .groupBy(['day', 'currency']);
}

function dailyGroups(db: Db, scope: Scope, f: RollupFilter) {
  return dayCurrencyGroups(db, scope, f).orderBy('day', 'desc').orderBy('currency', 'asc');
}

/** One row per business day and settlement currency in the range, newest day first. */
export async function dailyFigures(db: Db, scope: Scope, f: RollupFilter): Promise<DailyFigureRow[]> {
  const rows = await dailyGroups(db, scope, f).execute();
  return rows.map((r) => numeric(r as unknown as DailyFigureRow, DAILY_MEASURES));
}

export type DailyTotalRow = Omit<DailyFigureRow, 'day'> & {
  /** How many rows of `dailyFigures` have this currency (its days with a rollup row). */
  days: number;
};

/**
 * The screen's page of the daily report and its totals in one statement: the rows
 * `offset`..`offset + limit` of `dailyFigures` (same rows, same order: day and currency are the
 * group's key, so the order has no ties) and, per settlement currency (currency order), the sums of
 * the whole range and its number of day rows. One round trip instead of two side by side (issue 13
 * §6: on PostgreSQL the second statement's socket write and backend were a good part of the request).
 * Each half keeps its own plan: the page walks the day index backwards and stops after its rows; a
 * CTE shared by both halves made the page aggregate the whole range first, which was slower.
 */
function dailyPageAndTotalsQuery(db: Db, scope: Scope, f: RollupFilter, page: { offset: number; limit: number }) {
  return db
    .selectFrom(dailyGroups(db, scope, f).limit(page.limit).offset(page.offset).as('p'))
    .select([sql<string>`'p'`.as('kind'), 'day', 'currency', ...DAILY_MEASURES, sql<string | number | null>`null`.as('days')])
    .unionAll(
      scopedDays(db, scope, f)
        .select([sql<string>`'t'`.as('kind'), sql<string>`null`.as('day'), 'currency'])
        .select(DAILY_MEASURES.map((m) => sum(m).as(m)))
        .select(sql<string | number | null>`count(distinct day)`.as('days'))
        .groupBy('currency'),
    );
}

type DailyPageValues = {
  merchantId: number;
  fromDay: string;
  toDay: string;
  limit: number;
  offset: number;
  gatewayIds?: readonly number[];
  currency?: string;
};

/**
 * The statement of dailyPageAndTotals, built and compiled once per shape (a gateway list of some
 * length, a currency filter) and run with each request's values. Building its 30-odd sums anew (a
 * Kysely tree of frozen nodes, then its SQL) at each request was a third of the statement's time on
 * PostgreSQL: 1.63-1.69 -> 1.10-1.17 ms at p50 for the call, 2.7 -> 1.9 ms for the request (issue 13 §6).
 */
const dailyPage = compiledOnce({
  key: (s: { gateways: boolean; currency: boolean }) => `${s.gateways} ${s.currency}`,
  build: (db, s, v: DailyPageValues) =>
    dailyPageAndTotalsQuery(
      db,
      compiledScope(v.merchantId, s.gateways ? (v.gatewayIds ?? []) : null),
      { fromDay: v.fromDay, toDay: v.toDay, currency: s.currency ? v.currency : undefined },
      { limit: v.limit, offset: v.offset },
    ),
});

export async function dailyPageAndTotals(
  db: Db,
  scope: Scope,
  f: RollupFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: DailyFigureRow[]; totals: DailyTotalRow[] }> {
  const ids = gatewayIdFilter(scope);
  const shape = { gateways: ids !== null, currency: f.currency !== undefined };
  const values: DailyPageValues = {
    merchantId: scope.merchantId,
    fromDay: f.fromDay,
    toDay: f.toDay,
    limit: page.limit,
    offset: page.offset,
  };
  if (ids !== null) values.gatewayIds = ids;
  if (f.currency !== undefined) values.currency = f.currency;
  const raw = await dailyPage(db, shape, values as DailyPageValues & Record<string, string | number | readonly number[]>);
  const rows: DailyFigureRow[] = [];
  const totals: DailyTotalRow[] = [];
  for (const { kind, day, days, ...figures } of raw) {
    if (kind === 'p') rows.push(numeric({ day, ...figures } as unknown as DailyFigureRow, DAILY_MEASURES));
    else totals.push(numeric({ ...figures, days } as unknown as DailyTotalRow, [...DAILY_MEASURES, 'days']));
  }
  // A union keeps no order: the page's own order, and totals in currency order.
  rows.sort((a, b) => (a.day !== b.day ? (a.day < b.day ? 1 : -1) : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
  totals.sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
  return { rows, totals };
}

export type MonthFigureRow = {
  month: string;
  currency: string;
  first_day: string | null;
  last_day: string | null;
  success_amount: number;
  success_count: number;
  reserve_amount: number;
  reserve_count: number;
  refund_amount: number;
  chargeback_amount: number;
};

const MONTH_MEASURES = [
  'success_amount',
  'success_count',
  'reserve_amount',
  'reserve_count',
  'refund_amount',
  'chargeback_amount',
] as const;

/** One row per month and settlement currency; first/last day are the month's days with trades. */
export async function monthFigures(db: Db, scope: Scope, f: RollupFilter): Promise<MonthFigureRow[]> {
  // Literal positions: PostgreSQL matches a select expression to its GROUP BY only when the text is the same.
  const month = sql<string>`substr(day, 1, 7)`;
  const rows = await scopedDays(db, scope, f)
    .select([month.as('month'), 'currency'])
    .select([
      sql<string | null>`min(case when tx_count > 0 then day end)`.as('first_day'),
      sql<string | null>`max(case when tx_count > 0 then day end)`.as('last_day'),
    ])
    .select(MONTH_MEASURES.map((m) => sum(m).as(m)))
    .groupBy([month, 'currency'])
    .orderBy(month, 'desc')
    .orderBy('currency', 'asc')
    .execute();
  return rows.map((r) => numeric(r as unknown as MonthFigureRow, MONTH_MEASURES));
}

export type SchemeMonthRow = {
  month: string;
  card_scheme: string;
  tx_count: number;
  success_count: number;
  chargeback_count: number;
  refund_count: number;
  fraud_report_count: number;
  /** Declined attempts: what the enumeration (card-testing) ratio is estimated from. */
  failed_count: number;
  rdr_count: number;
};

const SCHEME_MEASURES = [
  'tx_count',
  'success_count',
  'chargeback_count',
  'refund_count',
  'fraud_report_count',
  'rdr_count',
  'failed_count',
] as const;

/** Months YYYY-MM `fromMonth`..`toMonth` inclusive, optionally one card scheme. */
export type SchemeMonthFilter = { fromMonth: string; toMonth: string; cardScheme?: string | undefined };

/** One row per month and card scheme (counts only: schemes mix currencies). */
export async function schemeMonthFigures(db: Db, scope: Scope, f: SchemeMonthFilter): Promise<SchemeMonthRow[]> {
  const ids = gatewayIdFilter(scope);
  const rows = await db
    .selectFrom('trade_rollups_month')
    .where('merchant_id', '=', scope.merchantId)
    .where('month', '>=', f.fromMonth)
    .where('month', '<=', f.toMonth)
    .$if(ids !== null, (qb) => qb.where('gateway_id', 'in', ids ?? [0]))
    .$if(f.cardScheme !== undefined, (qb) => qb.where('card_scheme', '=', f.cardScheme ?? ''))
    .select(['month', 'card_scheme'])
    .select(SCHEME_MEASURES.map((m) => sum(m).as(m)))
    .groupBy(['month', 'card_scheme'])
    .orderBy('month', 'desc')
    .orderBy('card_scheme', 'asc')
    .execute();
  return rows.map((r) => numeric(r as unknown as SchemeMonthRow, SCHEME_MEASURES));
}

export type ThresholdRow = { merchant_id: number; program: string; level: string; ratio_bp: number; min_count: number };

/** Operator thresholds: the default rows (merchant 0) and the merchant's own. */
export async function listThresholds(db: Db, merchantId: number): Promise<ThresholdRow[]> {
  const rows = await db
    .selectFrom('monitoring_thresholds')
    .select(['merchant_id', 'program', 'level', 'ratio_bp', 'min_count'])
    .where('merchant_id', 'in', [0, merchantId])
    .execute();
  return rows.map((r) => ({ ...r, merchant_id: Number(r.merchant_id), ratio_bp: Number(r.ratio_bp), min_count: Number(r.min_count) }));
}

export async function upsertThreshold(
  db: Db,
  row: { merchantId: number; program: string; level: string; ratioBp: number; minCount: number; now: number },
): Promise<void> {
  await db
    .insertInto('monitoring_thresholds')
    .values({
      merchant_id: row.merchantId,
      program: row.program,
      level: row.level,
      ratio_bp: row.ratioBp,
      min_count: row.minCount,
      updated_at: row.now,
    })
    .onConflict((oc) =>
      oc.columns(['merchant_id', 'program', 'level']).doUpdateSet({ ratio_bp: row.ratioBp, min_count: row.minCount, updated_at: row.now }),
    )
    .execute();
}
