/**
 * What an export is made of, below every writer: a column (header, value, optional format),
 * a cell value (text, number, NumberCell with its format, or empty), the spec of one file, and the
 * cell rules both formats share: a formula guard on text that a spreadsheet would run (except a plain
 * signed decimal such as "-12.50"), RFC 4180 quoting, money as its exact decimal text with the
 * currency's minor units, times as "YYYY-MM-DD HH:mm:ss" in the caller's timezone (fast enough for a
 * million cells), and waiting for a full socket to drain.
 */
import type { TExportFormat } from '@mbo/shared/list';
import { minorUnitsOf, toMajorString } from '@mbo/shared/money';
import { formatBp } from '@mbo/shared/reports';
import type { Writable } from 'node:stream';
import type { ExportPool } from './export-pool';
import type { SliceJob } from './export-slices';
import type { KeysetWalk } from './keyset-walk';
import { zoneOffsetMs } from './time';
import { EPOCH_SERIAL, XLSX_STYLE, type XlsxStyle } from './xlsx-rows';

/** How a number reads in a spreadsheet. */
export type CellFormat = 'integer' | 'amount0' | 'amount2' | 'amount3' | 'percent' | 'dateTime' | 'date';

/**
 * A number with its exact text: CSV writes `text`, XLSX writes `value` with the format. `toString`
 * gives the text, so code that used the helpers' former text results in a template still reads right.
 */
export class NumberCell {
  constructor(
    readonly value: number,
    readonly format: CellFormat,
    readonly text: string,
  ) {}
  toString(): string {
    return this.text;
  }
}

export type ExportCell = string | number | null | NumberCell;

const QUARTER_HOUR_MS = 900_000;
export const DAY_MS = 86_400_000;

/**
 * A fast "YYYY-MM-DD HH:mm:ss" formatter for export cells in the caller's timezone. Intl formatting
 * costs over a microsecond a call (seconds for a million rows); the zone offset only changes on
 * quarter-hour boundaries, so it is looked up once per quarter hour and the rest is date arithmetic.
 */
export function createTimeFormatter(timezone: string): (ms: number) => string {
  const local = createLocalClock(timezone);
  const text = wallClockText();
  return (ms) => text(local(ms));
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
/** Wall-clock ms of years 0000-9999, where toISOString has its plain "YYYY-MM-DD" form. */
const LAST_PLAIN_MS = 253_402_300_800_000;

/**
 * "YYYY-MM-DD HH:mm:ss" of a wall-clock time (UTC getters), the text `toISOString` gives: the date part
 * is made once per day (rows come sorted by time), the time of day from a table of two-digit texts.
 */
export function wallClockText(): (at: number) => string {
  let day = Number.NaN;
  let prefix = '';
  return (at) => {
    if (!(at >= 0 && at < LAST_PLAIN_MS) || !Number.isInteger(at)) {
      const iso = new Date(at).toISOString();
      return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
    }
    const d = Math.floor(at / DAY_MS);
    if (d !== day) {
      day = d;
      prefix = `${new Date(d * DAY_MS).toISOString().slice(0, 10)} `;
    }
    let sec = Math.floor((at - d * DAY_MS) / 1000);
    const h = Math.floor(sec / 3600);
    sec -= h * 3600;
    const m = Math.floor(sec / 60);
    return prefix + TWO_DIGITS[h]! + ':' + TWO_DIGITS[m]! + ':' + TWO_DIGITS[sec - m * 60]!;
  };
}

/**
 * Epoch ms shifted to the wall clock of `timezone` (read with UTC getters). The zone offset is looked
 * up once per UTC day when it is the same at the day's start, middle and end (every day but those of a
 * change), else once per quarter hour; rows come sorted by time, so the last day is kept at hand.
 */
export function createLocalClock(timezone: string): (ms: number) => number {
  const days = new Map<number, number | null>();
  const quarters = new Map<number, number>();
  let lastDay = Number.NaN;
  let lastOffset = 0;
  return (ms) => {
    const day = Math.floor(ms / DAY_MS);
    if (day === lastDay) return ms + lastOffset;
    let offset = days.get(day);
    if (offset === undefined) {
      const start = day * DAY_MS;
      const a = zoneOffsetMs(start, timezone);
      offset = a === zoneOffsetMs(start + DAY_MS / 2, timezone) && a === zoneOffsetMs(start + DAY_MS - 1, timezone) ? a : null;
      if (days.size > 10_000) days.clear();
      days.set(day, offset);
    }
    if (offset !== null) {
      lastDay = day;
      lastOffset = offset;
      return ms + offset;
    }
    const bucket = Math.floor(ms / QUARTER_HOUR_MS);
    let q = quarters.get(bucket);
    if (q === undefined) {
      q = zoneOffsetMs(bucket * QUARTER_HOUR_MS, timezone);
      if (quarters.size > 10_000) quarters.clear();
      quarters.set(bucket, q);
    }
    return ms + q;
  };
}

/** A wall-clock time (ms read with UTC getters) as a spreadsheet serial date. */
export function serialOf(localMs: number): number {
  return localMs / DAY_MS + EPOCH_SERIAL;
}

export type ExportColumn<Row> = {
  header: string;
  value: (row: Row) => ExportCell;
  /**
   * Optional: how XLSX shows this column's plain numbers or numeric text ("12.50", "72.34%",
   * "2026-05-01", "2026-05-01 10:00:00"): written as a number with this format. Without it a
   * plain number is a number and text stays text, as before.
   */
  format?: CellFormat;
  /**
   * XLSX: whether this column's cell may be empty (a text or time field marked optional). The cell
   * after such a column always carries its reference (SheetRowXml), so a spreadsheet places it right.
   */
  optional?: boolean;
};

export type ExportFormat = TExportFormat;

export type ExportSpec<Row> = {
  format: ExportFormat;
  /** File name without extension. */
  filename: string;
  columns: readonly ExportColumn<Row>[];
  batches: AsyncIterable<readonly Row[]>;
  /** Sheet name prefix of XLSX files. */
  sheetName?: string;
  /** Data rows per XLSX sheet (tests lower it). */
  maxRowsPerSheet?: number;
  /** The batches as a keyset walk, read by the export pool's threads (writeSliced). */
  sliced?: { pool: ExportPool; job: SliceJob; walk: KeysetWalk<Row> };
};

/** XLSX holds 1,048,576 rows per sheet; one is the header. */
export const XLSX_MAX_DATA_ROWS = 1_048_575;

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain signed decimal ("-12.50"): a negative amount, not a formula. */
export const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** Text a spreadsheet would run as a formula is prefixed with an apostrophe (plain signed numbers are left alone). */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** Anything that needs a formula guard or quoting; most cells match neither and are returned as they are. */
export const CSV_SPECIAL = /^[=+\-@\t\r]|[",\r\n]/;

export function csvCell(value: ExportCell): string {
  if (typeof value === 'string') return CSV_SPECIAL.test(value) ? csvText(value) : value;
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return value.text;
}

/** Text that needs a formula guard or quoting. */
export function csvText(value: string): string {
  const text = neutralizeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * XLSX needs no formula guard: a cell is a formula only when the file writes one (`<f>`), and the
 * writer puts every text into an inline string cell, which a spreadsheet shows as the text it is,
 * "=1+1" included. An apostrophe, the CSV guard, would show up as part of the cell's text here.
 */
export const STYLE_OF: Record<CellFormat, XlsxStyle> = {
  integer: XLSX_STYLE.integer,
  amount0: XLSX_STYLE.amount0,
  amount2: XLSX_STYLE.amount2,
  amount3: XLSX_STYLE.amount3,
  percent: XLSX_STYLE.percent,
  dateTime: XLSX_STYLE.dateTime,
  date: XLSX_STYLE.date,
};

/** Waits until the reader caught up; fails when the reader went away (client disconnected), which stops the export. */
export function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      out.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      out.off('drain', onDrain);
      reject(new Error('export stream closed before the file was complete'));
    };
    out.once('drain', onDrain);
    out.once('close', onClose);
  });
}

