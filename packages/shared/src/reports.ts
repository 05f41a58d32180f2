import { z } from 'zod';
import { checkDateRange, dateRangeFilters, MAX_RANGE_MONTHS, ZDateRange } from './date-range';
import { EXPORT_FORMATS, zGatewayNoFilter } from './list';
import { defineList, field, rowSchema } from './list-fields';
import { CARD_SCHEMES } from './trade-enums';

/**
 * Daily and monthly reports, chargeback/refund statistics and card-scheme monitoring (spec §3 Daily
 * report / Monthly report). Every figure comes from the daily rollups; amounts are integers in minor
 * units of the row's settlement currency; rates are basis points (1/100 of a percent) computed from
 * integer counts, rounded half up, or null when the denominator is 0.
 */
export const ReportPath = {
  dailyList: '/tradeDailyReport/list',
  dailyDownload: '/tradeDailyReport/download',
  monthList: '/tradeMonthReport/list',
  monthDownload: '/tradeMonthReport/download',
  chargebackRefundList: '/statistics/tnx/chargebackRefundList',
  monitoring: '/statistics/monitoring',
} as const;

/** How many months back the monthly report and the statistics reach (the current month included). */
export const MONTHS_BACK_MAX = 12;

export const ZExportFormat = z.enum(EXPORT_FORMATS);

export { formatBp, ratioBp } from './ratios';

const ZCurrencyFilter = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/)
  .optional()
  .or(z.literal('').transform(() => undefined));

/** The filters the daily and monthly reports share (also what their insights follow). */
export const dailyFilters = {
  gatewayNo: zGatewayNoFilter,
  currency: ZCurrencyFilter,
};

/**
 * The daily report, declared once (list-fields.ts): one row per business day and settlement currency
 * and the range's totals per currency. The answer carries the figures first (as it always has); the
 * screen and the file show the day, merchant and currency first (DAILY_COLUMNS).
 */
const DAILY_FIGURE_FIELDS = {
  txCount: field.count('report.col.txCount'),
  successCount: field.count('report.col.successCount'),
  failedCount: field.count('report.col.failedCount'),
  duplicateFailedCount: field.count('report.col.duplicateFailedCount'),
  /** approved / total. */
  successRateBp: field.rate('report.col.successRateBp'),
  /** approved / (total - duplicated failures). */
  actualSuccessRateBp: field.rate('report.col.actualSuccessRateBp'),
  successAmount: field.money('report.col.successAmount'),
  chargebackCount: field.count('report.col.chargebackCount'),
  chargebackAmount: field.money('report.col.chargebackAmount'),
  retrievalCount: field.count('report.col.retrievalCount'),
  retrievalAmount: field.money('report.col.retrievalAmount'),
  refundCount: field.count('report.col.refundCount'),
  refundAmount: field.money('report.col.refundAmount'),
  rdrCount: field.count('report.col.rdrCount'),
  ethocaCount: field.count('report.col.ethocaCount'),
};
const DAILY_KEY_FIELDS = {
  day: field.day('report.col.day'),
  merchantNo: field.text('report.col.merchantNo'),
  currency: field.text('report.col.currency'),
};

/** `from`/`to`: business days (UTC+08:00), at most 6 months apart; a plain visit shows today. */
export const DAILY_REPORT = defineList({
  fields: { ...DAILY_FIGURE_FIELDS, ...DAILY_KEY_FIELDS },
  ...dateRangeFilters(dailyFilters),
  days: 1,
});

export const ZDailyReportQuery = DAILY_REPORT.query;
export type TDailyReportQuery = z.input<typeof ZDailyReportQuery>;

// The file is XLSX when no format is asked for (the list exports ask for one always).
export const ZDailyReportDownload = ZDateRange.extend(dailyFilters)
  .extend({ format: ZExportFormat.default('xlsx') })
  .superRefine(checkDateRange);
export type TDailyReportDownload = z.input<typeof ZDailyReportDownload>;

