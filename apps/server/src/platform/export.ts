/**
 * Streaming file exports (CSV and XLSX) for every list of the product.
 *
 *   await sendExport(reply, {
 *     format: 'csv' | 'xlsx',
 *     filename: 'refunds_2026-05-01_2026-05-31',      // without extension; the format adds it
 *     columns: [{ header: 'Refund number', value: (row) => row.refund_no }, ...],
 *     batches: repo.iterateRefunds(db, ctx),            // AsyncIterable<Row[]>, e.g. keyset batches of 1,000
 *   });
 *
 * - Rows are pulled one batch at a time and written as the client reads: the writer waits for
 *   'drain' whenever the socket buffer is full, so memory stays flat whatever the row count.
 * - Headers are what the caller passes (translate them first, in the caller's language).
 * - A cell value is a string, a number or null (empty). In CSV, text that a spreadsheet would read
 *   as a formula (starting with = + - @, tab or carriage return) gets a leading apostrophe, except a
 *   plain signed decimal such as "-12.50" (a negative amount); in XLSX text is a plain string cell,
 *   never a formula, and keeps its exact text. Numbers are written as numbers. Format money as text (toMajorString) so no precision is lost.
 * - CSV: UTF-8 with a byte-order mark (Excel then reads Chinese text correctly), CRLF line ends,
 *   RFC 4180 quoting.
 * - XLSX: the streaming writer in xlsx-writer.ts (inline strings, no styles, deflated as rows come,
 *   constant memory; about twice as fast as a general spreadsheet library); a new sheet every
 *   1,048,575 data rows (the format's row limit with the header row).
 *   The export threads have SQLite make a batch's sheet XML where every column gives its cell as SQL
 *   (xlsxSqlPlan), as csvSqlPlan does for CSV; the file is the same either way.
 * - Times: createTimeFormatter(timezone) gives "YYYY-MM-DD HH:mm:ss" in the caller's timezone, fast
 *   enough for a million cells.
 * - The file name goes into Content-Disposition as plain ASCII and as RFC 5987 `filename*`.
 * - An error after the first byte cannot become a JSON envelope any more: the stream is destroyed
 *   so the client sees a failed download instead of a silently truncated file.
 */
