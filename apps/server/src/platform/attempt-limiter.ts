import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@mbo/shared/limits';
import { ErrorCode } from '@mbo/shared/envelope';
import type { Db } from '../db/database';
import { AppError } from './errors';
import type { MessageKey } from './messages';
import { MINUTE_MS } from './time';

/*
 * The one attempt limiter of every check of a secret: sign-in, the password typed again to change it
 * or to reveal the sign key, verification codes and one-time links. Kept in the database (table
 * `sign_in_attempts`), so it holds across restarts and API nodes.
 *
 * - Per account, one count per kind of check (`AttemptKind`): a password change does not use up the
 *   sign-in tries, nor codes the password tries. The account is what the check is about, keyed by what
 *   was typed when nobody is signed in (merchant number and login name, whether or not such an account
 *   exists, so neither the delays nor the lock tell which names exist). Each kind has its policy
 *   (`ACCOUNT_POLICIES`): free failures, then a growing delay before the next try, and the failure that
 *   locks that kind of check for that account. A right secret resets the count; failures are forgotten
 *   after 24 hours without one.
 * - Per client address (the request's IP, which honours TRUST_PROXY), one budget shared by every kind:
 *   10 failures per 15-minute window are free, then each further try waits 1, 2, 4 ... seconds, at most
 *   5 minutes; a new window starts the count again. Successes give their try back but do not reset the
 *   window, so one valid account does not launder a guessing run, and a guesser gains nothing by
 *   moving from one kind of check to another.
 *
 * Every attempt is counted before the secret is checked (and given back when it was right), in one
 * conditional UPDATE per row that also checks the delay and the lock, so a burst of parallel tries,
 * on one node or several, cannot all slip through before the first failure is written.
 */

/** What is being checked; each kind counts and locks on its own per account. */
export type AttemptKind = 'signIn' | 'passwordChange' | 'signKey' | 'code';

export type AccountPolicy = {
  /** Consecutive failures without a delay. */
  freeFailures: number;
  /** The longest delay between two tries. */
  maxDelayMs: number;
  /** The failure in a row that locks the account for this kind of check. */
  lockAfter: number;
  lockMs: number;
};

export const ACCOUNT_FREE_FAILURES = 2;
export const ACCOUNT_MAX_DELAY_MS = 30_000;
export const ACCOUNT_FORGET_MS = 24 * 60 * MINUTE_MS;
export const LOCK_MS = LOGIN_LOCK_MINUTES * MINUTE_MS;
export const IP_FREE_FAILURES = 10;
export const IP_WINDOW_MS = 15 * MINUTE_MS;
export const IP_MAX_DELAY_MS = 5 * MINUTE_MS;
/** Password change and sign-key reveal: the signed-in person types the password again; this many wrong ones in a row lock. */
export const PASSWORD_RECHECK_MAX_FAILURES = 5;
export const SIGN_KEY_LOCK_MINUTES = 15;
/** Codes: wrong codes in a row, across the codes sent, of one purpose for one address or person (two codes' worth). */
export const CODE_MAX_FAILURES = 10;

/** The limits of each kind (README of the auth domain says why). */
export const ACCOUNT_POLICIES: Record<AttemptKind, AccountPolicy> = {
  // PCI DSS 8.3.4: at most 10 failures, then at least 30 minutes.
  signIn: { freeFailures: ACCOUNT_FREE_FAILURES, maxDelayMs: ACCOUNT_MAX_DELAY_MS, lockAfter: LOGIN_MAX_FAILURES, lockMs: LOCK_MS },
  // A session is not a guessing oracle: a few wrong passwords lock (the caller then locks the sign-in too).
  passwordChange: { freeFailures: PASSWORD_RECHECK_MAX_FAILURES, maxDelayMs: 0, lockAfter: PASSWORD_RECHECK_MAX_FAILURES, lockMs: LOCK_MS },
  signKey: {
    freeFailures: PASSWORD_RECHECK_MAX_FAILURES,
    maxDelayMs: 0,
    lockAfter: PASSWORD_RECHECK_MAX_FAILURES,
    lockMs: SIGN_KEY_LOCK_MINUTES * MINUTE_MS,
  },
  // Each code has its own five tries (platform/codes.ts); this spans the codes sent one after another.
  code: { freeFailures: CODE_MAX_FAILURES, maxDelayMs: 0, lockAfter: CODE_MAX_FAILURES, lockMs: LOCK_MS },
};

