/**
 * The loop of an export pool thread (export-pool.ts; the thread's script is src/export-worker.ts):
 * reads one slice of an export's rows at a time with the export's own columns and batches, and sends
 * the file's bytes back batch by batch, at most `window` batches ahead of what the API thread has
 * written: CSV text, or for XLSX the rows' XML (numbered from the slice's position) deflated as a
 * segment that joins the sheet's stream, with its CRC.
 *
 * It finds the export by its path among the routes declared with `defineExport`, which the thread's
 * script imports. Each thread keeps one database handle per database URL (SQLite: the file read
 * through the export reader's own read-only connection; PostgreSQL: a pool of two connections).
 */
import { parentPort } from 'node:worker_threads';
import { createDb, type DbHandle } from '../db/database';
import { csvLines } from './export';
import { exportCells } from './export-cells';
import { exportRouteOf, type ExportContext } from './export-route';
import { xlsxCells, xlsxOptional } from './export-xlsx';
import type { FromWorker, SliceJob, ToWorker } from './export-slices';
import { exportReaderFactory, type ExportReader } from './export-reader';
import { isKeysetWalk } from './keyset-walk';
import type { Scope } from './scope';
import { SheetRowXml } from './xlsx-rows';
import { deflateSegment } from './zip-stream';

const handles = new Map<string, DbHandle>();
function dbOf(job: SliceJob): DbHandle {
  let handle = handles.get(job.databaseUrl);
  if (!handle) {
    handle = createDb(job.databaseUrl, {
      poolMax: 2,
      statementTimeoutMs: job.statementTimeoutMs,
      preparedStatements: job.preparedStatements,
    });
    handles.set(job.databaseUrl, handle);
  }
  return handle;
}

/**
 * Text written straight into bytes, a row at a time: a batch joined into one string first would be a
 * string of a few hundred KB, which V8 keeps in its large-object space until a full collection (tens
 * of MB per thread).
 */
export class ByteBatch {
  private buf = Buffer.allocUnsafeSlow(1 << 19);
  length = 0;
  write(text: string): void {
    if (this.length + text.length * 3 > this.buf.length) {
      const bigger = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.length + text.length * 3));
      this.buf.copy(bigger, 0, 0, this.length);
      this.buf = bigger;
    }
    this.length += this.buf.write(text, this.length, 'utf8');
  }
  /** The bytes so far (valid until the next write or clear). */
  view(): Buffer {
    return this.buf.subarray(0, this.length);
  }
  /**
   * A copy of the bytes in memory of their own, to hand to another thread, and the batch emptied for
   * the next rows (a copy of the used part: handing over the whole buffer would keep its unused tail
   * alive in the API thread until the chunk is written).
   */
  take(): Uint8Array {
    const bytes = new Uint8Array(this.length);
    bytes.set(this.buf.subarray(0, this.length));
    this.length = 0;
    return bytes;
  }
  clear(): void {
    this.length = 0;
  }
}

/**
 * The export reader of the last slice, kept for the next slice of the same database: a walk closes
 * its reader at the end of each slice, and opening a SQLite file and preparing the statements again
 * cost 6-7 ms a slice. The slices hand it on through a reader whose close() leaves it open; a slice
 * of another database closes it and opens its own.
 */
let kept: { key: string; reader: ExportReader } | null = null;

function keptReader(key: string, open: () => ExportReader): () => ExportReader {
  return () => {
    if (kept?.key !== key) {
      kept?.reader.close();
      // None kept while the next one opens: a reader that fails to open leaves no closed one behind.
      kept = null;
      kept = { key, reader: open() };
    }
    const reader = kept.reader;
    return { all: (sql, parameters) => reader.all(sql, parameters), close: () => undefined };
  };
}

type Running = { id: number; inFlight: number; cancelled: boolean; wake: (() => void) | null };
let running: Running | null = null;

function send(m: FromWorker, transfer?: ArrayBuffer[]): void {
  parentPort?.postMessage(m, transfer);
}