import { isUtf8 } from 'node:buffer';
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TLanguage } from '@mbo/shared/i18n';
import type { TExportFormat } from '@mbo/shared/list';
import { knownMinorUnits, minorUnitsOf, toMajorString } from '@mbo/shared/money';
import { formatBp } from '@mbo/shared/reports';
import type { TPermission } from '@mbo/shared/permissions';
import { dialectOf, type Db, type DialectName } from '../db/database';
import { keysUnder, translate } from './i18n';
import type { ExportPool, SliceJob } from './export-pool';
import { exportReaderFactory, type ExportReader, type ExportReadPlan } from './export-reader';
import { isKeysetWalk, type KeysetWalk } from './keyset-walk';
import type { MessageKey } from './messages';
import { requireSession } from './request-context';
import { narrowToGateway, type Scope } from './scope';
import { dateInZone, steadyZoneDays, zoneOffsetMs, type SteadyDays } from './time';
import {
  columnName,
  EPOCH_SERIAL,
  NUMBER_TAIL,
  textCellTail,
  XLSX_STYLE,
  XlsxStreamWriter,
  type XlsxRowTarget,
  type XlsxStyle,
} from './xlsx-writer';

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
const DAY_MS = 86_400_000;

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
function wallClockText(): (at: number) => string {
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
function createLocalClock(timezone: string): (ms: number) => number {
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
function serialOf(localMs: number): number {
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
   * Optional, for CSV on SQLite: the cell's CSV text as a SQLite expression over the list statement's
   * result columns (sqlText, ExportCells.labelSql, moneySql), exactly what `value` gives once written
   * (csvCell) whenever that text needs no quoting nor a formula guard, or NULL. When every column has
   * `sql` or `fields`, the export reader has SQLite make the runs of such cells (csvSqlPlan); a row
   * where a run is NULL or its text would need quoting or a guard is read whole and written as before.
   */
  sql?: string;
  /**
   * The row fields `value` reads: a column without `sql` in an export whose other columns have it.
   * A column with `sql` names a field here that must be read with the cells anyway (the walk's sort key).
   */
  fields?: readonly string[];
  /**
   * Optional, for XLSX on SQLite: the cell's XML as SQL (xlsxSqlPlan), exactly what `value` gives
   * once written (SheetRowXml) or marked not exact. Made by xlsxText, xlsxMadeText, moneyXlsx and
   * ExportCells.labelXlsx / timeXlsx.
   */
  xlsx?: XlsxCellSql;
};

/** A column's XLSX cell as SQL (ExportColumn.xlsx). */
export type XlsxCellSql = {
  /**
   * The cell's XML given its opening (`<c`, or `<c r="B◊"` with the row number's placeholder), as
   * SQL expressions that one concat() joins with the row's other cells (no string made per cell or
   * per part of one: that cost SQLite more than the JavaScript it replaced): nothing for an empty
   * cell (`optional` columns only), XLSX_NOT_EXACT (\u0001) somewhere when SQLite cannot make the
   * cell exactly (the batch is then written by `value`). No expression may give NULL for a cell
   * that is not empty (concat would skip it): wrap it in ifnull(..., XLSX_NOT_EXACT).
   */
  cell: (open: string) => string[];
  /** Whether the cell may be empty: the next column's cell then always carries its reference. */
  optional: boolean;
  /**
   * SQL of the stored text the cell shows, when it has to be checked for what XML escapes
   * (xlsxSqlPlan), and whether it may be empty (else an empty or NULL text fails the check).
   */
  check?: { text: string; mayBeEmpty: boolean };
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
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** Text a spreadsheet would run as a formula is prefixed with an apostrophe (plain signed numbers are left alone). */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** Anything that needs a formula guard or quoting; most cells match neither and are returned as they are. */
const CSV_SPECIAL = /^[=+\-@\t\r]|[",\r\n]/;

function csvCell(value: ExportCell): string {
  if (typeof value === 'string') return CSV_SPECIAL.test(value) ? csvText(value) : value;
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return value.text;
}

/** Text that needs a formula guard or quoting. */
function csvText(value: string): string {
  const text = neutralizeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * XLSX needs no formula guard: a cell is a formula only when the file writes one (`<f>`), and the
 * writer puts every text into an inline string cell, which a spreadsheet shows as the text it is,
 * "=1+1" included. An apostrophe, the CSV guard, would show up as part of the cell's text here.
 */
const STYLE_OF: Record<CellFormat, XlsxStyle> = {
  integer: XLSX_STYLE.integer,
  amount0: XLSX_STYLE.amount0,
  amount2: XLSX_STYLE.amount2,
  amount3: XLSX_STYLE.amount3,
  percent: XLSX_STYLE.percent,
  dateTime: XLSX_STYLE.dateTime,
  date: XLSX_STYLE.date,
};

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const PERCENT_TEXT = /^[+-]?\d+(\.\d+)?%$/;

/** A column's numeric text as the number a spreadsheet should hold, or null when it is not one. */
function numberOfText(text: string, format: CellFormat): number | null {
  if (format === 'date' || format === 'dateTime') {
    const m = DATE_TEXT.exec(text);
    if (!m) return null;
    return serialOf(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)));
  }
  if (format === 'percent' && PERCENT_TEXT.test(text)) return Number(text.slice(0, -1)) / 100;
  const plain = text.replace(/,/g, '');
  return PLAIN_NUMBER.test(plain) ? Number(plain) : null;
}

/** Column width in characters: East Asian characters count double; a date or amount column is at least as wide as its values. */
function columnWidth(header: string, format: CellFormat | undefined): number {
  let w = 0;
  for (const ch of header) w += /[\u1100-\uffff]/.test(ch) ? 2 : 1;
  const least = format === 'dateTime' ? 20 : format === 'date' ? 12 : 14;
  return Math.max(w + 2, least);
}

export function csvLine(cells: readonly ExportCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** `attachment; filename="..."; filename*=UTF-8''...`: ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Waits until the reader caught up; fails when the reader went away (client disconnected), which stops the export. */
function drained(out: Writable): Promise<void> {
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

async function write(out: Writable, chunk: string | Buffer): Promise<void> {
  if (out.destroyed) throw new Error('export stream closed before the file was complete');
  if (!out.write(chunk)) await drained(out);
}

/**
 * The CSV text of a batch of rows, one string built cell by cell (no array per row); a column that
 * repeats its last value (a status label, a currency) reuses its last cell text. One formatter per
 * run of rows, in order.
 */
export function csvRows<Row>(columns: readonly Pick<ExportColumn<Row>, 'value'>[]): (batch: readonly Row[]) => string {
  const line = csvLines(columns);
  return (batch) => {
    let chunk = '';
    for (const row of batch) chunk += line(row);
    return chunk;
  };
}

/** A cell in a run that needs quoting or would need a formula guard (commas are counted apart). */
const RUN_UNSAFE = /["\r\n]|(?:^|,)(?:[=@\t]|[+-](?!\d+(?:\.\d+)?(?:,|$)))/;

type CsvSegment = { run: string; cells: number } | { column: number };

function csvSegments(columns: readonly Pick<ExportColumn<unknown>, 'sql'>[]): CsvSegment[] {
  const out: CsvSegment[] = [];
  let runs = 0;
  columns.forEach((c, i) => {
    const last = out[out.length - 1];
    if (c.sql === undefined) out.push({ column: i });
    else if (last && 'run' in last && columns[i - 1]?.sql !== undefined) last.cells += 1;
    else out.push({ run: `__csv${runs++}`, cells: 1 });
  });
  return out;
}

const SQL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The plan of an export's CSV on SQLite, or null when a column has neither `sql` nor `fields` (or
 * none has `sql`): CSV lines made mostly by SQLite (issue 13 §5). better-sqlite3 hands each value
 * of a row to JavaScript at a cost (about 0.15 µs), and each cell is then formatted here: most of an
 * export's CPU. When every column has `sql` or `fields`, the export reader selects instead, over the list's
 * own statement, the row's `id`, the fields the other columns read and each run of consecutive
 * `sql` cells joined by commas (`__csv0`, `__csv1`, ...): a few values a row instead of one per
 * column, and the labels, amounts and masks made in SQLite's C. The reader writes this select in place
 * of the statement's own select list when it can (sql-select.ts).
 *
 * A run is used only when it is exactly the text the cells would have: no NULL cell, no quote, CR or LF,
 * exactly one comma between cells fewer than it holds (so no cell holds one), and no cell that starts
 * as a formula (= + - @ or a tab) unless it is a plain signed decimal, as csvCell would leave it. Any
 * other row is read again whole and written by the columns' `value` (openSqliteExportReader).
 */
export function csvSqlPlan<Row>(
  columns: readonly Pick<ExportColumn<Row>, 'sql' | 'fields'>[],
  dialect: DialectName = 'sqlite',
): ExportReadPlan | null {
  if (dialect === 'postgres') return csvPgPlan(columns);
  if (!columns.some((c) => c.sql !== undefined) || columns.some((c) => c.sql === undefined && c.fields === undefined)) return null;
  const fields = [...new Set(['id', ...columns.flatMap((c) => c.fields ?? [])])];
  if (!fields.every((f) => SQL_NAME.test(f))) return null;
  const runs: { name: string; cells: number; cellsSql: string }[] = [];
  let at = 0;
  for (const segment of csvSegments(columns)) {
    if ('column' in segment) {
      at += 1;
      continue;
    }
    // A NULL cell becomes a double quote, which no exact run holds, so its row is read whole (concat
    // would read NULL as empty text). One concat() makes the run's text at once: `a || ',' || b || ...`
    // made and copied a longer text at each step (callgrind, the transaction export over 10,000 rows:
    // 38.7 thousand instructions a row with `||`, 35.6 with concat, 37.4 with concat and the NULL guard).
    const parts = columns.slice(at, at + segment.cells).map((c) => `ifnull(${c.sql}, '"')`);
    runs.push({ name: segment.run, cells: segment.cells, cellsSql: parts.join(`, ',', `) });
    at += segment.cells;
  }
  // Every column a cell of SQLite's: whole lines too, CRLF included (ExportReadPlan.lines).
  const whole = runs.length === 1 && runs[0]!.cells === columns.length ? runs[0]! : null;
  return {
    ...(whole ? { lines: { line: `concat(${whole.cellsSql}, char(13, 10))`, exact: exactLines(columns.length) } } : {}),
    rows: {
      select: [...fields.map((f) => `"${f}"`), ...runs.map((r) => `concat(${r.cellsSql}) as "${r.name}"`)].join(', '),
      names: [...fields, ...runs.map((r) => r.name)],
      exact: (row) => {
        for (const r of runs) {
          const text = row[r.name];
          if (typeof text !== 'string' || RUN_UNSAFE.test(text) || countOf(text, ',') !== r.cells - 1) return false;
        }
        return true;
      },
    },
  };
}

/**
 * csvSqlPlan on PostgreSQL: whole lines only, when every column has `sql` (made for PostgreSQL:
 * exportCells(lang, timezone, 'postgres')), each cell NULL-guarded as on SQLite, checked the same way
 * (exactLinesText, over the string pg reads); a batch that is not exact is read as rows and written
 * by the columns' `value`. A million lines of the transaction export, one server and its export threads
 * on the bench machine (issue 13 §5): made by PostgreSQL, 4.3-4.8 s of PostgreSQL's CPU and 2.9-3.5 s of
 * the server's (5.0-6.3 and 3.3-5.7 s before the amounts, the response code, the last key and the
 * check changed, 2026-11-28); read as rows (through a binary COPY, db/pg-copy.ts) and formatted by the
 * columns, 3.2-3.4 s of PostgreSQL's and 10.6-11.4 s of the server's, most of it the cells' strings and
 * their garbage.
 */
function csvPgPlan(columns: readonly Pick<ExportColumn<unknown>, 'sql'>[]): ExportReadPlan | null {
  if (columns.length === 0 || columns.some((c) => c.sql === undefined)) return null;
  // concat_ws: the cells joined by one call with its separator, not a comma given between each two
  // (about 0.7 µs a row less of the transaction export's 6.6); no cell is NULL, which it would skip.
  const cells = columns.map((c) => `coalesce(${c.sql}, '"')`).join(', ');
  return {
    lines: { line: `concat_ws(',', ${cells}) || E'\\r\\n'`, exact: exactLines(columns.length), exactText: exactLinesText(columns.length) },
  };
}

/** The row number's placeholder in the XML SQLite makes: the export thread writes each row's number in its place. */
export const XLSX_ROW_MARK = '\u0002';
/** A cell SQLite could not make exactly: its batch is written by the columns' `value`. */
export const XLSX_NOT_EXACT = 'char(1)';
/**
 * In the check text, each checked cell's stored text comes after \u0001 (a cell that may not be empty)
 * or \u0003 (one that may). Unsafe: a character XML escapes or drops (a control character, \u0001 and
 * \u0003 inside a text included: the blob holds those too, and exact() refuses it), a space at either
 * end of a text, an empty text where a cell may not be empty, and U+FFFD: stored bytes that are not
 * UTF-8 read as it in JavaScript, while the blob would carry them as they are.
 */
// eslint-disable-next-line no-control-regex
const XLSX_CHECK_UNSAFE = /[&<>"\u0000\u0002\u0004-\u001f\ufffd-\uffff]|[\u0001\u0003]\s|\s(?=[\u0001\u0003]|$)|\u0001(?=[\u0001\u0003]|$)/;

/**
 * The plan of an export's XLSX on SQLite, or null when a column has no `xlsx`: each batch of rows as
 * one blob of sheet XML made by SQLite (issue 13 §5), as csvSqlPlan's lines are for CSV. A row is
 * `<row r="◊">` and its cells, ◊ the placeholder XLSX_ROW_MARK where the export thread writes the
 * row's number (the thread knows where its slice starts); the first cell and every cell after an
 * optional column carry their reference (`<c r="C◊"`), as SheetRowXml writes them with the same
 * columns. A batch is used only when it is exactly what the columns write: no cell SQLite could not
 * make (\u0001 in the blob, which no exact cell holds: the stored text of every checked column is
 * in the check text, where any control character fails it), and no checked text with a character XML
 * escapes or a space at either end. Any other batch is read as rows and written by `value`.
 */
export function xlsxSqlPlan<Row>(columns: readonly Pick<ExportColumn<Row>, 'xlsx'>[]): ExportReadPlan | null {
  const sqls = columns.map((c) => c.xlsx);
  if (sqls.length === 0 || !sqls.every((x): x is XlsxCellSql => x !== undefined)) return null;
  const parts = sqls.flatMap((x, i) => x.cell(i === 0 || sqls[i - 1]!.optional ? `<c r="${columnName(i)}${XLSX_ROW_MARK}"` : '<c'));
  const checks = sqls.flatMap((x) => (x.check === undefined ? [] : [x.check.mayBeEmpty ? 'char(3)' : 'char(1)', x.check.text]));
  return {
    xml: {
      row: concatSql(joinLiterals([sqlLiteral(`<row r="${XLSX_ROW_MARK}">`), ...parts, `'</row>'`])),
      check: checks.length > 0 ? concatSql(checks) : null,
      exact: (xml, check) => !xml.includes(1) && !xml.includes(3) && (check === null || !XLSX_CHECK_UNSAFE.test(check)),
    },
  };
}

const SQL_LITERAL = /^'(?:[^']|'')*'$/;

/** Consecutive string literals as one: concat() pays for each argument. */
function joinLiterals(parts: readonly string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (last !== undefined && SQL_LITERAL.test(last) && SQL_LITERAL.test(part)) out[out.length - 1] = last.slice(0, -1) + part.slice(1);
    else out.push(part);
  }
  return out;
}

/** concat() of SQL expressions, nested by hundreds (SQLite takes at most 127 arguments a function unless built otherwise). */
function concatSql(parts: readonly string[]): string {
  if (parts.length <= 100) return `concat(${parts.join(', ')})`;
  const groups: string[] = [];
  for (let i = 0; i < parts.length; i += 100) groups.push(concatSql(parts.slice(i, i + 100)));
  return concatSql(groups);
}

/** What the columns' cells write about empty cells (SheetRowXml): which columns' cells may be empty. */
export function xlsxOptional(columns: readonly Pick<ExportColumn<unknown>, 'xlsx'>[]): boolean[] {
  return columns.map((c) => c.xlsx?.optional === true);
}

/**
 * A text cell as XLSX SQL (ExportColumn.xlsx) from `text`, the SQL of its text (sqlText, sqlJoin):
 * checked (xlsxSqlPlan), so NULL or empty text where the column is not `optional` fails the check;
 * empty text is an empty cell where it is. The text is read once for a cell that may not be empty,
 * three times for one that may (cheap for a column; for an expression, prefer xlsxMadeText).
 */
export function xlsxText(text: string, o: { optional: boolean }): XlsxCellSql {
  return {
    cell: (open) =>
      o.optional
        ? [`iif(${text} = '', '', ${sqlLiteral(open + TEXT_OPEN)})`, text, `iif(${text} = '', '', '${TEXT_CLOSE}')`]
        : [sqlLiteral(open + TEXT_OPEN), text, `'${TEXT_CLOSE}'`],
    optional: o.optional,
    check: { text, mayBeEmpty: o.optional },
  };
}

/**
 * A text cell of an optional column as XLSX SQL (ExportColumn.xlsx) from `text`, an expression of the
 * catalog's texts that xmlSafeText passes (not checked), '' exactly when `empty` holds (an empty
 * cell), NULL where it cannot give the column's text. `text` is made once a row.
 */
export function xlsxMadeText(text: string, empty: string): XlsxCellSql {
  return {
    cell: (open) => [
      `case when ${empty} then '' else concat(${sqlLiteral(open + TEXT_OPEN)}, ifnull(${text}, ${XLSX_NOT_EXACT}), '${TEXT_CLOSE}') end`,
    ],
    optional: true,
  };
}

/** textCellTail of a text that needs no escape, around its text. */
const TEXT_OPEN = textCellTail('x').split('x')[0]!;
const TEXT_CLOSE = textCellTail('x').split('x')[1]!;

function countOf(text: string, char: string): number {
  let n = 0;
  for (let i = text.indexOf(char); i !== -1; i = text.indexOf(char, i + 1)) n += 1;
  return n;
}

/** Bytes a CSV batch's check stops at (exactLines): 1 a comma, 2 a CR, 3 a LF or a quote (never exact). */
const LINE_STOP = new Uint8Array(256);
LINE_STOP[0x2c] = 1;
LINE_STOP[0x0d] = 2;
LINE_STOP[0x0a] = 3;
LINE_STOP[0x22] = 3;
/** A cell's first byte that starts a formula: 1 always (= @ tab), 2 unless a plain signed decimal follows (+ -). */
const FORMULA_BYTE = new Uint8Array(256);
FORMULA_BYTE[0x3d] = 1;
FORMULA_BYTE[0x40] = 1;
FORMULA_BYTE[0x09] = 1;
FORMULA_BYTE[0x2b] = 2;
FORMULA_BYTE[0x2d] = 2;

/** The index after the digits of `b` from `i` (none when it gives `i` back). */
function digitsEnd(b: Uint8Array, i: number): number {
  let j = i;
  while (j < b.length && b[j]! >= 0x30 && b[j]! <= 0x39) j += 1;
  return j;
}

/**
 * Whether a batch of `rows` CSV lines of `cells` cells each, made by SQLite as UTF-8 bytes
 * (ExportReadPlan.lines), is exactly what the columns' values give once written (csvCell), checked in
 * one pass over the bytes: valid UTF-8 (a stored text that is not would read as U+FFFD in JavaScript),
 * no quote (a NULL cell is one) nor a LF but after a CR, no cell that starts as a formula (= @ a tab,
 * or + and - but in a plain signed decimal, as neutralizeFormula leaves it), and each line ending in
 * CRLF after exactly `cells - 1` commas, `rows` lines in all: so no cell holds a comma, CR or LF.
 * UTF-8 bytes of other characters are all 0x80 or more, so none is taken for one of these.
 */
export function exactLines(cells: number): (bytes: Uint8Array, rows: number) => boolean {
  const commasPerLine = cells - 1;
  return (b, rows) => {
    const n = b.length;
    let lines = 0;
    let commas = 0;
    let i = 0;
    while (i < n) {
      // At the start of a cell.
      const f = FORMULA_BYTE[b[i]!]!;
      if (f === 1) return false;
      if (f === 2) {
        let j = digitsEnd(b, i + 1);
        if (j === i + 1) return false;
        if (b[j] === 0x2e) {
          const k = digitsEnd(b, j + 1);
          if (k === j + 1) return false;
          j = k;
        }
        if (j < n && b[j] !== 0x2c && b[j] !== 0x0d) return false;
        i = j;
      }
      let stop = 0;
      while (i < n && (stop = LINE_STOP[b[i]!]!) === 0) i += 1;
      if (i === n) break;
      if (stop === 1) commas += 1;
      else if (stop === 2) {
        if (b[i + 1] !== 0x0a) return false;
        lines += 1;
        if (commas !== lines * commasPerLine) return false;
        i += 1;
      } else return false;
      i += 1;
    }
    // The last line ends with its CRLF: nothing after it.
    return lines === rows && commas === rows * commasPerLine && (n === 0 || b[n - 1] === 0x0a) && isUtf8(b);
  };
}

/**
 * exactLines for lines read as text (PostgreSQL's, as pg decodes them), before they are encoded: the
 * same check as one regular expression, which V8 runs as machine code over the string, about 1.6 times
 * as fast as exactLines' loop over the bytes of the same batch (on the bench machine the loop was a
 * sixth of the server's CPU in a million-row CSV on PostgreSQL). A cell is empty, a plain signed
 * decimal, or a text without a quote, comma, CR or LF that does not start as a formula; each line has
 * `cells` of them and ends in CRLF. A string holds no invalid UTF-8, and every row's line ends in the
 * one CRLF its SQL gives it, which no cell that passes holds: the lines matched are the batch's rows.
 */
export function exactLinesText(cells: number): (text: string) => boolean {
  const cell = String.raw`(?:[^=@\t+\-",\r\n][^",\r\n]*|[+\-]\d+(?:\.\d+)?|)`;
  const batch = new RegExp(`^(?:(?:${cell},){${cells - 1}}${cell}\\r\\n)*$`);
  return (text) => batch.test(text);
}

/**
 * A column declared TEXT as a `sql` cell: its text, or '' for NULL. SQLite keeps only text, NULL or a
 * blob in a TEXT column (a number given to one is stored as its text) and the app writes no blobs, so
 * `ifnull` gives what the column's `value` writes. A `typeof` check on each value cost about a tenth of
 * the transaction export's statement (callgrind over 10,000 rows of the bench database: 37.4 -> 33.3
 * thousand instructions a row; with sqlJoin and moneySql below as well, 31.6). transactions/export.test.ts
 * checks that the columns given here are declared TEXT.
 */
export function sqlText(column: string, dialect: DialectName = 'sqlite'): string {
  return dialect === 'postgres' ? `coalesce("${column}", '')` : `ifnull("${column}", '')`;
}

/** Two columns declared TEXT joined with a constant between them (maskCard): NULL when either is NULL. */
export function sqlJoin(first: string, between: string, second: string): string {
  return `"${first}" || ${sqlLiteral(between)} || "${second}"`;
}

/** A text as an SQL string literal. */
export function sqlLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** The largest integer a JavaScript number holds exactly: moneyCell's fast path. */
const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * moneyCell's text as a `sql` cell: an integer amount in minor units (any other value gives NULL) in
 * its currency's decimals (knownMinorUnits, 2 otherwise; the currency is a column declared TEXT, and
 * NULL gives NULL), "-" before a negative amount. On SQLite the decimals are the last digits of (|amount| mod 10^n) + 10^n:
 * one concat and one substr (callgrind, as sqlText: 1.2 thousand instructions a row fewer than the
 * same text made with abs, a padded substr and four `||`).
 */
export function moneySql(amount: string, currency: string, dialect: DialectName = 'sqlite'): string {
  return moneyByCurrency(amount, currency, SAFE, (units) => moneyText(`"${amount}"`, units, dialect), dialect);
}

/**
 * The text of integer amount `a` (SQL) with `units` decimals (moneySql). PostgreSQL: the amount times
 * 10^-units as numeric, whose text has exactly that scale ("271.14", "-0.05", "0.00"): one product and
 * one output instead of two integer divisions, two texts and a concat (a batch of 1,000 lines of the
 * transaction export, both amounts: 0.15 ms less of 4.4).
 */
function moneyText(a: string, units: number, dialect: DialectName): string {
  if (units === 0) return `cast(${a} as text)`;
  if (dialect === 'postgres') return `(${a} * 0.${'0'.repeat(units - 1)}1)::text`;
  const digits = (value: string) => {
    const scale = 10 ** units;
    return `${value} / ${scale}, '.', substr(${value} % ${scale} + ${scale}, 2)`;
  };
  return `case when ${a} >= 0 then concat(${digits(a)}) else concat('-', ${digits(`-${a}`)}) end`;
}

/**
 * Letters that a character other than an ASCII one becomes in JavaScript's toUpperCase (minorUnitsOf):
 * ß SS, ı I, ſ S and the ligatures ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ (every code point checked). A currency code without
 * them is upper-cased to itself only from ASCII letters, which PostgreSQL's upper() under the ucs_basic
 * collation (C) folds as JavaScript does; the database's own collation (libc's towupper per character)
 * costs about 0.07 µs a cell more.
 */
const UPPER_FROM_OTHER = /[FILST]/;

/**
 * `of(units)` by the currency's decimals (knownMinorUnits, 2 otherwise), for an integer amount within
 * ±`bound`; else NULL. On PostgreSQL the amount is a bigint column (no type to test) and the currency
 * is compared upper-cased, as minorUnitsOf reads it (under the ucs_basic collation when no code has a
 * letter of UPPER_FROM_OTHER); SQLite compares it without case (ASCII).
 */
function moneyByCurrency(
  amount: string,
  currency: string,
  bound: number,
  of: (units: number) => string,
  dialect: DialectName = 'sqlite',
): string {
  const a = `"${amount}"`;
  const pg = dialect === 'postgres';
  const other = knownMinorUnits().filter(([, units]) => units !== 2);
  const code = !pg
    ? `"${currency}" collate nocase`
    : other.some(([c]) => UPPER_FROM_OTHER.test(c))
      ? `upper("${currency}")`
      : `upper("${currency}" collate ucs_basic)`;
  const byCurrency = other.length
    ? `case ${code} ${other.map(([c, units]) => `when ${sqlLiteral(c)} then ${of(units)}`).join(' ')} else ${of(2)} end`
    : of(2);
  const integer = pg ? `${a} is not null` : `typeof(${a}) = 'integer'`;
  return `case when ${integer} and "${currency}" is not null and ${a} between -${bound} and ${bound} then ${byCurrency} end`;
}

/**
 * moneyCell's XLSX cell as XLSX SQL (ExportColumn.xlsx): the number with its currency's style, written
 * as its exact text (moneySql's, which xlsxCells writes too).
 */
export function moneyXlsx(amount: string, currency: string): XlsxCellSql {
  const style = (units: number) => sqlLiteral(NUMBER_TAIL[STYLE_OF[AMOUNT_FORMATS[units] ?? 'amount2']]!);
  return {
    cell: (open) => [
      sqlLiteral(open),
      moneyByCurrency(amount, currency, SAFE, style),
      `ifnull(${moneySql(amount, currency)}, ${XLSX_NOT_EXACT})`,
      `'</v></c>'`,
    ],
    optional: false,
  };
}

/** csvRows one row at a time: the row's line with its CRLF (the export pool's threads write lines into bytes). */
export function csvLines<Row>(columns: readonly Pick<ExportColumn<Row>, 'value' | 'sql'>[]): (row: Row) => string {
  const generic = csvGenericLines(columns);
  const segments = csvSegments(columns);
  const first = segments.find((s) => 'run' in s);
  if (!first || !('run' in first)) return generic;
  const cell = generic.cell;
  // A row read by the plan carries its runs; any other row (no plan, or read whole) is written cell by cell.
  return (row) => {
    const r = row as Record<string, unknown>;
    if (r[first.run] === undefined) return generic(row);
    let line = '';
    for (let i = 0; i < segments.length; i += 1) {
      const s = segments[i]!;
      if (i > 0) line += ',';
      line += 'run' in s ? (r[s.run] as string) : cell(s.column, row);
    }
    return line + '\r\n';
  };
}

/** csvLines without a plan: each cell from its column's value. */
function csvGenericLines<Row>(
  columns: readonly Pick<ExportColumn<Row>, 'value'>[],
): ((row: Row) => string) & { cell: (i: number, row: Row) => string } {
  const values = columns.map((c) => c.value);
  const n = values.length;
  const lastIn: unknown[] = new Array<unknown>(n).fill(undefined);
  const lastOut: string[] = new Array<string>(n).fill('');
  const cell = (i: number, row: Row): string => {
    const v = values[i]!(row);
    if (typeof v !== 'string') return csvCell(v);
    if (v === lastIn[i]) return lastOut[i]!;
    const text = CSV_SPECIAL.test(v) ? csvText(v) : v;
    lastIn[i] = v;
    lastOut[i] = text;
    return text;
  };
  const line = (row: Row) => {
    let text = n > 0 ? cell(0, row) : '';
    for (let i = 1; i < n; i += 1) text += ',' + cell(i, row);
    return text + '\r\n';
  };
  return Object.assign(line, { cell });
}

/** The first bytes of every CSV file: the byte-order mark and the header line. */
export function csvHead(columns: readonly Pick<ExportColumn<unknown>, 'header'>[]): string {
  return '\uFEFF' + csvLine(columns.map((c) => c.header));
}

/** Writes the whole CSV to `out` (exported for unit tests and benchmarks), then ends it. */
export async function writeCsv<Row>(out: Writable, spec: Pick<ExportSpec<Row>, 'columns' | 'batches'>): Promise<void> {
  await write(out, csvHead(spec.columns));
  const format = csvRows(spec.columns);
  for await (const batch of spec.batches) {
    const chunk = format(batch);
    if (chunk) await write(out, chunk);
  }
  out.end();
}

/**
 * The cells of a row written into an XLSX row (the writer's current row or a SheetRowXml): numbers
 * with their format, numeric text of a formatted column as a number, other text as text.
 */
export function xlsxCells<Row>(columns: readonly Pick<ExportColumn<Row>, 'value' | 'format'>[]): (target: XlsxRowTarget, row: Row) => void {
  const values = columns.map((c) => c.value);
  const formats = columns.map((c) => c.format);
  const styles = formats.map((f) => (f ? STYLE_OF[f] : XLSX_STYLE.plain));
  const n = values.length;
  return (target, row) => {
    for (let i = 0; i < n; i += 1) {
      const value = values[i]!(row);
      if (value === null) continue;
      if (typeof value === 'string') {
        const format = formats[i];
        const number = format ? numberOfText(value, format) : null;
        if (number !== null) target.numberCell(i, number, styles[i]!);
        else target.textCell(i, value);
      } else if (typeof value === 'number') target.numberCell(i, value, styles[i]!);
      else if (!Number.isFinite(value.value)) target.textCell(i, value.text);
      else if (AMOUNT_STYLES.has(value.format) && PLAIN_NUMBER.test(value.text))
        target.numberTextCell(i, value.text, STYLE_OF[value.format]);
      else target.numberCell(i, value.value, STYLE_OF[value.format]);
    }
  };
}

/** Amounts are written as their exact text ("12.50"), which reads as the same number: SQLite writes that text too (moneyXlsx). */
const AMOUNT_STYLES: ReadonlySet<CellFormat> = new Set(['amount0', 'amount2', 'amount3']);

/** The header texts and column widths of an XLSX sheet, and the name of its n-th sheet (1-based). */
function xlsxLayout<Row>(spec: Pick<ExportSpec<Row>, 'columns' | 'sheetName'>) {
  const prefix = spec.sheetName ?? 'Sheet';
  return {
    headers: spec.columns.map((c) => c.header),
    widths: spec.columns.map((c) => columnWidth(c.header, c.format)),
    optional: xlsxOptional(spec.columns),
    sheetName: (n: number) => (n === 1 ? prefix : `${prefix} ${n}`),
  };
}

/** Writes the whole XLSX to `out`, then ends it. */
export async function writeXlsx<Row>(out: Writable, spec: Omit<ExportSpec<Row>, 'format' | 'filename'>): Promise<void> {
  const book = new XlsxStreamWriter(out, () => drained(out));
  const maxRows = spec.maxRowsPerSheet ?? XLSX_MAX_DATA_ROWS;
  const { headers, widths, optional, sheetName } = xlsxLayout(spec);
  let sheetNo = 1;
  await book.addSheet(sheetName(sheetNo), headers.length, widths, optional);
  await book.addRow(headers, { header: true });
  const put = xlsxCells(spec.columns);
  let inSheet = 0;
  for await (const batch of spec.batches) {
    if (out.destroyed) throw new Error('export stream closed before the file was complete');
    for (const row of batch) {
      if (inSheet === maxRows) {
        sheetNo += 1;
        await book.addSheet(sheetName(sheetNo), headers.length, widths, optional);
        await book.addRow(headers, { header: true });
        inSheet = 0;
      }
      book.beginRow();
      put(book, row);
      const full = book.endRow();
      if (full) await full;
      inSheet += 1;
    }
  }
  await book.finish();
}

/**
 * An export of a keyset walk through the export pool (export-pool.ts): one key walk of at most a
 * slice decides; a walk of one slice is written on this thread (writeCsv, writeXlsx), a longer one is
 * read by the pool's threads slice by slice and written here in order. For XLSX the threads also
 * number the rows (a slice starts at row sliceRows x its position) and deflate them; the sheets are
 * put together here from their segments (XlsxStreamWriter.addDeflatedSheet).
 */
export async function writeSliced<Row>(
  out: Writable,
  spec: Omit<ExportSpec<Row>, 'filename' | 'batches'>,
  walk: KeysetWalk<Row>,
  pool: ExportPool,
  job: SliceJob,
): Promise<void> {
  const bounds = walk.bounds(pool.sliceRows);
  try {
    const first = await bounds.next();
    const second = first.done ? first : await bounds.next();
    if (first.done || second.done) {
      // No row, or one slice: this thread alone.
      const batches = first.done ? walk.slice(null, null) : walk.slice(first.value, null);
      await (spec.format === 'csv' ? writeCsv(out, { ...spec, batches }) : writeXlsx(out, { ...spec, batches }));
      return;
    }
    if (spec.format === 'csv') {
      await write(out, csvHead(spec.columns));
      await pool.writeSlices(job, bounds, first.value, second.value, (chunk) => write(out, chunk.data));
      out.end();
      return;
    }
    const book = new XlsxStreamWriter(out, () => drained(out));
    const { headers, widths, optional, sheetName } = xlsxLayout(spec);
    let sheet = -1;
    await pool.writeSlices(job, bounds, first.value, second.value, async (chunk) => {
      while (sheet < chunk.sheet) {
        sheet += 1;
        await book.addDeflatedSheet(sheetName(sheet + 1), headers, widths, optional);
      }
      await book.appendDeflated(chunk.data, chunk.crc, chunk.size);
    });
    await book.finish();
  } finally {
    await bounds.return(undefined);
  }
}

/**
 * Sends the file as the reply body, streamed. Resolves once the last byte is handed to the stream;
 * the reply itself is already under way (return `reply` from the handler).
 */
export function sendExport<Row>(reply: FastifyReply, spec: ExportSpec<Row>): FastifyReply {
  const out = new PassThrough();
  const name = `${spec.filename}.${spec.format}`;
  reply.header('content-type', CONTENT_TYPES[spec.format]);
  reply.header('content-disposition', contentDisposition(name));
  reply.header('cache-control', 'no-store');
  const sliced = spec.sliced;
  const done = sliced
    ? writeSliced(out, spec, sliced.walk, sliced.pool, sliced.job)
    : spec.format === 'csv'
      ? writeCsv(out, spec)
      : writeXlsx(out, spec);
  done.catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed');
    out.destroy(error instanceof Error ? error : new Error('export failed'));
  });
  return reply.send(out);
}

