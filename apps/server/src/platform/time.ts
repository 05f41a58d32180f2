import { DEFAULT_TIMEZONE, intlOffsetMs, isKnownTimezone, zonePartsAt, type TZoneParts } from '@mbo/shared/timezones';
import { tableOffsetMs, zoneTableOf } from '@mbo/shared/zone-offsets';
import { ZONE_TABLE } from '@mbo/shared/zone-table';

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
    known = Object.hasOwn(ZONE_TABLE, v) || isKnownTimezone(v);
    // Bounded: the header is the client's to choose.
    if (checkedTimezones.size < 1000) checkedTimezones.set(v, known);
  }
  return known ? v : DEFAULT_TIMEZONE;
}

function partsInZone(ms: number, tz: string): TZoneParts {
  const table = zoneTableOf(ms, tz);
  if (table) {
    const d = new Date(ms + tableOffsetMs(table, ms));
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    };
  }
  return zonePartsAt(ms, tz);
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

/**
 * Offset of `tz` from UTC at instant `ms`, in milliseconds (positive east of Greenwich): from the
 * timezone options' table (zoneTableOf in the shared zone-offsets.ts, which says why), else from Intl, kept.
 */
export function zoneOffsetMs(ms: number, tz: string): number {
  const table = zoneTableOf(ms, tz);
  if (table) return tableOffsetMs(table, ms);
  const key = `${tz} ${ms}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  return offsets.set(key, intlOffsetMs(ms, tz));
}

/**
 * A zone's offsets from `fromMs` to `untilMs` as Intl gives them, in the table's form: the offset at
 * `fromMs`, then every change at the second it takes effect. Read a day at a time (zones change at
 * most twice a year), each change narrowed to its second.
 */
export function scanZoneTransitions(tz: string, fromMs: number, untilMs: number): number[] {
  let offset = intlOffsetMs(fromMs, tz);
  const out = [Math.floor(fromMs / 1000), offset / 1000];
  let lo = fromMs;
  while (lo < untilMs) {
    const hi = Math.min(lo + DAY_MS, untilMs);
    if (intlOffsetMs(hi, tz) === offset) {
      lo = hi;
      continue;
    }
    // The offset changed in (lo, hi]: narrow it to the first second with the new offset.
    let a = Math.floor(lo / 1000);
    let b = Math.floor(hi / 1000);
    while (b - a > 1) {
      const mid = Math.floor((a + b) / 2);
      if (intlOffsetMs(mid * 1000, tz) === offset) a = mid;
      else b = mid;
    }
    offset = intlOffsetMs(b * 1000, tz);
    out.push(b, offset / 1000);
    lo = b * 1000;
  }
  return out;
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
