import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@mbo/shared/limits';
import type { Db } from '../db/database';
import { MINUTE_MS } from './time';

/*
 * Sign-in attempt limits, kept in the database (so they hold across restarts and instances):
 *
 * - Per account, keyed by what was typed (merchant number and login name) whether or not such an
 *   account exists, so neither the delays nor the lock tell which names exist. Consecutive failures
 *   1 and 2 are free; from the 3rd the next try waits 1, 2, 4, 8, 16, then 30 seconds; the 10th
 *   locks for 30 minutes (PCI DSS 8.3.4: at most 10 failures, at least 30 minutes). A success resets
 *   the count; failures are forgotten after 24 hours without one.
 * - Per client address (the request's IP, which honours TRUST_PROXY): 10 failures per 15-minute
 *   window are free, then each further try waits 1, 2, 4 ... seconds, at most 5 minutes; a new window
 *   starts the count again. Successes do not reset it, so one valid account does not launder a
 *   guessing run.
 *
 * Every attempt is counted before the password is checked (and given back when it was right), in one
 * conditional UPDATE that also checks the delay, so a burst of parallel tries cannot all slip through
 * before the first failure is written.
 */
export const ACCOUNT_FREE_FAILURES = 2;
export const ACCOUNT_MAX_DELAY_MS = 30_000;
export const ACCOUNT_FORGET_MS = 24 * 60 * MINUTE_MS;
export const LOCK_MS = LOGIN_LOCK_MINUTES * MINUTE_MS;
export const IP_FREE_FAILURES = 10;
export const IP_WINDOW_MS = 15 * MINUTE_MS;
export const IP_MAX_DELAY_MS = 5 * MINUTE_MS;

export type AttemptScope = 'ip' | 'account';

/** Delay before the next try after `failures` consecutive failures of one account. */
export function accountDelayMs(failures: number): number {
  if (failures <= ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - ACCOUNT_FREE_FAILURES - 1), ACCOUNT_MAX_DELAY_MS);
}

/** Delay before the next try after `failures` failures from one address in the current window. */
export function ipDelayMs(failures: number): number {
  if (failures <= IP_FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - IP_FREE_FAILURES - 1, 30), IP_MAX_DELAY_MS);
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function accountKey(merchantNo: string, loginName: string): string {
  return digest(`account\n${merchantNo}\n${loginName}`);
}

export function ipKey(ip: string): string {
  return digest(`ip\n${ip}`);
}

/** A time as a bigint parameter: PostgreSQL would otherwise type a bare parameter in arithmetic as a 32-bit integer. */
function big(ms: number): RawBuilder<number> {
  return sql<number>`cast(${ms} as bigint)`;
}

/** `CASE <n> WHEN 1 THEN d1 ... ELSE dmax END`: the delay table in SQL, so the count and the delay are written in one statement. */
function delayCase(n: RawBuilder<number>, delay: (failures: number) => number, upTo: number): RawBuilder<number> {
  const branches = [];
  for (let f = 1; f <= upTo; f += 1) branches.push(sql`when ${sql.lit(f)} then ${sql.lit(delay(f))}`);
  return sql<number>`(case ${n} ${sql.join(branches, sql` `)} else ${sql.lit(delay(upTo + 1))} end)`;
}

async function ensureRow(db: Db, scope: AttemptScope, keyHash: string, now: number): Promise<void> {
  await db
    .insertInto('sign_in_attempts')
    .values({ scope, key_hash: keyHash, failures: 0, window_start: now, last_failure_at: now, next_allowed_at: 0, locked_until: null })
    .onConflict((oc) => oc.columns(['scope', 'key_hash']).doNothing())
    .execute();
}

export type Gate =
  | { allowed: true; lockedNow: boolean }
  | { allowed: false; reason: 'locked'; until: number }
  | { allowed: false; reason: 'throttled'; retryAfterMs: number };

