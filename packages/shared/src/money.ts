/**
 * Money is an integer in minor units plus an ISO 4217 code. Responses carry minor units; the web app
 * formats them (platform/format.ts, formatMoney with `minorUnits`). Amounts a person types are text in
 * major units, parsed here exactly (no floating point).
 */
const MINOR_UNITS: Record<string, number> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  HKD: 2,
  CNY: 2,
  JPY: 0,
  KRW: 0,
  AUD: 2,
  CAD: 2,
  SGD: 2,
  TWD: 2,
  MYR: 2,
  CHF: 2,
};

/** Minor units of a currency (2 when the code is not known here). */
export function minorUnitsOf(currency: string): number {
  return MINOR_UNITS[currency.toUpperCase()] ?? 2;
}

/**
 * "1,234.5" -> 123450 for a 2-decimal currency. Null when the text is not a positive amount with at
 * most the currency's decimals (so "0.001" USD, "-1", "1e3" and "" are all refused).
 */
export function parseMajorAmount(text: string, currency: string): number | null {
  const units = minorUnitsOf(currency);
  const clean = text.trim().replace(/,/g, '');
  const re = units > 0 ? new RegExp(`^(\\d{1,13})(?:\\.(\\d{1,${units}}))?$`) : /^(\d{1,15})$/;
  const m = re.exec(clean);
  if (!m) return null;
  const whole = Number(m[1]);
  const fraction = units > 0 ? Number((m[2] ?? '').padEnd(units, '0')) : 0;
  const minor = whole * 10 ** units + fraction;
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

/** 123450 USD -> "1234.50" (no grouping: for inputs, CSV and XLSX cells). */
export function toMajorString(minor: number, currency: string): string {
  const units = minorUnitsOf(currency);
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(units + 1, '0');
  const body = units > 0 ? `${digits.slice(0, -units)}.${digits.slice(-units)}` : digits;
  return negative ? `-${body}` : body;
}
