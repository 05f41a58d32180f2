import { Cron } from 'croner';
import { LAST_DAY_OF_MONTH, type TScheduleFrequency } from '@mbo/shared/report-schedules';
import { dateInZone } from '../../platform/time';

/*
 * When a schedule is due and what period its file covers. The slots are croner's, in the schedule's
 * own timezone (its daylight-saving changes and month ends included): no date arithmetic of our own
 * decides when a mail goes out.
 */

export type Timing = { frequency: TScheduleFrequency; weekday: number | null; monthDay: number | null; time: string; timezone: string };

/** The schedule as a cron pattern (minute hour day-of-month month day-of-week); `L` is the last day of the month. */
export function cronPattern(t: Timing): string {
  const [hour, minute] = t.time.split(':').map(Number) as [number, number];
  if (t.frequency === 'weekly') return `${minute} ${hour} * * ${t.weekday ?? 1}`;
  if (t.frequency === 'monthly') return `${minute} ${hour} ${t.monthDay === LAST_DAY_OF_MONTH ? 'L' : (t.monthDay ?? 1)} * *`;
  return `${minute} ${hour} * * *`;
}

/** The first slot strictly after `after` (ms). */
export function nextSlotAfter(t: Timing, after: number): number {
  // No function given: croner only computes, it starts no timer.
  const next = new Cron(cronPattern(t), { timezone: t.timezone }).nextRun(new Date(after));
  if (!next) throw new Error(`no next run for ${cronPattern(t)} in ${t.timezone}`);
  return next.getTime();
}

/** Slots examined when catching up; past that the latest is taken from a later start (a schedule idle for decades). */
const CATCH_UP_SLOTS = 5_000;

/**
 * The catch-up rule: a schedule due at `due` and found at `now` (a node was down, or busy) makes one run,
 * for the latest slot not after `now`, however many slots were missed; the next run is the first slot
 * after `now`.
 */
export function dueSlot(t: Timing, due: number, now: number): { slot: number; next: number } {
  const cron = new Cron(cronPattern(t), { timezone: t.timezone });
  let slot = due;
  for (let i = 0; i < CATCH_UP_SLOTS; i += 1) {
    const after = cron.nextRun(new Date(slot));
    if (!after || after.getTime() > now) break;
    slot = after.getTime();
  }
  return { slot: Math.min(slot, now), next: nextSlotAfter(t, now) };
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_RE = /^\d{4}-\d{2}$/;

function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The calendar days a run covers: the day before the slot, the 7 days before it, or the month before it (in the schedule's timezone). */
export function periodOf(frequency: TScheduleFrequency, slot: number, timezone: string): { from: string; to: string } {
  const today = dateInZone(slot, timezone);
  if (frequency === 'weekly') return { from: shiftDay(today, -7), to: shiftDay(today, -1) };
  if (frequency === 'monthly') {
    const firstOfMonth = `${today.slice(0, 7)}-01`;
    const last = shiftDay(firstOfMonth, -1);
    return { from: `${last.slice(0, 7)}-01`, to: last };
  }
  const yesterday = shiftDay(today, -1);
  return { from: yesterday, to: yesterday };
}

/**
 * The filters of one run: those of the list when the schedule was made, with its dates (`from`/`to`,
 * days or months) moved to the period the run covers, so that each mail brings the new rows; a list
 * without dates is exported as it was filtered. Also the period as the mail names it.
 */
export function runFilters(
  filters: Record<string, string | number | boolean>,
  frequency: TScheduleFrequency,
  slot: number,
  timezone: string,
): { filters: Record<string, string | number | boolean>; period: string } {
  const { from, to } = periodOf(frequency, slot, timezone);
  const out = { ...filters };
  const dated = (k: 'from' | 'to', pattern: RegExp) => typeof out[k] === 'string' && pattern.test(out[k]);
  if (dated('from', DAY_RE) && dated('to', DAY_RE)) {
    out.from = from;
    out.to = to;
    return { filters: out, period: from === to ? from : `${from} ~ ${to}` };
  }
  if (dated('from', MONTH_RE) && dated('to', MONTH_RE)) {
    out.from = from.slice(0, 7);
    out.to = to.slice(0, 7);
    return { filters: out, period: out.from === out.to ? out.from : `${out.from} ~ ${out.to}` };
  }
  return { filters: out, period: dateInZone(slot, timezone) };
}
