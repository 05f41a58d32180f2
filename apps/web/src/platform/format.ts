import { minorUnitsOf } from '@mbo/shared/money';
import { dayjs } from './dayjs';
import { inZone } from './zone-clock';
import { getTimezoneName } from './timezone';

export const DEFAULT_TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
/** Format tokens that print the offset or the zone (also matched inside [escaped] text: then the slower way). */
const OFFSET_TOKEN = /Z|z/;

function toMillis(value: number): number {
  // Spec §9: ten-digit numeric timestamps are seconds.
  return String(Math.trunc(Math.abs(value))).length === 10 ? value * 1000 : value;
}

/**
 * Formats a server time for display in the chosen timezone (spec §9). Accepts ISO strings, ms
 * numbers, 10-digit second timestamps, numeric strings and Dates. Date-time strings without an
 * offset are read as UTC (the server stores UTC); a bare calendar date (YYYY-MM-DD) has no instant
 * and is shown as it is. Returns '' for empty or unreadable input.
 */
export function parseTime(value: string | number | Date | null | undefined, pattern: string = DEFAULT_TIME_PATTERN, tz?: string): string {
  if (value === null || value === undefined || value === '') return '';
  const zone = tz ?? getTimezoneName();
  let instant: dayjs.Dayjs;
  if (value instanceof Date) {
    instant = dayjs(value);
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    instant = dayjs(toMillis(value));
  } else {
    const text = value.trim();
    if (/^-?\d+$/.test(text)) {
      instant = dayjs(toMillis(Number(text)));
    } else if (DATE_ONLY.test(text)) {
      const date = dayjs(text);
      return date.isValid() ? date.format(pattern) : '';
    } else if (HAS_OFFSET.test(text)) {
      instant = dayjs(text);
    } else {
      instant = dayjs.utc(text.replace(' ', 'T'));
    }
  }
  if (!instant.isValid()) return '';
  // An offset token needs dayjs's own zone; the wall clock alone formats every other pattern.
  return OFFSET_TOKEN.test(pattern) ? instant.tz(zone).format(pattern) : inZone(instant, zone).format(pattern);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A count with thousands separators ("88,547"), like amounts; '' for empty input. */
export function formatCount(value: number | string | null | undefined): string {
  const n = readNumber(value);
  if (n === null) return '';
  const whole = Math.trunc(n);
  return `${whole < 0 ? '-' : ''}${groupThousands(String(Math.abs(whole)))}`;
}

/** A percentage with two decimals ("72.34%") from a number of percent; '-' when there is none. */
export function formatPercent(percent: number | null | undefined): string {
  return percent === null || percent === undefined || !Number.isFinite(percent) ? '-' : `${percent.toFixed(2)}%`;
}

/** Rounds half away from zero at `decimals` places without binary floating-point surprises (1.005 -> 1.01). */
function scaleToInteger(value: number, decimals: number): number {
  const sign = value < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(value)}e${decimals}`);
  return sign * Math.round(shifted);
}

export type TMoneyOptions = {
  /**
   * When given, `value` is an integer in minor units of a currency with this many minor units
   * (e.g. 2 for USD: 123456 -> 1,234.56; 0 for JPY). Otherwise `value` is in major units.
   */
  minorUnits?: number;
  decimals?: number;
};

function toMajor(value: number, minorUnits: number | undefined): number {
  return minorUnits === undefined ? value : value / 10 ** minorUnits;
}

function readNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Money for display (spec §9): thousands separators and two decimals. '' for empty input. */
export function formatMoney(value: number | string | null | undefined, options: TMoneyOptions = {}): string {
  const n = readNumber(value);
  if (n === null) return '';
  const decimals = options.decimals ?? 2;
  let scaled: number;
  if (options.minorUnits !== undefined && Number.isInteger(n) && options.minorUnits <= decimals) {
    // Exact: whole minor units only need padding, never rounding.
    scaled = n * 10 ** (decimals - options.minorUnits);
  } else {
    scaled = scaleToInteger(toMajor(n, options.minorUnits), decimals);
  }
  const negative = scaled < 0;
  const digits = String(Math.abs(scaled)).padStart(decimals + 1, '0');
  const whole = decimals > 0 ? digits.slice(0, -decimals) : digits;
  const fraction = decimals > 0 ? `.${digits.slice(-decimals)}` : '';
  return `${negative ? '-' : ''}${groupThousands(whole)}${fraction}`;
}

/** Integer variant (spec §9): rounds up to a whole number, thousands separators, no decimals. */
export function formatMoneyInteger(value: number | string | null | undefined, options: Pick<TMoneyOptions, 'minorUnits'> = {}): string {
  const n = readNumber(value);
  if (n === null) return '';
  const major = toMajor(n, options.minorUnits);
  // Strip float noise (0.1 + 0.2) before taking the ceiling so exact integers stay put.
  const rounded = Math.ceil(Number(major.toFixed(8)));
  const negative = rounded < 0;
  return `${negative ? '-' : ''}${groupThousands(String(Math.abs(rounded)))}`;
}

/**
 * The one money formatter of the screens: integer minor units of `currency` shown with thousands
 * separators and the currency's own decimals ("1,234.50 USD", "1,235 JPY"); `code: false` leaves
 * the code out where a column or card already names it.
 */
export function formatAmount(minor: number, currency: string, { code = true }: { code?: boolean } = {}): string {
  const units = minorUnitsOf(currency);
  const text = formatMoney(minor, { minorUnits: units, decimals: units });
  return code ? `${text} ${currency}` : text;
}