/** What export columns are made of, in the caller's language and timezone; each helper is cheap enough for a million cells. */
export type ExportCells = {
  /**
   * The SQL dialect of the `sql` cells below (timeSql, labelSql) and of sqlText and moneySql given
   * it: CSV lines are made by SQLite or by PostgreSQL (csvSqlPlan). The XLSX SQL is SQLite's only.
   */
  dialect: DialectName;
  /** A catalog text in the export's language (column headers). */
  text: (key: MessageKey) => string;
  /** "YYYY-MM-DD HH:mm:ss" in the caller's timezone (a date-time cell in XLSX); no time stays an empty cell. */
  time: (ms: number | null) => NumberCell | null;
  /**
   * `time(<column>)`'s CSV text as a `sql` cell: '' for NULL, the text for an integer on a day the
   * timezone keeps one offset (steadyZoneDays) in a piece reaching into the last three years or the
   * next, else NULL (the row is written by `time`).
   */
  timeSql: (column: string) => string;
  /**
   * The label of an enum code (`label('refundStatus', 3)` reads `refundStatus.3`), each code translated
   * once per export: translating each of a million cells would cost seconds. A code without a label
   * shows the code (so `label('cardScheme', 'VISA')` reads "Visa" where the catalog says so).
   */
  label: (prefix: string, code: number | string) => string;
  /**
   * `label(prefix, <column>)` as a `sql` cell (ExportColumn.sql): a CASE over the codes the catalog
   * has under `prefix`, each with the text `label` gives it, else the code itself when it is an integer
   * or a text, else NULL.
   */
  labelSql: (prefix: string, column: string) => string;
  /**
   * `label(prefix, <column>)` as XLSX SQL (ExportColumn.xlsx): the catalog's texts as written cells,
   * a code without a label as its text (checked); an empty code, a real or NULL gives NULL.
   */
  labelXlsx: (prefix: string, column: string) => XlsxCellSql;
  /**
   * `time(<column>)` as XLSX SQL (ExportColumn.xlsx): the serial of the wall-clock time (serialText)
   * on the days timeSql makes, an empty cell for NULL where `optional`, else NULL.
   */
  timeXlsx: (column: string, o: { optional: boolean }) => XlsxCellSql;
  /**
   * Minor units as an amount: exact major-unit text in CSV ("12.50"), a number with the currency's
   * decimals in XLSX (#,##0.00), so a column adds up.
   */
  money: (minor: number, currency: string) => NumberCell;
  /** A rate in basis points: "72.34%" in CSV, 0.7234 shown as 0.00% in XLSX; no rate stays empty. */
  percent: (bp: number | null) => NumberCell | null;
  /** A count: a number shown with thousands separators in XLSX. */
  count: (n: number) => NumberCell;
};

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

