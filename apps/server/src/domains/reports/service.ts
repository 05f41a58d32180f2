import {
  addMonths,
  DEFAULT_THRESHOLDS,
  levelOf,
  MONITORING_LEVELS,
  MONTHS_BACK_MAX,
  ratioBp,
  type TChargebackRefundRow,
  type TDailyFigures,
  type TDailyReportRow,
  type TDailyReportTotal,
  type TMonitoring,
  type TMonitoringLevel,
  type TMonitoringProgram,
  type TMonthReportRow,
  type TThreshold,
} from '@mbo/shared/reports';
import type { Db } from '../../db/database';
import { businessDay } from '../../platform/rollups';
import { businessError } from '../../platform/errors';
import { narrowToGateway, type Scope } from '../../platform/scope';
import { getMerchant } from '../system/repository';
import * as repo from './repository';
import { withdrawableByMonth } from '../funds/summary';

/** Rules of reports and monitoring on top of the rollup sums (rates, totals, projection, levels). */

export type DailyInput = { from: string; to: string; gatewayNo?: string | undefined; currency?: string | undefined };

function figures(r: Omit<repo.DailyFigureRow, 'day'>): TDailyFigures {
  return {
    txCount: r.tx_count,
    successCount: r.success_count,
    failedCount: r.failed_count,
    duplicateFailedCount: r.duplicate_failed_count,
    successRateBp: ratioBp(r.success_count, r.tx_count),
    actualSuccessRateBp: ratioBp(r.success_count, r.tx_count - r.duplicate_failed_count),
    successAmount: r.success_amount,
    chargebackCount: r.chargeback_count,
    chargebackAmount: r.chargeback_amount,
    retrievalCount: r.retrieval_count,
    retrievalAmount: r.retrieval_amount,
    refundCount: r.refund_count,
    refundAmount: r.refund_amount,
    rdrCount: r.rdr_count,
    ethocaCount: r.ethoca_count,
  };
}

/**
 * A merchant's number by its id, kept per database handle: a merchant number is given once, when the
 * merchant is created, and never changes, so each report after the first saves a query (the daily
 * report was otherwise three queries side by side for one page). Numbers are short; a node serves a
 * bounded set of merchants, and the map is dropped past 10,000 entries all the same.
 */
const MERCHANT_NOS = new WeakMap<Db, Map<number, string>>();

async function merchantNoOf(db: Db, scope: Scope): Promise<string> {
  let known = MERCHANT_NOS.get(db);
  if (!known) {
    known = new Map();
    MERCHANT_NOS.set(db, known);
  }
  const cached = known.get(scope.merchantId);
  if (cached !== undefined) return cached;
  const merchantNo = (await getMerchant(db, scope))?.merchant_no;
  if (merchantNo === undefined) return '';
  if (known.size >= 10_000) known.clear();
  known.set(scope.merchantId, merchantNo);
  return merchantNo;
}

/** Every date x currency row of the range (newest first) and the totals per currency. */
export async function dailyReport(db: Db, scope: Scope, q: DailyInput): Promise<{ rows: TDailyReportRow[]; totals: TDailyReportTotal[] }> {
  const narrowed = await narrowToGateway(db, scope, q.gatewayNo);
  if (!narrowed) return { rows: [], totals: [] };
  const [raw, merchantNo] = await Promise.all([
    repo.dailyFigures(db, narrowed, { fromDay: q.from, toDay: q.to, currency: q.currency }),
    merchantNoOf(db, scope),
  ]);
  const sums = new Map<string, repo.DailyFigureRow>();
  for (const r of raw) {
    const acc = sums.get(r.currency);
    if (!acc) {
      sums.set(r.currency, { ...r, day: '' });
      continue;
    }
    for (const k of Object.keys(r) as (keyof repo.DailyFigureRow)[]) {
      if (k !== 'day' && k !== 'currency') acc[k] = (acc[k] as number) + (r[k] as number);
    }
  }
  const totals = [...sums.values()]
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
    .map((r) => ({ currency: r.currency, ...figures(r) }));
  return { rows: raw.map((r) => ({ day: r.day, merchantNo, currency: r.currency, ...figures(r) })), totals };
}