/**
 * The `scope` column holds the kind of key: `ip` for an address, otherwise the kind of check. Sign-in
 * keeps the name it had before the other kinds existed (`account`), so counts and locks running when
 * the server is upgraded carry on.
 */
const STORED_SCOPE: Record<AttemptKind, string> = {
  signIn: 'account',
  passwordChange: 'passwordChange',
  signKey: 'signKey',
  code: 'code',
};

/** Delay before the next try after `failures` consecutive failures of one account, under a kind's policy (sign-in's by default). */
export function accountDelayMs(failures: number, policy: AccountPolicy = ACCOUNT_POLICIES.signIn): number {
  if (failures <= policy.freeFailures) return 0;
  return Math.min(1000 * 2 ** (failures - policy.freeFailures - 1), policy.maxDelayMs);
}

/** Delay before the next try after `failures` failures from one address in the current window. */
export function ipDelayMs(failures: number): number {
  if (failures <= IP_FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - IP_FREE_FAILURES - 1, 30), IP_MAX_DELAY_MS);
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The account a sign-in names, as typed. */
export function accountKey(merchantNo: string, loginName: string): string {
  return digest(`account\n${merchantNo}\n${loginName}`);
}

/** The account of any other kind of check (a person, an admin, a code's address), as a digest. */
export function subjectKey(kind: Exclude<AttemptKind, 'signIn'>, subject: string): string {
  return digest(`${kind}\n${subject}`);
}

/**
 * The account of a password typed again by a signed-in user: the person (one password for all of their
 * logins, so each business does not bring its own tries) or, for a login without a person, the admin.
 */
