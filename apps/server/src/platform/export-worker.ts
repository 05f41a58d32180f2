/**
 * The loop of an export pool thread (export-pool.ts; the thread's script is src/export-worker.ts):
 * reads one slice of an export's rows at a time with the export's own columns and batches, and sends
 * the CSV text back batch by batch, at most `window` batches ahead of what the API thread has written.
 *
 * It finds the export by its path among the routes declared with `defineExport`, which the thread's
 * script imports. Each thread keeps one database handle per database URL (SQLite: the file read
 * through the export reader's own read-only connection; PostgreSQL: a pool of two connections).
 */
import { parentPort } from 'node:worker_threads';
import { createDb, type DbHandle } from '../db/database';
import { csvRows, exportCells, exportRouteOf, type ExportContext } from './export';
import type { FromWorker, SliceJob, ToWorker } from './export-pool';
import { exportReaderFactory, isKeysetWalk } from './list';
import type { Scope } from './scope';

const handles = new Map<string, DbHandle>();
function dbOf(job: SliceJob): DbHandle {
  let handle = handles.get(job.databaseUrl);
  if (!handle) {
    handle = createDb(job.databaseUrl, { poolMax: 2, statementTimeoutMs: job.statementTimeoutMs });
    handles.set(job.databaseUrl, handle);
  }
  return handle;
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
    const cells = exportCells(m.job.lang, m.job.timezone);
    const ctx: ExportContext = {
      db: handle.db,
      scope: m.job.scope as Scope,
      timezone: m.job.timezone,
      now: m.job.now,
      reader: exportReaderFactory(m.job.databaseUrl, handle.db),
    };
    const walk = route.batches(m.job.body, ctx);
    if (!isKeysetWalk(walk)) throw new Error(`the export at ${m.job.path} is not a keyset walk`);
    const format = csvRows(route.columns(cells, m.job.body));
    const encoder = new TextEncoder();
    for await (const batch of walk.slice(m.from, m.until)) {
      if (cur.cancelled) break;
      rows += batch.length;
      const data = encoder.encode(format(batch));
      if (data.byteLength === 0) continue;
      cur.inFlight += 1;
      send({ type: 'chunk', id: cur.id, data }, [data.buffer as ArrayBuffer]);
      while (cur.inFlight >= m.window && !cur.cancelled) await new Promise<void>((resolve) => (cur.wake = resolve));
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
