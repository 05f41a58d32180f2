/**
 * Large exports (CSV and XLSX) read and format their rows in worker threads, side by side, while the
 * API's own thread only forwards bytes (issue 13 §5; before, one thread did everything, 7-8 µs a CSV
 * row and 15 µs an XLSX row, and every other request of the node waited behind it).
 *
 * How an export is cut: the list's keyset walk (keysetBatches) gives the key of every
 * `sliceRows`-th row by walking its keys only (`bounds`, on this thread: an index walk, a few ms
 * per slice), and each slice between two consecutive keys is read by one worker (`slice`), which
 * runs the export's own columns on its rows and sends back the file's bytes, one batch at a time. The
 * slices are written to the reply in order: a CSV is byte for byte the one a single walk gives. An
 * XLSX slice's rows are numbered from the slice's position and deflated by the worker as segments
 * that join into the sheet's stream (XlsxStreamWriter.addDeflatedSheet); a slice that finds another
 * number of rows than the key walk counted (rows written into the range meanwhile, or a row's change
 * moving it in or out of the filters) fails the download instead of numbering rows twice.
 *
 * - An export of one slice or less (most of them) never leaves this thread: one key walk of at most
 *   `sliceRows` keys decides it.
 * - Workers are started on the first large export and stopped after a minute without one, so an idle
 *   node keeps its memory. EXPORT_WORKERS=0 turns the pool off (every export on the API thread).
 * - Memory stays flat: a worker sends at most WINDOW batches that were not written yet, then waits;
 *   its heap is capped (WORKER_OLD_GENERATION_MB).
 *   A worker ahead of the slice being written therefore stops after WINDOW batches; a slice holds
 *   sliceRows / 1,000 batches, so with the defaults (25,000 rows, a window of 32) a worker can read a
 *   whole slice ahead.
 * - Slices ask for workers in order, first come first served across exports, so the slice being
 *   written always has a worker or is the next to get one: no export can starve another's workers.
 * - The first slice starts at the first row's key, so rows that sort before it and arrive during the
 *   export are left out, as a single walk that had begun would leave them out.
 * - A worker finds the export by its path: routes declare exports with `defineExport` at the top of
 *   their module, and the thread's script imports those modules (src/export-worker.ts). Only exports declared
 *   that way, whose batches are a keyset walk, on a database file or PostgreSQL, use the pool.
 * - A client that goes away cancels the slices in flight; a worker that fails fails the download
 *   (the stream is destroyed, as for any export error after the first byte).
 */
import type { Worker } from 'node:worker_threads';
import { SliceState, WINDOW, type FromWorker, type SliceChunk, type SliceJob, type ToWorker } from './export-slices';
import type { Seek } from './list';
import { startThread } from './threads';

const IDLE_MS = 60_000;

/*
 * The server runs with --single-threaded-gc as well (package.json "serve"): each isolate collects its
 * own garbage on its own thread, with no helper threads marking and scavenging beside it. On the
 * two-core bench machine, in a CSV export of a million rows on PostgreSQL on a fresh server, V8's four
 * helper threads took 1.8 s of CPU (mostly the export threads' major collections of their batches'
 * texts) beside the export threads' 1.3-1.4 s each and PostgreSQL's 5 s: they only competed for the
 * same two cores. With the flag they took 0.6 s; over two exports a server, the server's CPU per export
 * was 2.5-3.6 s instead of 3.9-4.4 s and the wall time 0.4-1.1 s shorter (bench/RESULTS.md, 2026-11-28). The API thread's small heap collects in
 * about as long alone: the reports' p95 stayed within the same spread. V8 fails if the flag is
 * changed once the process has started (a collection in flight), so it is set on the command line.
 * A node with many cores to spare may drop it.
 */

/**
 * The old generation of a pool thread, in MB. Left to itself V8 let a thread's old generation grow to
 * 55-70 MB of batches promoted and dead before collecting it (an XLSX of a million rows peaked at
 * 380 MB for the process); with this cap it collects sooner: 310 MB, about 5% more time. What a
 * thread keeps alive is its modules (about 20 MB) and one batch of 1,000 rows.
 */
const WORKER_OLD_GENERATION_MB = 64;

class PoolWorker {
  readonly worker: Worker;
  private current: SliceState | null = null;
  private finished: (() => void) | null = null;
  dead = false;
  idleTimer: NodeJS.Timeout | null = null;

  constructor(onExit: (w: PoolWorker) => void) {
    this.worker = startThread('export-worker', { resourceLimits: { maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB } });
    this.worker.unref();
    this.worker.on('message', (m: FromWorker) => this.onMessage(m));
    const fail = (error: Error) => {
      this.dead = true;
      const cur = this.current;
      if (cur) {
        cur.error = error;
        cur.notify();
        this.settle();
      }
      onExit(this);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`export worker stopped (exit code ${code})`)));
  }

  private settle(): void {
    const f = this.finished;
    this.current = null;
    this.finished = null;
    f?.();
  }

  private onMessage(m: FromWorker): void {
    const cur = this.current;
    if (!cur || m.id !== cur.id) return;
    if (m.type === 'chunk') {
      cur.chunks.push({ data: Buffer.from(m.data.buffer, m.data.byteOffset, m.data.byteLength), crc: m.crc, size: m.size, sheet: m.sheet });
    } else if (m.type === 'done') {
      cur.done = true;
      cur.rows = m.rows;
      this.settle();
    } else {
      cur.error = new Error(`export worker: ${m.message}`);
      this.settle();
    }
    cur.notify();
  }

  /** Runs one slice; resolves when the worker is done with it (its last chunk may still wait to be written). */
  run(state: SliceState, job: SliceJob, from: Seek, until: Seek | null, first: number): Promise<void> {
    if (this.dead) {
      state.error = new Error('export worker stopped');
      state.notify();
      return Promise.resolve();
    }
    this.current = state;
    return new Promise((resolve) => {
      this.finished = resolve;
      this.worker.postMessage({ type: 'slice', id: state.id, job, from, until, first, window: WINDOW } satisfies ToWorker);
    });
  }
}

