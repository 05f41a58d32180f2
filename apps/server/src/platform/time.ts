import { DEFAULT_TIMEZONE, isKnownTimezone } from '@mbo/shared/timezones';

export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** Names already checked: building an Intl.DateTimeFormat to check one costs more than the rest of a cached request. */
const checkedTimezones = new Map<string, boolean>();

/** The `timezone` request header: an IANA name, anything else falls back to Asia/Shanghai. */
export function timezoneFromHeader(value: string | string[] | undefined): string {
  const v = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!v || v.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(v)) return DEFAULT_TIMEZONE;
  let known = checkedTimezones.get(v);
  if (known === undefined) {
    known = isKnownTimezone(v);
    // Bounded: the header is the client's to choose.
    if (checkedTimezones.size < 1000) checkedTimezones.set(v, known);
  }
  return known ? v : DEFAULT_TIMEZONE;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function partsInZone(ms: number, tz: string): Parts {
  const out: Record<string, number> = {};
  for (const p of formatterFor(tz).formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute!, second: out.second! };
}

/**
 * A bounded memo of answers that depend only on their key (a timezone's rules do not change while the
 * process runs): formatting an instant into its parts costs several microseconds, and one list request
 * needs about twenty of them for the same few instants (its range's day starts).
 */
function memo<V>(max: number): { get: (key: string) => V | undefined; set: (key: string, value: V) => V } {
  const kept = new Map<string, V>();
  return {
    get: (key) => kept.get(key),
    set: (key, value) => {
      // Oldest first out: the keys a client chooses (dates, timezones) cannot grow it without bound.
      if (kept.size >= max) kept.delete(kept.keys().next().value ?? '');
      kept.set(key, value);
      return value;
    },
  };
}

const offsets = memo<number>(4096);

/** Offset of `tz` from UTC at instant `ms`, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(ms: number, tz: string): number {
  const key = `${tz} ${ms}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const p = partsInZone(ms, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  // The formatted parts have whole seconds: compare against the instant truncated the same way.
  return offsets.set(key, asUtc - Math.floor(ms / 1000) * 1000);
}

const dayStarts = memo<number>(4096);

/**
 * The first instant of a calendar day in `tz`: local midnight, the earlier one when midnight happens
 * twice (fall-back at midnight), or the transition itself when a spring-forward skips midnight.
 */
export function startOfDayInZone(year: number, month: number, day: number, tz: string): number {
  const key = `${tz} ${year}-${month}-${day}`;
  return dayStarts.get(key) ?? dayStarts.set(key, findStartOfDay(year, month, day, tz));
}

function findStartOfDay(year: number, month: number, day: number, tz: string): number {
  const wall = Date.UTC(year, month - 1, day);
  const offsetBefore = zoneOffsetMs(wall - DAY_MS, tz);
  const offsetAfter = zoneOffsetMs(wall + DAY_MS, tz);
  const candidates = [wall - offsetBefore, wall - offsetAfter];
  const valid = candidates.filter((c) => {
    const p = partsInZone(c, tz);
    return p.year === year && p.month === month && p.day === day && p.hour === 0 && p.minute === 0 && p.second === 0;
  });
  if (valid.length > 0) return Math.min(...valid);
  // Midnight was skipped (zones that change clocks at 00:00): the old offset's midnight is the jump, the day's first instant.
  return wall - offsetBefore;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseDate(value: string): { year: number; month: number; day: number } | null {
  const m = DATE_RE.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

export type MsRange = { fromMs: number; toMs: number };

/**
 * Calendar dates `from`..`to` (inclusive, YYYY-MM-DD) as seen in `tz`, turned into UTC epoch-millisecond
 * bounds: `fromMs` inclusive, `toMs` exclusive (the start of the day after `to`). A day across a DST
 * change is 23 or 25 hours long, which fixed 24-hour arithmetic would get wrong.
 */
export function dayRangeInZone(from: string, to: string, tz: string): MsRange {
  const a = parseDate(from);
  const b = parseDate(to);
  if (!a || !b) throw new RangeError('dates must be YYYY-MM-DD');
  const after = new Date(Date.UTC(b.year, b.month - 1, b.day + 1));
  const fromMs = startOfDayInZone(a.year, a.month, a.day, tz);
  const toMs = startOfDayInZone(after.getUTCFullYear(), after.getUTCMonth() + 1, after.getUTCDate(), tz);
  if (toMs <= fromMs) throw new RangeError('`to` must not be before `from`');
  return { fromMs, toMs };
}

/** Calendar date (YYYY-MM-DD) of instant `ms` in `tz`. */
export function dateInZone(ms: number, tz: string): string {
  const p = partsInZone(ms, tz);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Bounds of "today" in `tz`. */
export function todayInZone(nowMs: number, tz: string): MsRange {
  const today = dateInZone(nowMs, tz);
  return dayRangeInZone(today, today, tz);
}

export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}
