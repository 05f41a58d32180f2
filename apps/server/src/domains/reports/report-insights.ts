import { addMonths, monthSpan, ratioBp } from '@mbo/shared/reports';
import { insightChange, type TInsightBreakdownRow, type TInsightFigures, type TReportInsights } from '@mbo/shared/report-insights';
import type { Db } from '../../db/database';
import { narrowToGateway, type Scope } from '../../platform/scope';
import { countrySums, rollupSums, type RollupKey, type SumRow } from './report-insights-repository';
import { monthDays } from './service';

/**
 * The report insights (issue 48 §4): the chosen period per day or month, its comparison with the
 * period of the same length just before it, and its breakdown by gateway, settlement currency, card
 * scheme and card-issuing country. Everything is per settlement currency (amounts of different
 * currencies are never added: the product has no conversion rule) and follows the report's filters,
 * so the currency breakdown is the report table's totals row for row.
 */

export type InsightsFilter = { gatewayNo?: string | undefined; currency?: string | undefined };
type Days = { from: string; to: string };

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The business days just before `from`..`to`, as many as it has. */
export function previousDays(p: Days): Days {
  const from = dayNumber(p.from);
  const length = dayNumber(p.to) - from + 1;
  return { from: dayText(from - length), to: dayText(from - 1) };
}

/** Months `from`..`to` as business days, and the same number of whole months just before them. */
export function monthPeriods(from: string, to: string): { period: Days; previous: Days } {
  const span = monthSpan(from, to);
  const days = monthDays(from, to);
  const before = monthDays(addMonths(from, -span), addMonths(from, -1));
  return { period: { from: days.fromDay, to: days.toDay }, previous: { from: before.fromDay, to: before.toDay } };
}

function figuresOf(r: SumRow): TInsightFigures {
  return {
    txCount: r.tx_count,
    successCount: r.success_count,
    successRateBp: ratioBp(r.success_count, r.tx_count),
    successAmount: r.success_amount,
    refundCount: r.refund_count,
    refundAmount: r.refund_amount,
    chargebackCount: r.chargeback_count,
    chargebackAmount: r.chargeback_amount,
  };
}

const EMPTY: SumRow = {
  key: '',
  currency: '',
  tx_count: 0,
  success_count: 0,
  success_amount: 0,
  refund_count: 0,
  refund_amount: 0,
  chargeback_count: 0,
  chargeback_amount: 0,
};

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Currency first, then the largest approved amount, the most transactions, and the key. */
function breakdown(rows: SumRow[]): TInsightBreakdownRow[] {
  return rows
    .map((r) => ({ key: r.key, currency: r.currency, ...figuresOf(r) }))
    .sort((a, b) => text(a.currency, b.currency) || b.successAmount - a.successAmount || b.txCount - a.txCount || text(a.key, b.key));
}

function byCurrency(rows: SumRow[]): Map<string, SumRow> {
  const out = new Map<string, SumRow>();
  for (const r of rows) {
    const acc = out.get(r.currency) ?? { ...EMPTY, key: r.currency, currency: r.currency };
    for (const k of Object.keys(EMPTY) as (keyof SumRow)[]) if (k !== 'key' && k !== 'currency') (acc[k] as number) += r[k] as number;
    out.set(r.currency, acc);
  }
  return out;
}

/** The insights of `period` (and `previous`) in the scope narrowed by the report's filters. */
export async function reportInsights(
  db: Db,
  scope: Scope,
  unit: 'day' | 'month',
  periods: { period: Days; previous: Days },
  q: InsightsFilter,
): Promise<TReportInsights> {
  const result: TReportInsights = {
    unit,
    ...periods,
    series: [],
    comparison: [],
    breakdown: { gateway: [], currency: [], cardScheme: [], country: [] },
  };
  const narrowed = await narrowToGateway(db, scope, q.gatewayNo);
  if (!narrowed) return result;
  const now = { fromDay: periods.period.from, toDay: periods.period.to, currency: q.currency };
  const before = { fromDay: periods.previous.from, toDay: periods.previous.to, currency: q.currency };
  const sums = (by: RollupKey) => rollupSums(db, narrowed, now, by);
  const [series, previous, gateway, cardScheme, country] = await Promise.all([
    sums(unit),
    rollupSums(db, narrowed, before, 'currency'),
    sums('gateway'),
    sums('cardScheme'),
    countrySums(db, narrowed, now),
  ]);
  const current = byCurrency(series);
  const earlier = byCurrency(previous);
  result.series = series
    .map((r) => ({ at: r.key, currency: r.currency, ...figuresOf(r) }))
    .sort((a, b) => text(a.at, b.at) || text(a.currency, b.currency));
  result.comparison = [...new Set([...current.keys(), ...earlier.keys()])].sort(text).map((currency) => {
    const a = figuresOf(current.get(currency) ?? EMPTY);
    const b = figuresOf(earlier.get(currency) ?? EMPTY);
    return { currency, current: a, previous: b, change: insightChange(a, b) };
  });
  result.breakdown = {
    gateway: breakdown(gateway),
    currency: breakdown([...current.values()]),
    cardScheme: breakdown(cardScheme),
    country: breakdown(country),
  };
  return result;
}