export function exportCells(lang: TLanguage, timezone: string, dialect: DialectName = 'sqlite'): ExportCells {
  const local = createLocalClock(timezone);
  const wallText = wallClockText();
  const timeCell = (ms: number): NumberCell => {
    const at = local(ms);
    return new NumberCell(serialOf(at), 'dateTime', wallText(at));
  };
  const enums = new Map<string, Map<number | string, string>>();
  const label = (prefix: string, code: number | string): string => {
    let labels = enums.get(prefix);
    if (labels === undefined) {
      labels = new Map();
      enums.set(prefix, labels);
    }
    let text = labels.get(code);
    if (text === undefined) {
      const key = `${prefix}.${code}` as MessageKey;
      const translated = translate(lang, key);
      text = translated === key ? String(code) : translated;
      labels.set(code, text);
    }
    return text;
  };
  /**
   * The wall-clock text of integer ms `col` as `piece(local ms)` gives it, on the steady days of the
   * last three years and the next (else NULL: an older time is written by `time`). A tree of all the
   * pieces of a zone that changes its clocks (a hundred years of them) made its statement 112 KB long
   * and a row twice as slow, though a row took the first branch.
   */
  const steadySql = (col: string, piece: (local: string) => string): string | null => {
    const now = Date.now();
    const days = steadyZoneDays(timezone)?.filter((d) => d.untilMs > now - 3 * 366 * DAY_MS && d.fromMs < now + 366 * DAY_MS);
    return days && days.length > 0 ? steadyTimeSql(col, days, piece, now) : null;
  };
  /**
   * `case <column> when <code> then <text> ... else <itself> end` over the codes the catalog has under
   * `prefix`, each text as `literal` writes it; NULL when a numeric code is not written as JavaScript
   * writes the number ("01" would match another row's code in SQL).
   */
  /** The codes the catalog has under `prefix`. */
  const codesUnder = (prefix: string): string[] => keysUnder(`${prefix}.`).map((key) => key.slice(prefix.length + 1));
  const labelCase = (prefix: string, col: string, literal: (text: string) => string, itself: string, codesAsText = false): string => {
    const codes = codesUnder(prefix);
    if (codes.some((code) => /^[+-]?\d+(\.\d+)?$/.test(code) && String(Number(code)) !== code)) return 'NULL';
    const whens = codes.map(
      (code) => `when ${/^-?\d+$/.test(code) && !codesAsText ? code : sqlLiteral(code)} then ${literal(label(prefix, code))}`,
    );
    return whens.length ? `case ${col} ${whens.join(' ')} else ${itself} end` : itself;
  };
  return {
    dialect,
    text: (key) => translate(lang, key),
    time: (ms) => (ms === null ? null : timeCell(Number(ms))),
    timeSql: (column) => {
      const col = `"${column}"`;
      if (dialect === 'postgres') {
        // A bigint column: NULL or an integer. The text of the UTC timestamp of the wall-clock seconds:
        // whole seconds (no fraction is written), a year of four digits on the steady days, and the ISO
        // DateStyle every connection sets (createDb), so 'YYYY-MM-DD HH:MI:SS'. to_char made the two time
        // cells of the transaction export cost about 0.5 µs a row more (a tenth of PostgreSQL's line).
        const text = steadySql(col, (local) => `(to_timestamp(${local} / 1000) at time zone 'UTC')::text`);
        return `case when ${col} is null then '' else ${text ?? 'NULL'} end`;
      }
      // SQLite's `datetime(n, 'unixepoch')` of the whole seconds of the wall-clock ms, which are
      // positive here (the pieces start a day after 1970), so integer division is the floor.
      const text = steadySql(col, (local) => `datetime(${local} / 1000, 'unixepoch')`);
      return `case typeof(${col}) when 'null' then ''${text === null ? '' : ` when 'integer' then ${text}`} end`;
    },
    timeXlsx: (column, o) => {
      const col = `"${column}"`;
      // serialText in integers: the day, then the ms of the day x 10^5 / 864 rounded half up, in 10 digits.
      const serial = steadySql(
        col,
        (local) =>
          `concat(${local} / ${DAY_MS} + ${EPOCH_SERIAL}, '.', substr((${local} % ${DAY_MS} * 100000 + 432) / 864 + 10000000000, 2))`,
      );
      const head = (open: string) => sqlLiteral(open + NUMBER_TAIL[XLSX_STYLE.dateTime]!);
      const value = `ifnull(${serial === null ? 'NULL' : `case when typeof(${col}) = 'integer' then ${serial} end`}, ${XLSX_NOT_EXACT})`;
      return {
        cell: (open) =>
          o.optional
            ? [`iif(${col} is null, '', ${head(open)})`, `iif(${col} is null, '', ${value})`, `iif(${col} is null, '', '</v></c>')`]
            : [head(open), value, `'</v></c>'`],
        optional: o.optional,
      };
    },
    label,
    labelSql: (prefix, column) => {
      const col = `"${column}"`;
      if (dialect === 'postgres') {
        // Typed columns (integer or text codes), written as their text, as `label` writes a code. Codes
        // that are all small integers, written as JavaScript writes them (labelCase), are compared with
        // the column itself, as untyped literals: an integer column compares integers (its text cast for
        // each row cost about 0.3 µs a row of the transaction export), a text column texts, both as
        // their text would. Other codes are compared with the column's text.
        const code = `(${col})::text`;
        const small = codesUnder(prefix).every((c) => /^-?\d{1,4}$/.test(c));
        return labelCase(prefix, small ? col : code, sqlLiteral, code, true);
      }
      const itself = `case typeof(${col}) when 'text' then ${col} when 'integer' then iif(${col} between -${SAFE} and ${SAFE}, ${col}, null) end`;
      return labelCase(prefix, col, sqlLiteral, itself);
    },
    labelXlsx: (prefix, column) => {
      const col = `"${column}"`;
      // An empty label is an empty cell, which this column's cell is not (optional: false).
      const cell = (text: string) => (text === '' ? 'NULL' : sqlLiteral(textCellTail(text)));
      // A code without a label is its own text, as `label` gives it (one concat(), rare): a text code
      // is checked (a labelled text code too, needlessly but harmlessly).
      const itself = `case typeof(${col}) when 'text' then iif(${col} = '', NULL, concat(${sqlLiteral(TEXT_OPEN)}, ${col}, '${TEXT_CLOSE}')) when 'integer' then iif(${col} between -${SAFE} and ${SAFE}, concat(${sqlLiteral(TEXT_OPEN)}, ${col}, '${TEXT_CLOSE}'), NULL) end`;
      return {
        cell: (open) => [sqlLiteral(open), `ifnull(${labelCase(prefix, col, cell, itself)}, ${XLSX_NOT_EXACT})`],
        optional: false,
        check: { text: `iif(typeof(${col}) = 'text', ${col}, NULL)`, mayBeEmpty: true },
      };
    },
    money: moneyCell,
    percent: percentCell,
    count: (n) => new NumberCell(Number(n), 'integer', String(Number(n))),
  };
}

