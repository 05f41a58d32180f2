import { z } from 'zod';
import { checkDateRange, ZDateRange } from './date-range';
import { ratioBp } from './ratios';
import { checkMonthRange, dailyFilters, ZMonth } from './reports';

/**
 * What the daily and monthly report screens show above their tables (issue 48 §4): the period's
 * figures per business day or month, the comparison with the period of the same length just before
 * it, and the breakdown by gateway, settlement currency, card scheme and card-issuing country. The
 * filters are the report's own (same range, gateway number and currency), so every figure here adds
 * up to the table's totals. Amounts are integers in minor units of their settlement currency and are
 * never added across currencies: every figure is given per currency.
 */
export const InsightsPath = {
  daily: '/tradeDailyReport/insights',
  monthly: '/tradeMonthReport/insights',
} as const;

/** Business days (UTC+08:00) `from`..`to`, at most 6 months, with the daily report's filters. */
export const ZDailyInsightsQuery = ZDateRange.extend(dailyFilters).superRefine(checkDateRange);
export type TDailyInsightsQuery = z.input<typeof ZDailyInsightsQuery>;

/** Months `from`..`to` (the monthly report's window rules), with the monthly report's filters. */
export const ZMonthInsightsQuery = z.object({ from: ZMonth, to: ZMonth }).extend(dailyFilters).superRefine(checkMonthRange);
export type TMonthInsightsQuery = z.input<typeof ZMonthInsightsQuery>;

export const ZInsightFigures = z.object({
  txCount: z.number().int(),
  successCount: z.number().int(),
  /** approved / total, basis points; null without transactions. */
  successRateBp: z.number().int().nullable(),
  successAmount: z.number().int(),
  refundCount: z.number().int(),
  refundAmount: z.number().int(),
  chargebackCount: z.number().int(),
  chargebackAmount: z.number().int(),
});
export type TInsightFigures = z.infer<typeof ZInsightFigures>;

/**
 * Change from the previous period, in basis points of the previous value ((now - before) / before,
 * rounded half up; null when the previous value is 0). The success rate's change is the difference of
 * the two rates in basis points (percentage points x 100), null when either rate is.
 */
export const ZInsightChange = z.object({
  txCount: z.number().int().nullable(),
  successAmount: z.number().int().nullable(),
  successRate: z.number().int().nullable(),
  refundCount: z.number().int().nullable(),
  refundAmount: z.number().int().nullable(),
  chargebackCount: z.number().int().nullable(),
  chargebackAmount: z.number().int().nullable(),
});
export type TInsightChange = z.infer<typeof ZInsightChange>;

export const ZInsightComparison = z.object({
  currency: z.string(),
  current: ZInsightFigures,
  previous: ZInsightFigures,
  change: ZInsightChange,
});
export type TInsightComparison = z.infer<typeof ZInsightComparison>;

/** One bar of the chart: a business day (YYYY-MM-DD) or month (YYYY-MM) in one currency. */
export const ZInsightPoint = ZInsightFigures.extend({ at: z.string(), currency: z.string() });
export type TInsightPoint = z.infer<typeof ZInsightPoint>;

/** A breakdown row: a gateway number, currency, card scheme or country code ('' when unknown), per currency. */
export const ZInsightBreakdownRow = ZInsightFigures.extend({ key: z.string(), currency: z.string() });
export type TInsightBreakdownRow = z.infer<typeof ZInsightBreakdownRow>;

export const BREAKDOWN_DIMENSIONS = ['gateway', 'currency', 'cardScheme', 'country'] as const;
export type TBreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];

const ZPeriod = z.object({ from: z.string(), to: z.string() });

export const ZReportInsights = z.object({
  unit: z.enum(['day', 'month']),
  /** The chosen period and the one before it, as business days. */
  period: ZPeriod,
  previous: ZPeriod,
  series: z.array(ZInsightPoint),
  comparison: z.array(ZInsightComparison),
  breakdown: z.object({
    gateway: z.array(ZInsightBreakdownRow),
    currency: z.array(ZInsightBreakdownRow),
    cardScheme: z.array(ZInsightBreakdownRow),
    country: z.array(ZInsightBreakdownRow),
  }),
});
export type TReportInsights = z.infer<typeof ZReportInsights>;

/** (now - before) / before in basis points, rounded half up; null when before is 0. */
export function changeBp(now: number, before: number): number | null {
  return before === 0 ? null : ratioBp(now - before, before);
}

/** The change of each compared figure from `previous` to `current`. */
export function insightChange(current: TInsightFigures, previous: TInsightFigures): TInsightChange {
  return {
    txCount: changeBp(current.txCount, previous.txCount),
    successAmount: changeBp(current.successAmount, previous.successAmount),
    successRate: current.successRateBp === null || previous.successRateBp === null ? null : current.successRateBp - previous.successRateBp,
    refundCount: changeBp(current.refundCount, previous.refundCount),
    refundAmount: changeBp(current.refundAmount, previous.refundAmount),
    chargebackCount: changeBp(current.chargebackCount, previous.chargebackCount),
    chargebackAmount: changeBp(current.chargebackAmount, previous.chargebackAmount),
  };
}