export class ExportPool {
  private readonly idle: PoolWorker[] = [];
  private readonly all = new Set<PoolWorker>();
  private readonly queue: ((w: PoolWorker) => void)[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly size: number,
    readonly sliceRows: number,
  ) {}

  private acquire(): Promise<PoolWorker> {
    const w = this.idle.pop();
    if (w) {
      if (w.idleTimer) clearTimeout(w.idleTimer);
      w.idleTimer = null;
      return Promise.resolve(w);
    }
    if (this.all.size < this.size) {
      const fresh = new PoolWorker((dead) => this.forget(dead));
      this.all.add(fresh);
      return Promise.resolve(fresh);
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  private release(w: PoolWorker): void {
    if (w.dead || this.closed) {
      this.forget(w);
      if (!this.closed) this.replace();
      return;
    }
    const waiting = this.queue.shift();
    if (waiting) {
      waiting(w);
      return;
    }
    w.idleTimer = setTimeout(() => this.retire(w), IDLE_MS);
    w.idleTimer.unref();
    this.idle.push(w);
  }

  /** A worker that died leaves room for a new one for whoever waits. */
  private replace(): void {
    const waiting = this.queue.shift();
    if (waiting) {
      const fresh = new PoolWorker((dead) => this.forget(dead));
      this.all.add(fresh);
      waiting(fresh);
    }
  }

  private forget(w: PoolWorker): void {
    this.all.delete(w);
    const i = this.idle.indexOf(w);
    if (i >= 0) this.idle.splice(i, 1);
  }

  private retire(w: PoolWorker): void {
    this.forget(w);
    void w.worker.terminate();
  }

  /** Workers alive now (tests, the bench). */
  get workers(): number {
    return this.all.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.worker.terminate()));
  }

  /**
   * Writes the slices cut at `bounds` (the keys of rows 0, sliceRows, 2 * sliceRows, ...) to `out`
   * in order, each read and formatted by a worker. `write` waits for the reader (drain).
   */
  async writeSlices(
    job: SliceJob,
    bounds: AsyncIterator<Seek>,
    first: Seek,
    second: Seek,
    write: (chunk: SliceChunk) => Promise<void>,
  ): Promise<void> {
    type Slice = { state: SliceState; from: Seek; until: Seek | null; first: number };
    let from: Seek | null = first;
    let until: Seek | null = second;
    // states[k] is the k-th slice in the walk's order, made as it is handed out.
    const states: SliceState[] = [];
    let failed: Error | null = null;
    let runnersLeft = Math.max(1, this.size);
    let wake: (() => void) | null = null;
    const announce = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    const changed = () => new Promise<void>((resolve) => (wake = resolve));
    // Slices are handed out one at a time (the key walk is not reentrant).
    let handing: Promise<unknown> = Promise.resolve();
    const nextSlice = (): Promise<Slice | null> => {
      const p = handing.then(async (): Promise<Slice | null> => {
        if (from === null || failed !== null) return null;
        const slice: Slice = { state: new SliceState(this.nextId++, until), from, until, first: states.length * this.sliceRows };
        if (until === null) from = null;
        else {
          const n = await bounds.next();
          from = until;
          until = n.done ? null : n.value;
        }
        states.push(slice.state);
        announce();
        return slice;
      });
      handing = p.catch(() => undefined);
      return p;
    };

    const runner = async (): Promise<void> => {
      try {
        for (;;) {
          const slice = await nextSlice();
          if (slice === null) return;
          const w = await this.acquire();
          try {
            if (failed !== null) return;
            slice.state.attach((m) => w.worker.postMessage(m));
            await w.run(slice.state, job, slice.from, slice.until, slice.first);
          } finally {
            this.release(w);
          }
        }
      } catch (error) {
        failed ??= error instanceof Error ? error : new Error(String(error));
      } finally {
        runnersLeft -= 1;
        announce();
      }
    };

    const runners = Array.from({ length: runnersLeft }, () => runner());
    try {
      for (let k = 0; ; k += 1) {
        while (states.length <= k) {
          if (failed) throw failed;
          if (runnersLeft === 0) return;
          await changed();
        }
        const state = states[k]!;
        for (;;) {
          if (state.error) throw state.error;
          const chunk = state.chunks.shift();
          if (chunk) {
            await write(chunk);
            state.ack();
            continue;
          }
          if (state.done) break;
          await state.changed();
        }
        // XLSX rows are numbered from the slice's position: a slice that found more or fewer rows
        // than the key walk counted (rows written or changed during the export) would number the
        // next slice's rows wrong, so the download fails instead (the client asks again).
        if (job.format === 'xlsx' && state.until && state.rows !== this.sliceRows)
          throw new Error(`the rows changed during the export (slice ${k}: ${state.rows} rows, ${this.sliceRows} expected)`);
      }
    } catch (error) {
      failed ??= error instanceof Error ? error : new Error(String(error));
      for (const st of states) if (!st.done) st.cancel();
      throw failed;
    } finally {
      await Promise.allSettled(runners);
      await bounds.return?.(undefined);
    }
  }
}

/** The pool of a node: EXPORT_WORKERS threads (0: none). */
export function createExportPool(workers: number, sliceRows: number): ExportPool | null {
  return workers > 0 ? new ExportPool(workers, sliceRows) : null;
}