/**
 * The text `piece` makes of the wall-clock ms of integer ms `col` on the steady days (SteadyDays, in
 * time order), NULL between them: the pieces around `now` first, then a balanced tree of CASEs over
 * the days' bounds.
 */
function steadyTimeSql(col: string, days: readonly SteadyDays[], piece: (local: string) => string, now?: number): string {
  const text = (d: SteadyDays) => piece(`(${col} + ${d.offsetMs})`);
  const within = (d: SteadyDays) => `${col} >= ${d.fromMs} and ${col} < ${d.untilMs}`;
  if (now !== undefined) {
    // Most rows of an export are of its last months: the piece of `now` and the one before it (a zone
    // that changes its clocks has a piece a season) are tried first. Only the order of the tests
    // depends on `now`, not the text.
    let at = 0;
    while (at + 1 < days.length && days[at + 1]!.fromMs <= now) at += 1;
    const first = days.slice(Math.max(0, at - 1), at + 1).reverse();
    return `case ${first.map((d) => `when ${within(d)} then ${text(d)}`).join(' ')} else ${steadyTimeSql(col, days, piece)} end`;
  }
  if (days.length === 1) return `case when ${within(days[0]!)} then ${text(days[0]!)} end`;
  const mid = days.length >> 1;
  return `case when ${col} < ${days[mid]!.fromMs} then ${steadyTimeSql(col, days.slice(0, mid), piece)} else ${steadyTimeSql(col, days.slice(mid), piece)} end`;
}