async function runSlice(m: Extract<ToWorker, { type: 'slice' }>): Promise<void> {
  const cur: Running = { id: m.id, inFlight: 0, cancelled: false, wake: null };
  running = cur;
  let rows = 0;
  try {
    const route = exportRouteOf(m.job.path);
    if (!route) throw new Error(`no export at ${m.job.path}`);
    const handle = dbOf(m.job);
    const columns = route.columns(exportCells(m.job.lang, m.job.timezone), m.job.body);
    const open = exportReaderFactory(m.job.databaseUrl, handle.db);
    const ctx: ExportContext = {
      db: handle.db,
      scope: m.job.scope as Scope,
      timezone: m.job.timezone,
      now: m.job.now,
      reader: open && keptReader(m.job.databaseUrl, open),
    };
    const walk = route.batches(m.job.body, ctx);
    if (!isKeysetWalk(walk)) throw new Error(`the export at ${m.job.path} is not a keyset walk`);
    /**
     * Sends a chunk, its memory handed over (copied first unless it is the whole of its own memory,
     * as ByteBatch.take gives: a small Buffer may sit in Node's shared pool), then waits while
     * `window` chunks are not written yet.
     */
    const sendChunk = async (bytes: Uint8Array, crc = 0, size = 0, sheet = 0) => {
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const data = own ? bytes : new Uint8Array(bytes);
      cur.inFlight += 1;
      send({ type: 'chunk', id: cur.id, data, crc, size, sheet }, [data.buffer as ArrayBuffer]);
      while (cur.inFlight >= m.window && !cur.cancelled) await new Promise<void>((resolve) => (cur.wake = resolve));
    };
    if (m.job.format === 'csv') {
      const line = csvLines(columns);
      const bytes = new ByteBatch();
      for await (const batch of walk.slice(m.from, m.until)) {
        if (cur.cancelled) break;
        rows += batch.length;
        for (const row of batch) bytes.write(line(row));
        if (bytes.length > 0) await sendChunk(bytes.take());
      }
    } else {
      // Rows numbered from the slice's position in the walk: row 1 of each sheet is its header.
      const put = xlsxCells(columns);
      const sheetRows = new SheetRowXml(columns.length, xlsxOptional(columns));
      const max = m.job.maxRowsPerSheet;
      const xml = new ByteBatch();
      let at = m.first;
      for await (const batch of walk.slice(m.from, m.until)) {
        if (cur.cancelled) break;
        let sheet = Math.floor(at / max);
        rows += batch.length;
        for (const row of batch) {
          if (Math.floor(at / max) !== sheet) {
            // A row that starts a new sheet: the rows before it go as their sheet's last segment.
            await sendChunk(...deflateSegment(xml.view()), sheet);
            xml.clear();
            sheet += 1;
          }
          sheetRows.begin((at % max) + 2);
          put(sheetRows, row);
          xml.write(sheetRows.end());
          at += 1;
        }
        if (xml.length > 0) await sendChunk(...deflateSegment(xml.view()), sheet);
        xml.clear();
      }
    }
    send({ type: 'done', id: cur.id, rows });
  } catch (error) {
    send({ type: 'error', id: cur.id, message: error instanceof Error ? error.message : String(error) });
  } finally {
    running = null;
  }
}

/** Serves the slices the API thread sends (call once, in a worker thread). */
export function serveExportSlices(): void {
  const port = parentPort;
  if (!port) throw new Error('the export worker runs as a worker thread');
  port.on('message', onMessage);
}

function onMessage(m: ToWorker): void {
  if (m.type === 'slice') {
    void runSlice(m);
    return;
  }
  const cur = running;
  if (!cur || cur.id !== m.id) return;
  if (m.type === 'ack') cur.inFlight -= 1;
  else cur.cancelled = true;
  const wake = cur.wake;
  cur.wake = null;
  wake?.();
}
