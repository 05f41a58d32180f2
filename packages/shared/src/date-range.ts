import { z } from 'zod';

/** Spec §5/§9: a query's date range spans at most 6 months. */
export const MAX_RANGE_MONTHS = 6;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `s` is a calendar date YYYY-MM-DD that exists (2026-02-30 does not). */
export function isCalendarDate(s: unknown): s is string {
  if (typeof s !== 'string' || !DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not). */
export const ZDate = z.string().refine(isCalendarDate, 'dateRange.badDate');

/**
 * The last date a range starting on `from` may end on: 6 calendar months later, minus one day.
 * `from` must be a calendar date (isCalendarDate); anything else throws.
 */
export function lastDateOfRange(from: string): string {
  if (!isCalendarDate(from)) throw new RangeError(`not a calendar date: ${JSON.stringify(from)}`);
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y, m - 1 + MAX_RANGE_MONTHS, d));
  // 31 Aug + 6 months would roll into March; clamp to the end of the target month first.
  if (end.getUTCDate() !== d) end.setUTCDate(0);
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/** `from`/`to`: inclusive calendar dates in the caller's timezone. Add `.superRefine(checkDateRange)`. */
export const ZDateRange = z.object({ from: ZDate, to: ZDate });

/**
 * The range rules, for `.superRefine` on any query schema with `from`/`to`. Issues carry message keys
 * the server translates: `dateRange.reversed`, `dateRange.tooLong`. Zod runs an object's refinements
 * even when a field already failed, so the dates are checked here first: a `from` that is not a date
 * (already reported by ZDate as `dateRange.badDate`) must not reach the range arithmetic.
 */
export function checkDateRange(q: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
  if (q.to < q.from) ctx.addIssue({ code: 'custom', message: 'dateRange.reversed', path: ['to'] });
  else if (q.to > lastDateOfRange(q.from)) ctx.addIssue({ code: 'custom', message: 'dateRange.tooLong', path: ['to'] });
}

/**
 * A dated list's filters for defineList: `from`/`to` plus the list's own `shape`, and the range rules
 * that check them, so that no list with a date range can leave them out.
 *
 *   export const THINGS = defineList({ fields, ...dateRangeFilters({ status: opt(zCode(ThingStatus)) }), days: 30 });
 */
export function dateRangeFilters<S extends z.ZodRawShape>(shape: S) {
  return { filters: ZDateRange.extend(shape), refine: checkDateRange };
}

export function isRangeWithinLimit(from: string, to: string): boolean {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return false;
  return to >= from && to <= lastDateOfRange(from);
}
