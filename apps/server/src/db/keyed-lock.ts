import { PostgresAdapter, sql } from 'kysely';
import type { Trx } from './database';

/**
 * What a keyed lock is about: the first of PostgreSQL's two advisory-lock keys, so that keys of
 * different kinds never meet (and none meets the start-up lock, which uses the one-key form).
 * Several kinds taken in one transaction are taken in this order, so two transactions never wait
 * for each other in a circle.
 */
export const LockKind = {
  /** Verification codes of one email or mobile (platform/codes.ts). */
  codeDestination: 1,
  /** Verification codes asked from one client address. */
  codeClient: 2,
  /** One-time links mailed to one person (password reset, email verification). */
  personLink: 3,
} as const;
export type TLockKind = (typeof LockKind)[keyof typeof LockKind];

/**
 * Makes transactions that check a limit and then record against it run one at a time per key, on
 * every node: without it, requests that arrive together all read the count before any of them has
 * written, and all pass.
 *
 * - PostgreSQL: a transaction-level advisory lock on (kind, hashtext(key)), released by the commit or
 *   the rollback. Two keys with the same hash only wait for each other, which is harmless.
 * - SQLite: nothing to take. Every transaction begins IMMEDIATE (db/database.ts), holding the
 *   database's write lock from its first statement, so such transactions already run one at a time,
 *   in this process and in any other on the same file.
 */
export async function lockKeys(trx: Trx, keys: readonly (readonly [TLockKind, string])[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  const ordered = [...keys].sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
  for (const [kind, key] of ordered) {
    await sql`select pg_advisory_xact_lock(${sql.lit(kind)}, hashtext(${key}))`.execute(trx);
  }
}