/** Response schemas of a download route: the file itself on success; failures are envelopes like everywhere else. */
export const FILE_RESPONSE = { 200: z.unknown() };

/** What an export's rows are read with: the caller's scope (narrowed to a filtered gateway), clock and the export reader (rows as arrays). */
export type ExportContext = { db: Db; scope: Scope; timezone: string; now: number; reader: (() => ExportReader) | null };

/** A list without dates (websites) has no `from`/`to`: its file is named by the day of the export. */
type ExportBody = { format: TExportFormat; from?: string; to?: string; gatewayNo?: string | undefined };

export type ExportRoute<S extends z.ZodType<ExportBody>, Row> = {
  path: string;
  permission: TPermission;
  /** The list's filters plus `format` (exportRequest in packages/shared/src/list.ts). */
  body: S;
  /** The file is `<prefix>_<from>_<to>.<format>` (`<prefix>_<today>.<format>` without dates). */
  filePrefix: string;
  /** Sheet name of XLSX files. */
  sheetName: (cells: ExportCells) => string;
  columns: (cells: ExportCells, body: z.output<S>) => ExportColumn<Row>[];
  /** The rows, in batches (keysetBatches of the list's own query). */
  batches: (body: z.output<S>, ctx: ExportContext) => AsyncIterable<readonly Row[]>;
};

