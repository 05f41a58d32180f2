/**
 * The exact count of a list, asked after its page (issue 46 §2): a page whose count is "more than N"
 * (capped, list.ts) answers at once, and the web then asks GET `<list path>/count` with the same
 * filters for the exact total, which may take seconds on millions of rows.
 *
 * Generic for every list of registerList: the count route runs the list's own function inside
 * `countingExactly`, and keysetPage, instead of reading a page, hands the list's count query (the
 * same rows, without the cap) to the runner of the route's database:
 * - a SQLite file: the count thread (count-thread.ts), so the API thread is never blocked by it;
 * - PostgreSQL: the pool, bounded by a statement_timeout of the budget;
 * - SQLite in memory (tests of the kit, a throwaway dev database): the API thread itself.
 * Past LIST_COUNT.budgetMs the answer is the capped count again (`capped: true`, "more than N").
 *
 * Counts of one node take turns (`turn`): a few at once on PostgreSQL (atOnceOn), one on SQLite (one
 * count thread), the others wait oldest first. The budget counts from the request's arrival, so a
 * count still waiting at its end answers "more than N" at once without being run, and one whose
 * client went away leaves the queue unrun. The same count asked while it runs joins it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import { CompiledQuery, sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database';
import { dialectOf, pgPoolOf, sqlitePathOf } from '../db/database';
import { countOnThread, countSql, EXACT_COUNT_COLUMN } from './count-thread';

/**
 * budgetMs: how long an exact count may take, from its request's arrival, before it answers "more
 * than N" (ms); 0: none is run (the page's count stays).
 * atOnce: at most this many counts of a node run at once on PostgreSQL (see atOnceOn).
 */
export const LIST_COUNT = { budgetMs: 10_000, atOnce: 2 };

/**
 * Runs an exact count: `rows` is the list's rows as `select 1 ...` (compiled), which the runner counts
 * (`countSql`) within `budgetMs`; the number, or null when it ran past its budget.
 */
export type CountRunner = (rows: CompiledQuery, db: Db, budgetMs?: number) => Promise<number | null>;

/** Who asked a count: when its request arrived (ms) and, once its client has gone, an aborted signal. */
export type CountAsk = { arrivedAt: number; signal?: AbortSignal };

type Asking = { run: CountRunner; ask: CountAsk };
const asking = new AsyncLocalStorage<Asking>();

/** Runs `read` (a list's page function) so that its keysetPage counts exactly with `run` instead of reading a page. */
export function countingExactly<T>(run: CountRunner, read: () => Promise<T>, ask: CountAsk = { arrivedAt: Date.now() }): Promise<T> {
  return asking.run({ run, ask }, read);
}

/**
 * The ask of a count route's request: it arrived `elapsedTime` ago (Fastify times a request when it has
 * a logger or an onResponse hook, as the app has; otherwise 0, and the budget counts from here); gone
 * once its answer closes unsent (the client hung up).
 */
export function countAskOf(reply: { elapsedTime: number; raw: ServerResponse }): CountAsk {
  const gone = new AbortController();
  const closed = () => {
    if (!reply.raw.writableFinished) gone.abort();
  };
  if (reply.raw.destroyed) closed();
  else reply.raw.once('close', closed);
  return { arrivedAt: Date.now() - reply.elapsedTime, signal: gone.signal };
}

/**
 * How many counts of this node run at once on `db`. PostgreSQL: each holds a connection of the pool
 * for up to the budget, and pages, refunds and withdrawals need the rest, so a quarter of the pool and
 * at most LIST_COUNT.atOnce (2 of the default 10 of DATABASE_POOL_MAX leaves 8; 1 of a pool under 8):
 * the exact count is a convenience, the money actions are not. SQLite: one, the count thread's
 * (one count at a time; in memory, the API thread's).
 */
function atOnceOn(db: Db): number {
  const pool = pgPoolOf(db);
  if (!pool) return 1;
  return Math.max(1, Math.min(LIST_COUNT.atOnce, Math.floor((pool.options.max ?? 10) / 4)));
}

type Gate = { running: number; waiting: Array<() => void>; joinable: Map<string, Promise<number | null>> };
const gates = new WeakMap<Db, Gate>();

function gateOf(db: Db): Gate {
  let gate = gates.get(db);
  if (!gate) {
    gate = { running: 0, waiting: [], joinable: new Map() };
    gates.set(db, gate);
  }
  return gate;
}

