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
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database';
import { dialectOf, sqlitePathOf } from '../db/database';
import { countOnThread, countSql, EXACT_COUNT_COLUMN } from './count-thread';

/** How long an exact count may take before it answers "more than N" (ms); 0: none is run (the page's count stays). */
export const LIST_COUNT = { budgetMs: 10_000 };

/**
 * Runs an exact count: `rows` is the list's rows as `select 1 ...` (compiled), which the runner counts
 * (`countSql`); the number, or null when it ran past its budget.
 */
export type CountRunner = (rows: CompiledQuery, db: Db) => Promise<number | null>;

type Asking = { run: CountRunner };
const asking = new AsyncLocalStorage<Asking>();

/** Runs `read` (a list's page function) so that its keysetPage counts exactly with `run` instead of reading a page. */
export function countingExactly<T>(run: CountRunner, read: () => Promise<T>): Promise<T> {
  return asking.run({ run }, read);
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
  const ask = asking.getStore();
  if (!ask) return null;
  const known = exactTotal ? await exactTotal() : null;
  if (known !== null) return { total: known, capped: false };
  const rows = count()
    .clearSelect()
    .select(sql<number>`1`.as('one'))
    .compile();
  const n = LIST_COUNT.budgetMs > 0 ? await ask.run(rows, db) : null;
  if (n !== null) return { total: n, capped: false };
  const lower = await fallback();
  return { total: lower.total, capped: true };
}

/** PostgreSQL's error code of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/** The count on the pool, in a transaction whose statement_timeout is the budget. */
async function countOnPool(rows: CompiledQuery, db: Db): Promise<number | null> {
  const ms = Math.max(1, Math.round(LIST_COUNT.budgetMs));
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
  return (rows) => countOnThread(file, rows.sql, rows.parameters, LIST_COUNT.budgetMs);
}
