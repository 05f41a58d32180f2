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
 * One pipeline: a scoped query (keyset-walk.ts) gives batches of rows, a writer turns them into CSV
 * (here) or XLSX (export-xlsx.ts), the bytes go to the socket as the client reads them.
 * - Rows are pulled one batch at a time; the writer waits for 'drain' whenever the socket buffer is
 *   full, so memory stays flat whatever the row count.
 * - Headers are what the caller passes (translated, in the caller's language). Cell rules are in
 *   export-values.ts; the columns of a list come from ExportCells (export-cells.ts).
 * - CSV: UTF-8 with a byte-order mark (Excel then reads Chinese text correctly), CRLF line ends,
 *   RFC 4180 quoting.
 * - A large export is cut into slices that the export pool's threads read (writeSliced), each slice
 *   through the same columns and writers.
 * - The file name goes into Content-Disposition as plain ASCII and as RFC 5987 `filename*`.
 * - An error after the first byte cannot become a JSON envelope any more: the stream is destroyed
 *   so the client sees a failed download instead of a silently truncated file.
 */
import type { FastifyReply } from 'fastify';
import { PassThrough, type Writable } from 'node:stream';
import type { ExportPool } from './export-pool';
import type { SliceJob } from './export-slices';
import {
  type ExportCell,
  type ExportColumn,
  type ExportSpec,
  CONTENT_TYPES,
  CSV_SPECIAL,
  csvCell,
  csvText,
  drained,
  write,
} from './export-values';
import { xlsxLayout, writeXlsx } from './export-xlsx';
import type { KeysetWalk } from './keyset-walk';
import { contentDisposition } from './uploads';
import { XlsxStreamWriter } from './xlsx-writer';

export function csvLine(cells: readonly ExportCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
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

/** csvRows one row at a time: the row's line with its CRLF (the export pool's threads write lines into bytes). */
export function csvLines<Row>(columns: readonly Pick<ExportColumn<Row>, 'value'>[]): (row: Row) => string {
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
  return (row) => {
    let text = n > 0 ? cell(0, row) : '';
    for (let i = 1; i < n; i += 1) text += ',' + cell(i, row);
    return text + '\r\n';
  };
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
  reply.header('content-disposition', contentDisposition('attachment', name));
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