/** Waits for a turn to count on `db`: true once it may run, false at `deadline` or when its client goes (never run). */
function turn(db: Db, ask: CountAsk, deadline: number): Promise<boolean> {
  const gate = gateOf(db);
  if (ask.signal?.aborted || Date.now() >= deadline) return Promise.resolve(false);
  if (gate.waiting.length === 0 && gate.running < atOnceOn(db)) {
    gate.running += 1;
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const leave = (started: boolean) => {
      clearTimeout(timer);
      ask.signal?.removeEventListener('abort', quit);
      resolve(started);
    };
    const start = () => leave(true);
    const quit = () => {
      const at = gate.waiting.indexOf(start);
      if (at >= 0) gate.waiting.splice(at, 1);
      leave(false);
    };
    const timer = setTimeout(quit, deadline - Date.now());
    ask.signal?.addEventListener('abort', quit, { once: true });
    gate.waiting.push(start);
  });
}

/** A count's turn is over: the next ones waiting start, as many as may run. */
function turnOver(db: Db): void {
  const gate = gateOf(db);
  gate.running -= 1;
  while (gate.running < atOnceOn(db) && gate.waiting.length > 0) {
    gate.running += 1;
    gate.waiting.shift()?.();
  }
}

/** The count of `rows` in its turn (or the same count running already); null past the deadline or unrun. */
async function countInTurn(run: CountRunner, rows: CompiledQuery, db: Db, ask: CountAsk): Promise<number | null> {
  const gate = gateOf(db);
  const key = `${rows.sql}\n${JSON.stringify(rows.parameters)}`;
  const running = gate.joinable.get(key);
  if (running) return running;
  const deadline = ask.arrivedAt + LIST_COUNT.budgetMs;
  if (!(await turn(db, ask, deadline))) return null;
  const counted = run(rows, db, Math.max(1, deadline - Date.now())).finally(() => {
    gate.joinable.delete(key);
    turnOver(db);
  });
  gate.joinable.set(key, counted);
  return counted;
}

/**
 * For keysetPage: null outside a count route; inside one, the exact count of `count` (an exact total
 * known cheaply wins), or `fallback` (the page's capped count) when it ran past its budget.
 */
export async function exactCountAsked<CDB, CTB extends keyof CDB, CO>(
  db: Db,
  count: () => SelectQueryBuilder<CDB, CTB, CO>,
  exactTotal: (() => Promise<number | null>) | undefined,
  fallback: () => Promise<{ total: number; capped: boolean }>,
): Promise<{ total: number; capped: boolean } | null> {
  const asked = asking.getStore();
  if (!asked) return null;
  const known = exactTotal ? await exactTotal() : null;
  if (known !== null) return { total: known, capped: false };
  const rows = count()
    .clearSelect()
    .select(sql<number>`1`.as('one'))
    .compile();
  const n = LIST_COUNT.budgetMs > 0 ? await countInTurn(asked.run, rows, db, asked.ask) : null;
  if (n !== null) return { total: n, capped: false };
  // Nobody reads the answer of a client that went away: no query for it.
  if (asked.ask.signal?.aborted) return { total: 0, capped: true };
  const lower = await fallback();
  return { total: lower.total, capped: true };
}

/** PostgreSQL's error code of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/** The count on the pool, in a transaction whose statement_timeout is the budget. */
async function countOnPool(rows: CompiledQuery, db: Db, budgetMs = LIST_COUNT.budgetMs): Promise<number | null> {
  const ms = Math.max(1, Math.round(budgetMs));
  try {
    return await db.transaction().execute(async (trx) => {
      // SET takes no bind parameters: a whole number of ms, written by this module.
      await sql.raw(`set local statement_timeout = ${ms}`).execute(trx);
      const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(countSql(rows.sql), [...rows.parameters]));
      return Number(result.rows[0]?.[EXACT_COUNT_COLUMN] ?? 0);
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === QUERY_CANCELED) return null;
    throw error;
  }
}

/** The same count where no other thread can open the database (SQLite in memory): on this thread. */
async function countHere(rows: CompiledQuery, db: Db): Promise<number | null> {
  const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(countSql(rows.sql), [...rows.parameters]));
  return Number(result.rows[0]?.[EXACT_COUNT_COLUMN] ?? 0);
}

/** The runner for a database URL (see the module's comment). */
export function countRunnerOf(databaseUrl: string): CountRunner {
  if (dialectOf(databaseUrl) === 'postgres') return countOnPool;
  const file = sqlitePathOf(databaseUrl);
  if (file === ':memory:') return countHere;
  return (rows, _db, budgetMs = LIST_COUNT.budgetMs) => countOnThread(file, rows.sql, rows.parameters, budgetMs);
}