async function refusal(db: Db, scope: AttemptScope, keyHash: string, now: number): Promise<Gate> {
  const row = await db
    .selectFrom('sign_in_attempts')
    .select(['next_allowed_at', 'locked_until'])
    .where('scope', '=', scope)
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  if (row?.locked_until != null && row.locked_until > now) return { allowed: false, reason: 'locked', until: row.locked_until };
  return { allowed: false, reason: 'throttled', retryAfterMs: Math.max(1000, (row?.next_allowed_at ?? now) - now) };
}

/** Counts a try of one account, when its delay has passed and it is not locked; the 10th failure in a row locks it. */
export async function takeAccountAttempt(db: Db, keyHash: string, now: number): Promise<Gate> {
  await ensureRow(db, 'account', keyHash, now);
  const stale = sql<boolean>`last_failure_at < ${big(now - ACCOUNT_FORGET_MS)}`;
  const next = sql<number>`(case when ${stale} then 1 else failures + 1 end)`;
  const locks = sql<boolean>`${next} >= ${sql.lit(LOGIN_MAX_FAILURES)}`;
  const row = await db
    .updateTable('sign_in_attempts')
    .set({
      failures: sql<number>`(case when ${locks} then 0 else ${next} end)`,
      locked_until: sql<number | null>`(case when ${locks} then ${big(now + LOCK_MS)} else null end)`,
      next_allowed_at: sql<number>`(case when ${locks} then 0 else ${big(now)} + ${delayCase(next, accountDelayMs, LOGIN_MAX_FAILURES)} end)`,
      last_failure_at: now,
    })
    .where('scope', '=', 'account')
    .where('key_hash', '=', keyHash)
    .where('next_allowed_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning(['locked_until'])
    .executeTakeFirst();
  if (!row) return refusal(db, 'account', keyHash, now);
  return { allowed: true, lockedNow: row.locked_until !== null };
}

/** Counts a try from one address, when its delay has passed. */
export async function takeIpAttempt(db: Db, keyHash: string, now: number): Promise<Gate> {
  await ensureRow(db, 'ip', keyHash, now);
  const fresh = sql<boolean>`window_start <= ${big(now - IP_WINDOW_MS)}`;
  const next = sql<number>`(case when ${fresh} then 1 else failures + 1 end)`;
  const row = await db
    .updateTable('sign_in_attempts')
    .set({
      failures: next,
      window_start: sql<number>`(case when ${fresh} then ${big(now)} else window_start end)`,
      next_allowed_at: sql<number>`${big(now)} + ${delayCase(next, ipDelayMs, IP_FREE_FAILURES + 12)}`,
      last_failure_at: now,
    })
    .where('scope', '=', 'ip')
    .where('key_hash', '=', keyHash)
    .where('next_allowed_at', '<=', now)
    .returning(['failures'])
    .executeTakeFirst();
  if (!row) return refusal(db, 'ip', keyHash, now);
  return { allowed: true, lockedNow: false };
}

/** A right password: the account starts over (count, delay and lock). */
export async function clearAccountAttempts(db: Db, keyHashes: readonly string[]): Promise<void> {
  if (keyHashes.length === 0) return;
  await db.deleteFrom('sign_in_attempts').where('scope', '=', 'account').where('key_hash', 'in', keyHashes).execute();
}

/** A right password from an address gives back the try counted for it (the delay it set stays). */
export async function giveBackIpAttempt(db: Db, keyHash: string): Promise<void> {
  await db
    .updateTable('sign_in_attempts')
    .set({ failures: sql<number>`(case when failures > 0 then failures - 1 else 0 end)` })
    .where('scope', '=', 'ip')
    .where('key_hash', '=', keyHash)
    .execute();
}

/** Whether an account is locked now (for the unlock flow). */
export async function accountLockedUntil(db: Db, keyHash: string, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('sign_in_attempts')
    .select('locked_until')
    .where('scope', '=', 'account')
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row?.locked_until != null && row.locked_until > now ? row.locked_until : null;
}

/** Rows with nothing left to remember: no failure for a day and no lock running. */
export async function pruneAttempts(db: Db, now: number): Promise<number> {
  const res = await db
    .deleteFrom('sign_in_attempts')
    .where('last_failure_at', '<', now - ACCOUNT_FORGET_MS)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
