import type { DbOrTrx, Trx } from './database';

/**
 * Runs `work` in a database transaction: a new one, or the caller's own when `db` already is one. A step
 * that is atomic on its own (a rollup rebuild, a chunk of a bulk load) can then also be one part of a
 * larger all-or-nothing whole (the demo seed); Kysely refuses to open a transaction inside another.
 */
export function inTransaction<T>(db: DbOrTrx, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Trx) : db.transaction().execute(work);
}
