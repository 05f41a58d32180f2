/**
 * Uploaded batch files (waybills, websites, the blacklist) are read in a thread of their own with a
 * time budget, never on the API thread: a file that is slow to read can hold its own request only,
 * not the node and every merchant on it (issue 52: a 2.4 KB XLSX held the API thread for 52 s). The
 * readers are linear (xlsx-reader.ts, csv-reader.ts); the budget is what still holds should one of
 * them meet an input nobody thought of.
 *
 * - One thread per upload, started for it and stopped once it has answered: uploads are rare, a thread
 *   that loads the readers alone starts quickly, and an idle node keeps no thread (its memory is
 *   measured).
 * - The budget runs from the moment the thread begins to read, so that a slow start on a busy node is
 *   not charged to the file. A thread still reading when it runs out is stopped, and the upload is
 *   refused with `file.unreadable`, as is one whose read took longer (by its own clock), runs out of
 *   its heap or fails.
 * - At most MAX_THREADS reads at once on a node; more wait for their turn.
 */
import type { CsvRecord } from './csv-reader';
import { businessError } from './errors';
import { startThread } from './threads';

/** Which reader: XLSX, CSV, or plain text with one value per line (csv-reader.ts, xlsx-reader.ts). */
export type UploadParse = 'xlsx' | 'csv' | 'lines';

/**
 * One read: the file's bytes (or, for text the request already carried, the text) and how many records
 * the caller can use. At most `maxRows` + 1 records come back, one more than the caller accepts, so that
 * it can still tell a file with too many.
 */
export type UploadParseJob = { parse: UploadParse; content: Uint8Array | string; maxRows: number };

/** What the thread sends: that it began to read, then the records (null: not a file of that kind) and how long the read took. */
export type UploadParseMessage = { type: 'started' } | { type: 'done'; records: CsvRecord[] | null; ms: number };

/** Wall-clock time a read may take once its thread has started. */
export const UPLOAD_PARSE_BUDGET_MS = 5_000;
/** A thread that has not begun to read within this is a fault of the server, not of the file. */
const START_MS = 30_000;
/** Heap of a reading thread: far above what a file at the size limits needs; past it the thread alone stops. */
const THREAD_HEAP_MB = 256;
const MAX_THREADS = 2;

let running = 0;
const waiting: (() => void)[] = [];
let reading = 0;

/** Threads reading a file now, begun and not yet answered or stopped (tests). */
export function uploadsBeingRead(): number {
  return reading;
}

function readInThread(job: UploadParseJob, budgetMs: number): Promise<CsvRecord[] | null> {
  return new Promise((resolve, reject) => {
    const worker = startThread('upload-parse-worker', { workerData: { job }, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
    worker.unref();
    let started = false;
    let settled = false;
    let timer = setTimeout(() => finish(new Error(`the upload reading thread did not start within ${START_MS} ms`)), START_MS);
    function finish(outcome: Error | { records: CsvRecord[] | null }): void {
      if (settled) return;
      settled = true;
      if (started) reading -= 1;
      clearTimeout(timer);
      void worker.terminate();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome.records);
    }
    worker.on('message', (m: UploadParseMessage) => {
      // A read that took longer than its budget is refused even when its answer got in before the
      // timer (a busy API thread can see both at once): the outcome does not depend on scheduling.
      if (m.type === 'done') return finish(m.ms > budgetMs ? businessError('file.unreadable') : { records: m.records });
      started = true;
      reading += 1;
      clearTimeout(timer);
      timer = setTimeout(() => finish(businessError('file.unreadable')), budgetMs);
    });
    // Once reading, a failure (its heap exhausted, an exception) is the file's; before, the server's.
    worker.on('error', (error) => finish(started ? businessError('file.unreadable') : error));
    worker.on('exit', (code) =>
      finish(started ? businessError('file.unreadable') : new Error(`the upload reading thread stopped (exit code ${code})`)),
    );
  });
}

/**
 * The records of an uploaded file, read in a thread of its own within `budgetMs`; null when the file
 * is not of the kind asked. Throws the translated `file.unreadable` when it could not be read in time
 * or in the thread's memory.
 */
export async function parseUpload(job: UploadParseJob, budgetMs = UPLOAD_PARSE_BUDGET_MS): Promise<CsvRecord[] | null> {
  if (running < MAX_THREADS) running += 1;
  // A read that ends hands its place to the next one waiting (running stays counted).
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await readInThread(job, budgetMs);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}