export function ownerKey(kind: 'passwordChange' | 'signKey', owner: { personId: number | null; adminId: number }): string {
  return subjectKey(kind, owner.personId !== null ? `person:${owner.personId}` : `admin:${owner.adminId}`);
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

async function ensureRow(db: Db, scope: string, keyHash: string, now: number): Promise<void> {
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

export type Refusal = Exclude<Gate, { allowed: true }>;

async function refusal(db: Db, scope: string, keyHash: string, now: number): Promise<Refusal> {
  const row = await db
    .selectFrom('sign_in_attempts')
    .select(['next_allowed_at', 'locked_until'])
    .where('scope', '=', scope)
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  if (row?.locked_until != null && row.locked_until > now) return { allowed: false, reason: 'locked', until: row.locked_until };
  return { allowed: false, reason: 'throttled', retryAfterMs: Math.max(1000, (row?.next_allowed_at ?? now) - now) };
}

/**
 * The answer to a refused try: "try again in N s" while a delay runs, else the kind's own lock message
 * (`lockedKey`, with the minutes left). Sign-in words both its own way (domains/auth/lockout.ts).
 */
export function refusalError(r: Refusal, now: number, lockedKey?: MessageKey): AppError {
  if (r.reason === 'locked' && lockedKey) {
    return new AppError(lockedKey, ErrorCode.tooMany, 200, { minutes: Math.max(1, Math.ceil((r.until - now) / MINUTE_MS)) });
  }
  const waitMs = r.reason === 'throttled' ? r.retryAfterMs : r.until - now;
  return new AppError('attempt.tooMany', ErrorCode.tooMany, 200, { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
}

/** Counts a try from the client's address, for a check with no account to count against (a one-time link); throws while the address must wait. */
export async function passAddressLimit(db: Db, ip: string, now: number): Promise<void> {
  const gate = await takeAddressAttempt(db, ip, now);
  if (!gate.allowed) throw refusalError(gate, now);
}

/** Counts a try of one account, when its delay has passed and it is not locked; the policy's failure in a row locks it. */
export async function takeAccountAttempt(db: Db, keyHash: string, now: number, kind: AttemptKind = 'signIn'): Promise<Gate> {
  const scope = STORED_SCOPE[kind];
  const policy = ACCOUNT_POLICIES[kind];
  await ensureRow(db, scope, keyHash, now);
  const stale = sql<boolean>`last_failure_at < ${big(now - ACCOUNT_FORGET_MS)}`;
  const next = sql<number>`(case when ${stale} then 1 else failures + 1 end)`;
  const locks = sql<boolean>`${next} >= ${sql.lit(policy.lockAfter)}`;
  const delay = delayCase(next, (f) => accountDelayMs(f, policy), policy.lockAfter);
  const row = await db
    .updateTable('sign_in_attempts')
    .set({
      failures: sql<number>`(case when ${locks} then 0 else ${next} end)`,
      locked_until: sql<number | null>`(case when ${locks} then ${big(now + policy.lockMs)} else null end)`,
      next_allowed_at: sql<number>`(case when ${locks} then 0 else ${big(now)} + ${delay} end)`,
      last_failure_at: now,
    })
    .where('scope', '=', scope)
    .where('key_hash', '=', keyHash)
    .where('next_allowed_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning(['locked_until'])
    .executeTakeFirst();
  if (!row) return refusal(db, scope, keyHash, now);
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

/** Prune stale rows on every this-many counted tries of the process (cheap, indexed delete). */
const PRUNE_EVERY = 500;
let counted = 0;

/** Counts a try from the client's address (every kind shares the budget); refuses it while the address must wait. */
export async function takeAddressAttempt(db: Db, ip: string, now: number): Promise<Gate> {
  counted += 1;
  if (counted % PRUNE_EVERY === 0) await pruneAttempts(db, now);
  return takeIpAttempt(db, ipKey(ip), now);
}

/** One check of a secret: its kind, the account it is about (a digest from accountKey or subjectKey; null: none known) and the client address. */
export type Attempt = { kind: AttemptKind; account: string | null; ip: string };

/**
 * Counts one try before the secret is checked: the address first (a refused address does not count
 * against the account), then the account. `lockedNow` says that this try, if wrong, is the one that
 * locked the account.
 */
export async function takeAttempt(db: Db, a: Attempt, now: number): Promise<Gate> {
  const ipGate = await takeAddressAttempt(db, a.ip, now);
  if (!ipGate.allowed || a.account === null) return ipGate;
  return takeAccountAttempt(db, a.account, now, a.kind);
}

/** A right secret: the account's count, delay and lock of that kind start over, and the address gets its try back. */
export async function forgiveAttempt(db: Db, a: Attempt): Promise<void> {
  if (a.account !== null) await clearAccountAttempts(db, [a.account], a.kind);
  await giveBackIpAttempt(db, ipKey(a.ip));
}

/** The owner proved themselves (right secret, unlock, reset): the accounts start over for that kind of check. */
export async function clearAccountAttempts(db: Db, keyHashes: readonly string[], kind: AttemptKind = 'signIn'): Promise<void> {
  if (keyHashes.length === 0) return;
  await db.deleteFrom('sign_in_attempts').where('scope', '=', STORED_SCOPE[kind]).where('key_hash', 'in', keyHashes).execute();
}

/** Locks accounts for one kind of check now, as their last failure would (a password change locks the sign-in). */
export async function lockAccounts(db: Db, keyHashes: readonly string[], kind: AttemptKind, now: number): Promise<number> {
  const until = now + ACCOUNT_POLICIES[kind].lockMs;
  for (const keyHash of keyHashes) {
    await db
      .insertInto('sign_in_attempts')
      .values({
        scope: STORED_SCOPE[kind],
        key_hash: keyHash,
        failures: 0,
        window_start: now,
        last_failure_at: now,
        next_allowed_at: 0,
        locked_until: until,
      })
      .onConflict((oc) =>
        oc.columns(['scope', 'key_hash']).doUpdateSet({ failures: 0, last_failure_at: now, next_allowed_at: 0, locked_until: until }),
      )
      .execute();
  }
  return until;
}

/** A right secret from an address gives back the try counted for it (the delay it set stays). */
export async function giveBackIpAttempt(db: Db, keyHash: string): Promise<void> {
  await db
    .updateTable('sign_in_attempts')
    .set({ failures: sql<number>`(case when failures > 0 then failures - 1 else 0 end)` })
    .where('scope', '=', 'ip')
    .where('key_hash', '=', keyHash)
    .execute();
}

/** Whether an account is locked now for a kind of check (the unlock flow asks for sign-in). */
export async function accountLockedUntil(db: Db, keyHash: string, now: number, kind: AttemptKind = 'signIn'): Promise<number | null> {
  const row = await db
    .selectFrom('sign_in_attempts')
    .select('locked_until')
    .where('scope', '=', STORED_SCOPE[kind])
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
