/** Spec §3 timezone options. `id` is what local storage key 'timezone' holds. */
export type TTimezoneOption = {
  id: number;
  timezone: string;
  value: string;
  cn: string;
  hk: string;
  en: string;
};

export const TIMEZONE_OPTIONS: readonly TTimezoneOption[] = [
  {
    id: 1,
    timezone: 'Asia/Shanghai',
    value: 'UTC+08:00',
    cn: '(UTC+08:00) 北京，重庆，香港，乌鲁木齐',
    hk: '(UTC+08:00) 北京，重慶，香港，烏魯木齊',
    en: '(UTC+08:00) Beijing, Chongqing, Hong Kong, Urumqi',
  },
  {
    id: 2,
    timezone: 'Asia/Kuala_Lumpur',
    value: 'UTC+08:00',
    cn: '(UTC+08:00) 吉隆坡，新加坡',
    hk: '(UTC+08:00) 吉隆坡，新加坡',
    en: '(UTC+08:00) Kuala Lumpur, Singapore',
  },
  { id: 3, timezone: 'Asia/Seoul', value: 'UTC+09:00', cn: '(UTC+09:00) 首尔', hk: '(UTC+09:00) 首爾', en: '(UTC+09:00) Seoul' },
  { id: 4, timezone: 'Europe/London', value: 'GMT/BST', cn: '(GMT/BST) 伦敦', hk: '(GMT/BST) 倫敦', en: '(GMT/BST) London' },
  { id: 5, timezone: 'Europe/Paris', value: 'CET/CEST', cn: '(CET/CEST) 巴黎', hk: '(CET/CEST) 巴黎', en: '(CET/CEST) Paris' },
  { id: 6, timezone: 'America/New_York', value: 'EST/EDT', cn: '(EST/EDT) 纽约', hk: '(EST/EDT) 紐約', en: '(EST/EDT) New York' },
  { id: 7, timezone: 'America/Chicago', value: 'CST/CDT', cn: '(CST/CDT) 芝加哥', hk: '(CST/CDT) 芝加哥', en: '(CST/CDT) Chicago' },
];

export const DEFAULT_TIMEZONE_ID = 1;
export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

/** The business day is cut at midnight UTC+08:00 (spec §9). */
export const BUSINESS_DAY_TIMEZONE = 'Asia/Shanghai';

/**
 * Spec §3: the stored id wins when valid; otherwise default 1 unless the user's
 * timeZone (from user info) matches an option.
 */
export function resolveTimezoneId(stored: string | null | undefined, userTimeZone: string | null | undefined): number {
  const n = Number(stored);
  if (stored && Number.isInteger(n) && TIMEZONE_OPTIONS.some((o) => o.id === n)) return n;
  const match = TIMEZONE_OPTIONS.find((o) => o.timezone === userTimeZone);
  return match ? match.id : DEFAULT_TIMEZONE_ID;
}

export function timezoneById(id: number): TTimezoneOption {
  return TIMEZONE_OPTIONS.find((o) => o.id === id) ?? TIMEZONE_OPTIONS[0]!;
}

export function isKnownTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A wall clock's fields (month 1-12). */
export type TZoneParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall clock of `tz` at instant `ms`, to the second, as Intl reads it. One formatter per zone,
 * kept: building one costs far more than using it (dayjs's `.tz()` builds one on every call).
 */
export function zonePartsAt(ms: number, tz: string): TZoneParts {
  let format = wallClockFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(tz, format);
  }
  const out: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour!, minute: out.minute!, second: out.second! };
}

/** The offset of `tz` at instant `ms` as Intl formats it, in ms (whole seconds: the formatted parts have no milliseconds). */
export function intlOffsetMs(ms: number, tz: string): number {
  const p = zonePartsAt(ms, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}
