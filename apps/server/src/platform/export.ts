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
 * - A cell value is a string, a number or null (empty). Text that a spreadsheet would read as a
 *   formula (starting with = + - @, tab or carriage return) gets a leading apostrophe, except a plain
 *   signed decimal such as "-12.50" (a negative amount); numbers are written as numbers. Format money as text (toMajorString) so no precision is lost.
 * - CSV: UTF-8 with a byte-order mark (Excel then reads Chinese text correctly), CRLF line ends,
 *   RFC 4180 quoting.
 * - XLSX: the streaming writer in xlsx-writer.ts (inline strings, no styles, deflated as rows come,
 *   constant memory; about twice as fast as a general spreadsheet library); a new sheet every
 *   1,048,575 data rows (the format's row limit with the header row).
 * - Times: createTimeFormatter(timezone) gives "YYYY-MM-DD HH:mm:ss" in the caller's timezone, fast
 *   enough for a million cells.
 * - The file name goes into Content-Disposition as plain ASCII and as RFC 5987 `filename*`.
 * - An error after the first byte cannot become a JSON envelope any more: the stream is destroyed
 *   so the client sees a failed download instead of a silently truncated file.
 */
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { zoneOffsetMs } from './time';
import { XlsxStreamWriter } from './xlsx-writer';

export type ExportCell = string | number | null;

const QUARTER_HOUR_MS = 900_000;

/**
 * A fast "YYYY-MM-DD HH:mm:ss" formatter for export cells in the caller's timezone. Intl formatting
 * costs over a microsecond a call (seconds for a million rows); the zone offset only changes on
 * quarter-hour boundaries, so it is looked up once per quarter hour and the rest is date arithmetic.
 */
export function createTimeFormatter(timezone: string): (ms: number) => string {
  const offsets = new Map<number, number>();
  return (ms) => {
    const bucket = Math.floor(ms / QUARTER_HOUR_MS);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      offset = zoneOffsetMs(bucket * QUARTER_HOUR_MS, timezone);
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    const iso = new Date(ms + offset).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  };
}
export type ExportColumn<Row> = { header: string; value: (row: Row) => ExportCell };
export type ExportFormat = 'csv' | 'xlsx';

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
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (!CSV_SPECIAL.test(value)) return value;
  const text = neutralizeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function xlsxCell(value: ExportCell): string | number | null {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return neutralizeFormula(value);
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

/** Writes the whole CSV to `out` (exported for unit tests and benchmarks), then ends it. */
export async function writeCsv<Row>(out: Writable, spec: Pick<ExportSpec<Row>, 'columns' | 'batches'>): Promise<void> {
  await write(out, '\uFEFF');
  await write(out, csvLine(spec.columns.map((c) => c.header)));
  for await (const batch of spec.batches) {
    let chunk = '';
    for (const row of batch) chunk += csvLine(spec.columns.map((c) => c.value(row)));
    if (chunk) await write(out, chunk);
  }
  out.end();
}

/** Writes the whole XLSX to `out`, then ends it. */
export async function writeXlsx<Row>(out: Writable, spec: Omit<ExportSpec<Row>, 'format' | 'filename'>): Promise<void> {
  const book = new XlsxStreamWriter(out, () => drained(out));
  const maxRows = spec.maxRowsPerSheet ?? XLSX_MAX_DATA_ROWS;
  const headers = spec.columns.map((c) => c.header);
  const prefix = spec.sheetName ?? 'Sheet';
  let sheetNo = 1;
  await book.addSheet(prefix, headers.length);
  await book.addRow(headers);
  let inSheet = 0;
  for await (const batch of spec.batches) {
    if (out.destroyed) throw new Error('export stream closed before the file was complete');
    for (const row of batch) {
      if (inSheet === maxRows) {
        sheetNo += 1;
        await book.addSheet(`${prefix} ${sheetNo}`, headers.length);
        await book.addRow(headers);
        inSheet = 0;
      }
      const full = book.addRow(spec.columns.map((c) => xlsxCell(c.value(row))));
      if (full) await full;
      inSheet += 1;
    }
  }
  await book.finish();
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
  const done = spec.format === 'csv' ? writeCsv(out, spec) : writeXlsx(out, spec);
  done.catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed');
    out.destroy(error instanceof Error ? error : new Error('export failed'));
  });
  return reply.send(out);
}
