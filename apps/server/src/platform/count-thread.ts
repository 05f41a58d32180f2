/**
 * The thread that runs the exact counts of lists on a SQLite file (list-count.ts): better-sqlite3 is
 * synchronous, and a count of millions of rows took seconds of the only thread that answers every
 * other request. One thread, started on the first count and stopped after a minute without one: with
 * the API thread that is both cores of the bench machine, and counts asked together wait their turn
 * (list-count.ts sends it one at a time; past their budget they answer "more than N" without being
 * run) instead of taking the API's core.
 *
 * The thread opens the file read-only (its own connection, as the export readers do) and runs the
 * count with a budget: a function of its connection, called for every counted row, stops the
 * statement once the deadline has passed. A count whose rows match rarely calls it rarely, so the API
 * thread does not wait for it either: it answers "past the budget" GRACE_MS after the deadline.
 */
import type { Worker } from 'node:worker_threads';
import { startThread } from './threads';

const IDLE_MS = 60_000;
/** How long after the deadline the API thread still waits for the thread's own answer. */
const GRACE_MS = 500;

/** The column the exact count answers in: how a test knows the statement among others. */
export const EXACT_COUNT_COLUMN = 'exact_n';

/** The statement that counts `rows` (its parameters unchanged: they are positional either way). */
export function countSql(rows: string, where = ''): string {
  return `select count(*) as "${EXACT_COUNT_COLUMN}" from (${rows}) as "c"${where}`;
}

export type CountJob = { id: number; file: string; sql: string; parameters: readonly unknown[]; deadline: number };
/** The count (null: past its deadline) and the id of the thread that ran it. */
export type CountAnswer = { id: number; n: number | null; thread: number } | { id: number; error: string };

type Thread = { worker: Worker; idle: NodeJS.Timeout | null };
let thread: Thread | null = null;
let nextId = 1;
const waiting = new Map<number, (answer: CountAnswer) => void>();

function stopped(message: string): void {
  thread = null;
  for (const [id, settle] of waiting) settle({ id, error: message });
  waiting.clear();
}

function threadOf(): Thread {
  if (thread) {
    if (thread.idle) clearTimeout(thread.idle);
    thread.idle = null;
    return thread;
  }
  const worker = startThread('count-worker', {});
  worker.unref();
  const own: Thread = { worker, idle: null };
  worker.on('message', (answer: CountAnswer) => {
    const settle = waiting.get(answer.id);
    waiting.delete(answer.id);
    settle?.(answer);
    if (waiting.size === 0 && thread === own) {
      own.idle = setTimeout(() => {
        if (thread === own) thread = null;
        void worker.terminate();
      }, IDLE_MS);
      own.idle.unref();
    }
  });
  worker.on('error', (error) => {
    if (thread === own) stopped(error.message);
  });
  worker.on('exit', (code) => {
    if (thread === own) stopped(`count thread stopped (exit code ${code})`);
  });
  thread = own;
  return own;
}

/** The exact count of `sql` (a list's rows as `select 1 ...`) on the count thread; null past `budgetMs`. */
export function countOnThread(file: string, sql: string, parameters: readonly unknown[], budgetMs: number): Promise<number | null> {
  const id = nextId++;
  const deadline = Date.now() + budgetMs;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // The thread answers for itself at the deadline unless its statement matches rows rarely.
      waiting.delete(id);
      resolve(null);
    }, budgetMs + GRACE_MS);
    timer.unref();
    waiting.set(id, (answer) => {
      clearTimeout(timer);
      if ('error' in answer) reject(new Error(`count thread: ${answer.error}`));
      else resolve(answer.n);
    });
    threadOf().worker.postMessage({ id, file, sql, parameters, deadline } satisfies CountJob);
  });
}

/** Stops the thread (tests; a server that closes). */
export async function stopCountThread(): Promise<void> {
  const t = thread;
  if (!t) return;
  if (t.idle) clearTimeout(t.idle);
  stopped('count thread stopped');
  await t.worker.terminate();
}