/**
 * One page of `dailyReport`: the same rows (the page's slice), the same totals and the number of
 * rows, with the paging and the sums done by the database so only the page's rows are read and
 * mapped (the range has about 550 rows for 6 months of 3 gateways; a page shows 50).
 */
export async function dailyReportPage(
  db: Db,
  scope: Scope,
  q: DailyInput & { offset: number; limit: number },
): Promise<{ rows: TDailyReportRow[]; total: number; totals: TDailyReportTotal[] }> {
  const narrowed = await narrowToGateway(db, scope, q.gatewayNo);
  if (!narrowed) return { rows: [], total: 0, totals: [] };
  const filter = { fromDay: q.from, toDay: q.to, currency: q.currency };
  const [{ rows: page, totals: sums }, merchantNo] = await Promise.all([
    repo.dailyPageAndTotals(db, narrowed, filter, q),
    merchantNoOf(db, scope),
  ]);
  const totals = sums.map((r) => ({ currency: r.currency, ...figures(r) }));
  return {
    rows: page.map((r) => ({ day: r.day, merchantNo, currency: r.currency, ...figures(r) })),
    total: sums.reduce((n, r) => n + r.days, 0),
    totals,
  };
}

/** First day of a month range and the last day of its last month. */
export function monthDays(from: string, to: string): { fromDay: string; toDay: string } {
  const next = addMonths(to, 1);
  const last = new Date(Date.parse(`${next}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { fromDay: `${from}-01`, toDay: last };
}

/** Refuses months before the reachable window or after the current business month. */
export function checkMonthWindow(from: string, to: string, now: number): void {
  const current = businessDay(now).slice(0, 7);
  if (to > current) throw businessError('report.futureMonth');
  if (from < addMonths(current, -(MONTHS_BACK_MAX - 1))) throw businessError('report.tooFarBack', { months: MONTHS_BACK_MAX });
}

export async function monthReport(db: Db, scope: Scope, q: DailyInput): Promise<TMonthReportRow[]> {
  const narrowed = await narrowToGateway(db, scope, q.gatewayNo);
  if (!narrowed) return [];
  const days = monthDays(q.from, q.to);
  const [rows, withdrawable] = await Promise.all([
    repo.monthFigures(db, narrowed, { ...days, currency: q.currency }),
    withdrawableByMonth(db, narrowed, q.from, q.to),
  ]);
  return rows.map((r) => ({
    month: r.month,
    currency: r.currency,
    firstDay: r.first_day,
    lastDay: r.last_day,
    successAmount: r.success_amount,
    successCount: r.success_count,
    reserveAmount: r.reserve_amount,
    reserveCount: r.reserve_count,
    refundAmount: r.refund_amount,
    chargebackAmount: r.chargeback_amount,
    withdrawableAmount: withdrawable.get(`${r.month}|${r.currency}`) ?? 0,
  }));
}

export async function chargebackRefundStats(
  db: Db,
  scope: Scope,
  q: { from: string; to: string; cardScheme?: string | undefined },
): Promise<TChargebackRefundRow[]> {
  const rows = await repo.schemeMonthFigures(db, scope, { fromMonth: q.from, toMonth: q.to, cardScheme: q.cardScheme });
  return rows.map((r) => ({
    month: r.month,
    cardScheme: r.card_scheme,
    txCount: r.tx_count,
    successCount: r.success_count,
    chargebackCount: r.chargeback_count,
    refundCount: r.refund_count,
    chargebackRateBp: ratioBp(r.chargeback_count, r.success_count),
    refundRateBp: ratioBp(r.refund_count, r.success_count),
  }));
}

/** Thresholds per program: built-in defaults, overridden level by level by merchant 0, then by the merchant. */
export function resolveThresholds(rows: readonly repo.ThresholdRow[], merchantId: number): Record<TMonitoringProgram, TThreshold[]> {
  const out = {} as Record<TMonitoringProgram, TThreshold[]>;
  for (const program of Object.keys(DEFAULT_THRESHOLDS) as TMonitoringProgram[]) {
    const byLevel = new Map<TMonitoringLevel, TThreshold>(DEFAULT_THRESHOLDS[program].map((t) => [t.level, { ...t }]));
    for (const owner of [0, merchantId]) {
      for (const r of rows) {
        if (r.merchant_id !== owner || r.program !== program) continue;
        const level = MONITORING_LEVELS.find((l) => l === r.level);
        if (level) byLevel.set(level, { level, ratioBp: r.ratio_bp, minCount: r.min_count });
      }
    }
    out[program] = MONITORING_LEVELS.flatMap((l) => {
      const t = byLevel.get(l);
      return t ? [t] : [];
    });
  }
  return out;
}

/** n scaled from `elapsed` days to `days`, rounded half up in integers. */
export function project(n: number, days: number, elapsed: number): number {
  if (elapsed <= 0) return 0;
  return Math.floor((2 * n * days + elapsed) / (2 * elapsed));
}

function daysIn(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * Visa VAMP: (fraud reports + chargebacks) / approved Visa count of the month; RDR alerts resolve
 * the case before it becomes a dispute, so they are their own measure and are not counted.
 * Mastercard ECP: this month's Mastercard chargebacks / last month's Mastercard approved count.
 * Month to date, and projected to month end by scaling this month's counts by days in month /
 * elapsed days (business days in UTC+08:00, today counted as elapsed).
 */
export async function monitoring(db: Db, scope: Scope, now: number, month?: string): Promise<TMonitoring> {
  const today = businessDay(now);
  const current = today.slice(0, 7);
  const m = month ?? current;
  if (m > current) throw businessError('report.futureMonth');
  const daysInMonth = daysIn(m);
  const daysElapsed = m === current ? Number(today.slice(8, 10)) : daysInMonth;
  const prev = addMonths(m, -1);

  const [thisMonth, lastMonth, thresholdRows] = await Promise.all([
    repo.schemeMonthFigures(db, scope, { fromMonth: m, toMonth: m }),
    repo.schemeMonthFigures(db, scope, { fromMonth: prev, toMonth: prev, cardScheme: 'MASTERCARD' }),
    repo.listThresholds(db, scope.merchantId),
  ]);
  const thresholds = resolveThresholds(thresholdRows, scope.merchantId);
  const visa = thisMonth.find((r) => r.card_scheme === 'VISA');
  const mc = thisMonth.find((r) => r.card_scheme === 'MASTERCARD');
  const mcPrev = lastMonth[0];

  const vampParts = {
    fraudReports: visa?.fraud_report_count ?? 0,
    chargebacks: visa?.chargeback_count ?? 0,
    rdrExcluded: visa?.rdr_count ?? 0,
  };
  const vampCount = vampParts.fraudReports + vampParts.chargebacks;
  const vampBase = visa?.success_count ?? 0;
  const vampProjCount = project(vampCount, daysInMonth, daysElapsed);
  const vampProjBase = project(vampBase, daysInMonth, daysElapsed);

  const ecpCount = mc?.chargeback_count ?? 0;
  const ecpBase = mcPrev?.success_count ?? 0;
  const ecpProjCount = project(ecpCount, daysInMonth, daysElapsed);

  const figures = (program: TMonitoringProgram, count: number, base: number) => ({
    count,
    base,
    ratioBp: ratioBp(count, base),
    level: levelOf(thresholds[program], count, base, count),
  });

  return {
    month: m,
    daysElapsed,
    daysInMonth,
    programs: [
      {
        program: 'vamp',
        parts: vampParts,
        mtd: figures('vamp', vampCount, vampBase),
        projected: figures('vamp', vampProjCount, vampProjBase),
        thresholds: thresholds.vamp,
      },
      {
        program: 'ecp',
        parts: { chargebacks: ecpCount, previousApproved: ecpBase },
        mtd: figures('ecp', ecpCount, ecpBase),
        projected: figures('ecp', ecpProjCount, ecpBase),
        thresholds: thresholds.ecp,
      },
    ],
  };
}