export async function write(out: Writable, chunk: string | Buffer): Promise<void> {
  if (out.destroyed) throw new Error('export stream closed before the file was complete');
  if (!out.write(chunk)) await drained(out);
}

const AMOUNT_FORMATS: readonly CellFormat[] = ['amount0', 'amount0', 'amount2', 'amount3'];

/** The amount format of a currency's decimals. */
export function amountFormat(currency: string): CellFormat {
  return AMOUNT_FORMATS[minorUnitsOf(currency)] ?? 'amount2';
}

type CurrencyCells = { units: number; format: CellFormat; scale: number };
const CURRENCY_CELLS = new Map<string, CurrencyCells>();

function currencyCells(currency: string): CurrencyCells {
  let c = CURRENCY_CELLS.get(currency);
  if (c === undefined) {
    const units = minorUnitsOf(currency);
    c = { units, format: amountFormat(currency), scale: 10 ** units };
    if (CURRENCY_CELLS.size > 1_000) CURRENCY_CELLS.clear();
    CURRENCY_CELLS.set(currency, c);
  }
  return c;
}

/**
 * Minor units as an amount cell (exact text, number with the currency's decimals): the text of
 * toMajorString, made without its padding for amounts of a unit or more. The number is the minor
 * units divided by 10^decimals, the double nearest the text, as Number(text) would give.
 */
export function moneyCell(minor: number, currency: string): NumberCell {
  // `+ 0` turns -0 into 0, as Number('0.00') reads.
  const n = Number(minor) + 0;
  const { units, format, scale } = currencyCells(currency);
  if (!Number.isSafeInteger(n)) {
    const text = toMajorString(n, currency);
    return new NumberCell(Number(text), format, text);
  }
  if (units === 0) return new NumberCell(n, format, String(n));
  const negative = n < 0;
  const digits = String(negative ? -n : n);
  let text: string;
  if (digits.length > units) text = digits.slice(0, -units) + '.' + digits.slice(-units);
  else text = toMajorString(negative ? -n : n, currency);
  return new NumberCell(n / scale, format, negative ? '-' + text : text);
}

/** Basis points as a percent cell ("72.34%" / 0.7234). */
export function percentCell(bp: number | null): NumberCell | null {
  if (bp === null) return null;
  return new NumberCell(Number(bp) / 10_000, 'percent', formatBp(Number(bp)));
}
