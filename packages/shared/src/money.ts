/**
 * Money is an integer in minor units plus an ISO 4217 code. Responses carry minor units; the web app
 * formats them (platform/format.ts, formatMoney with `minorUnits`). Amounts a person types are text in
 * major units, parsed here exactly (no floating point) and by this file only: every amount the product
 * accepts (refunds, list filters, withdrawals, payment links) goes through `parseMajorAmount` or
 * `isMajorAmountText`, so one rule holds everywhere.
 *
 * The canonical amount text is ASCII digits, optionally a dot and at most the currency's decimals:
 * "1234.5", "0.07", "1200". Anything else is refused rather than guessed at: a comma (decimal comma
 * or grouping: "1,5" would otherwise read as 15), a space, a second dot, a sign, an exponent,
 * full-width or other non-ASCII digits, a leading or trailing dot.
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

/** The currencies whose decimals are known here, with them (any other code has 2): for code that needs the table itself, such as an export's SQL. */
export function knownMinorUnits(): ReadonlyArray<readonly [string, number]> {
  return Object.entries(MINOR_UNITS);
}

/** Minor units of a currency (2 when the code is not known here). */
export function minorUnitsOf(currency: string): number {
  return MINOR_UNITS[currency.toUpperCase()] ?? 2;
}

/** The most decimals any supported currency has: the bound of amount filters that span currencies. */
export const MAX_AMOUNT_DECIMALS = 2;

/** Digits of an amount in minor units kept within Number.MAX_SAFE_INTEGER (16 digits, minus one for headroom). */
const MAX_AMOUNT_DIGITS = 15;

function amountPattern(maxDecimals: number): RegExp {
  const whole = MAX_AMOUNT_DIGITS - maxDecimals;
  return maxDecimals > 0 ? new RegExp(`^(\\d{1,${whole}})(?:\\.(\\d{1,${maxDecimals}}))?$`) : new RegExp(`^(\\d{1,${whole}})$`);
}

/**
 * Whether `text` is a canonical amount with at most `maxDecimals` decimals (zero included). For
 * amount text in list filters, as a zod refinement:
 * `z.string().refine((s) => isMajorAmountText(s), 'trade.badAmount')`.
 */
export function isMajorAmountText(text: string, maxDecimals: number = MAX_AMOUNT_DECIMALS): boolean {
  return amountPattern(maxDecimals).test(text);
}

/** Canonical amount text with at most `decimals` decimals -> minor units; null when it is not canonical. */
export function majorTextToMinor(text: string, decimals: number): number | null {
  const m = amountPattern(decimals).exec(text);
  if (!m) return null;
  const whole = Number(m[1]);
  const fraction = decimals > 0 ? Number((m[2] ?? '').padEnd(decimals, '0')) : 0;
  const minor = whole * 10 ** decimals + fraction;
  return Number.isSafeInteger(minor) ? minor : null;
}

/**
 * "1234.5" -> 123450 for a 2-decimal currency. Null when the text is not a positive canonical amount
 * with at most the currency's decimals (so "0.001" USD, "12.5" JPY, "1,5", "-1", "1e3", " 1" and ""
 * are all refused).
 */
export function parseMajorAmount(text: string, currency: string): number | null {
  const minor = majorTextToMinor(text, minorUnitsOf(currency));
  return minor !== null && minor > 0 ? minor : null;
}

/**
 * What a form may accept as typed, made canonical before it is sent: surrounding spaces are dropped
 * and commas are removed only where they group thousands ("1,234.50" -> "1234.50"). A comma anywhere
 * else ("1,5", "12,50", "1,23,4") is ambiguous and is kept, so the amount stays invalid instead of
 * becoming a different number.
 */
export function canonicalAmountInput(typed: string): string {
  const text = typed.trim();
  return /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replace(/,/g, '') : text;
}

/** 123450 USD -> "1234.50" (no grouping: for inputs, CSV and XLSX cells). */
export function toMajorString(minor: number, currency: string): string {
  const units = minorUnitsOf(currency);
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(units + 1, '0');
  const body = units > 0 ? `${digits.slice(0, -units)}.${digits.slice(-units)}` : digits;
  return negative ? `-${body}` : body;
}