/** The additive figures of a daily report row (and of a totals row). */
export const ZDailyFigures = rowSchema(DAILY_FIGURE_FIELDS);
export type TDailyFigures = z.infer<typeof ZDailyFigures>;

export const ZDailyReportRow = DAILY_REPORT.row;
export type TDailyReportRow = z.infer<typeof ZDailyReportRow>;

export const ZDailyReportTotal = ZDailyFigures.extend({ currency: DAILY_KEY_FIELDS.currency.schema });
export type TDailyReportTotal = z.infer<typeof ZDailyReportTotal>;

/** One page of date x currency rows (newest day first) and the whole range's totals per currency. */
export const ZDailyReport = DAILY_REPORT.page.extend({ totals: z.array(ZDailyReportTotal) });
export type TDailyReport = z.infer<typeof ZDailyReport>;

/** Columns of the daily report, in display and export order (also the keys of their explanations). */
export const DAILY_COLUMNS = [...Object.keys(DAILY_KEY_FIELDS), ...Object.keys(DAILY_FIGURE_FIELDS)] as (keyof typeof DAILY_REPORT.fields &
  string)[];

// ---- months ----

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const ZMonth = z.string().regex(MONTH_RE);

/** Months from `from` to `to` inclusive ("2026-01".."2026-03" -> 3). */
export function monthSpan(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** "2026-03" shifted by `delta` months. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

export function checkMonthRange(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', message: 'dateRange.reversed', path: ['to'] });
  else if (monthSpan(q.from, q.to) > MAX_RANGE_MONTHS) ctx.addIssue({ code: 'custom', message: 'dateRange.tooLong', path: ['to'] });
}

const ZMonthRange = z.object({ from: ZMonth, to: ZMonth });

export const ZMonthReportQuery = ZMonthRange.extend(dailyFilters).superRefine(checkMonthRange);
export type TMonthReportQuery = z.input<typeof ZMonthReportQuery>;
export const ZMonthReportDownload = ZMonthRange.extend(dailyFilters)
  .extend({ format: ZExportFormat.default('xlsx') })
  .superRefine(checkMonthRange);
export type TMonthReportDownload = z.input<typeof ZMonthReportDownload>;

export const ZMonthReportRow = z.object({
  month: z.string(),
  currency: z.string(),
  /** First and last business day of the month with any trading (null when none). */
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  successAmount: z.number().int(),
  successCount: z.number().int(),
  reserveAmount: z.number().int(),
  reserveCount: z.number().int(),
  refundAmount: z.number().int(),
  chargebackAmount: z.number().int(),
  /** approved - refunds - chargebacks - reserve, before fees. */
  withdrawableAmount: z.number().int(),
});
export type TMonthReportRow = z.infer<typeof ZMonthReportRow>;
export const ZMonthReport = z.object({ list: z.array(ZMonthReportRow) });
export type TMonthReport = z.infer<typeof ZMonthReport>;

export const MONTH_COLUMNS = [
  'month',
  'currency',
  'firstDay',
  'lastDay',
  'successAmount',
  'successCount',
  'reserveAmount',
  'reserveCount',
  'withdrawableAmount',
] as const;

/** The report columns that are money (minor units of the row's currency): shown and exported as amounts. */
export const REPORT_AMOUNT_COLUMNS: ReadonlySet<string> = new Set([
  'successAmount',
  'chargebackAmount',
  'retrievalAmount',
  'refundAmount',
  'reserveAmount',
  'withdrawableAmount',
]);

// ---- statistics ----

export const ZChargebackRefundQuery = ZMonthRange.extend({
  cardScheme: z
    .enum(CARD_SCHEMES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
}).superRefine(checkMonthRange);
export type TChargebackRefundQuery = z.input<typeof ZChargebackRefundQuery>;

export const ZChargebackRefundRow = z.object({
  month: z.string(),
  cardScheme: z.string(),
  txCount: z.number().int(),
  successCount: z.number().int(),
  chargebackCount: z.number().int(),
  refundCount: z.number().int(),
  /** chargebacks / approved count. */
  chargebackRateBp: z.number().int().nullable(),
  /** refunds / approved count. */
  refundRateBp: z.number().int().nullable(),
});
export type TChargebackRefundRow = z.infer<typeof ZChargebackRefundRow>;
export const ZChargebackRefundStats = z.object({ list: z.array(ZChargebackRefundRow) });
export type TChargebackRefundStats = z.infer<typeof ZChargebackRefundStats>;

// ---- card-scheme monitoring ----

export const MONITORING_PROGRAMS = ['vamp', 'ecp'] as const;
export type TMonitoringProgram = (typeof MONITORING_PROGRAMS)[number];
/** Levels from mildest to worst. */
export const MONITORING_LEVELS = ['warning', 'excessive', 'highExcessive'] as const;
export type TMonitoringLevel = (typeof MONITORING_LEVELS)[number];

export type TThreshold = { level: TMonitoringLevel; ratioBp: number; minCount: number };

/**
 * Used when neither the merchant nor the operator default (merchant 0) has a row for a level:
 * Visa VAMP excessive at 1.5%; Mastercard ECP early warning (ECM) at 1.0% with 100 chargebacks,
 * excessive at 1.5% with 100, high excessive at 3.0% with 300.
 */
export const DEFAULT_THRESHOLDS: Record<TMonitoringProgram, readonly TThreshold[]> = {
  vamp: [{ level: 'excessive', ratioBp: 150, minCount: 0 }],
  ecp: [
    { level: 'warning', ratioBp: 100, minCount: 100 },
    { level: 'excessive', ratioBp: 150, minCount: 100 },
    { level: 'highExcessive', ratioBp: 300, minCount: 300 },
  ],
};

/**
 * The worst level reached: ratio n/d at or above the level's ratio (compared exactly by
 * cross-multiplication, not on the rounded figure) and the count at or above its minimum.
 */
export function levelOf(thresholds: readonly TThreshold[], n: number, d: number, count: number): TMonitoringLevel | null {
  let reached: TMonitoringLevel | null = null;
  for (const level of MONITORING_LEVELS) {
    const t = thresholds.find((x) => x.level === level);
    if (!t || d <= 0) continue;
    if (n * 10_000 >= t.ratioBp * d && count >= t.minCount) reached = level;
  }
  return reached;
}

export const ZMonitoringQuery = z.object({ month: ZMonth.optional().or(z.literal('').transform(() => undefined)) });
export type TMonitoringQuery = z.input<typeof ZMonitoringQuery>;

const ZLevel = z.enum(MONITORING_LEVELS).nullable();

export const ZMonitoringFigures = z.object({
  /** Numerator: VAMP fraud reports + chargebacks; ECP chargebacks. */
  count: z.number().int(),
  /** Denominator: VAMP settled card-not-present (approved) Visa count this month; ECP Mastercard approved count last month. */
  base: z.number().int(),
  ratioBp: z.number().int().nullable(),
  level: ZLevel,
});

export const ZMonitoringProgram = z.object({
  program: z.enum(MONITORING_PROGRAMS),
  /** Parts of the numerator (VAMP: fraudReports, chargebacks; ECP: chargebacks) and what is left out (rdr). */
  parts: z.record(z.string(), z.number().int()),
  mtd: ZMonitoringFigures,
  projected: ZMonitoringFigures,
  thresholds: z.array(z.object({ level: z.enum(MONITORING_LEVELS), ratioBp: z.number().int(), minCount: z.number().int() })),
});
export type TMonitoringProgramStatus = z.infer<typeof ZMonitoringProgram>;

export const ZMonitoring = z.object({
  month: z.string(),
  daysElapsed: z.number().int(),
  daysInMonth: z.number().int(),
  programs: z.array(ZMonitoringProgram),
});
export type TMonitoring = z.infer<typeof ZMonitoring>;