async function* noRows<Row>(): AsyncGenerator<Row[]> {}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one registry for every body schema and row type
type AnyExportRoute = ExportRoute<any, any>;
const EXPORT_ROUTES = new Map<string, AnyExportRoute>();

/**
 * An export route declared at the top of its module, so that an export pool worker (which imports the
 * app's modules, not the app) finds its columns and batches by its path. Register it with
 * registerExport as any other.
 */
export function defineExport<S extends z.ZodType<ExportBody>, Row>(o: ExportRoute<S, Row>): ExportRoute<S, Row> {
  if (EXPORT_ROUTES.has(o.path)) throw new Error(`two exports declared at ${o.path}`);
  EXPORT_ROUTES.set(o.path, o);
  return o;
}

/** The export declared at `path` (export-worker.ts). */
export function exportRouteOf(path: string): AnyExportRoute | undefined {
  return EXPORT_ROUTES.get(path);
}

/**
 * POST `path`: the list under the same filters as a CSV or XLSX download, streamed. A gateway number
 * the caller may not see gives a file with the header row only, as the list gives an empty page.
 */
export function registerExport<S extends z.ZodType<ExportBody>, Row>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  o: ExportRoute<S, Row>,
): void {
  app.post(o.path, { config: { permission: o.permission }, schema: { body: o.body, response: FILE_RESPONSE } }, async (request, reply) => {
    const session = requireSession(request);
    // Validated against `o.body`; the type provider cannot resolve its output type for a generic schema.
    const body = request.body as z.output<S>;
    const dialect = dialectOf(app.appConfig.databaseUrl);
    const cells = exportCells(request.lang, request.timezone, dialect);
    const columns = o.columns(cells, body);
    const scope = await narrowToGateway(app.db, session.scope, body.gatewayNo);
    const ctx = scope && {
      db: app.db,
      scope,
      timezone: request.timezone,
      now: app.now(),
      reader: exportReaderFactory(app.appConfig.databaseUrl, app.db, body.format === 'csv' ? csvSqlPlan(columns, dialect) : null),
    };
    const batches = ctx ? o.batches(body, ctx) : noRows<Row>();
    const pool = app.exportPool;
    // Only an export a worker can find, on a database a worker can open, whose batches are a keyset walk.
    const sliced =
      ctx && ctx.reader && pool && EXPORT_ROUTES.get(o.path) === o && isKeysetWalk(batches)
        ? {
            pool,
            walk: batches,
            job: {
              path: o.path,
              body,
              lang: request.lang,
              timezone: request.timezone,
              now: ctx.now,
              scope: { merchantId: ctx.scope.merchantId, adminId: ctx.scope.adminId, gatewayIds: ctx.scope.gatewayIds },
              databaseUrl: app.appConfig.databaseUrl,
              statementTimeoutMs: app.appConfig.statementTimeoutMs,
              preparedStatements: app.appConfig.preparedStatements,
              format: body.format,
              maxRowsPerSheet: XLSX_MAX_DATA_ROWS,
            },
          }
        : undefined;
    return sendExport(reply, {
      format: body.format,
      filename:
        body.from !== undefined && body.to !== undefined
          ? `${o.filePrefix}_${body.from}_${body.to}`
          : `${o.filePrefix}_${dateInZone(app.now(), request.timezone)}`,
      columns,
      batches,
      sheetName: o.sheetName(cells),
      ...(sliced ? { sliced } : {}),
    });
  });
}
