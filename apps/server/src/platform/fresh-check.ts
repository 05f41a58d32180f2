import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FRESH_CHECK_CODE, FRESH_CHECK_MAX_AGE_MS } from '@mbo/shared/passkeys';
import type { Db } from '../db/database';
import { AppError, unauthorizedError } from './errors';
import type { SessionContext } from './session';

/*
 * The fresh check before money moves (issue 50 §2; domains/auth/README.md): a withdrawal, a refund above
 * the owner's threshold, a bank-account change, a sign-key reveal and a role change need the session's
 * holder to have proved themselves (sign-in, second step, passkey or a new code) within the last five
 * minutes. The time is read from the session's row on every guarded request, not from the cached
 * context, so a check passed on one API node counts at once on every node, and a session made stale
 * (by time) cannot pass on a cached value.
 */

export function freshCheckError(): AppError {
  return new AppError('freshCheck.required', FRESH_CHECK_CODE, 200);
}

/** When the session last passed a check (null: never, a session from before migration 0030). */
export async function readLastCheck(db: Db, sessionId: number): Promise<number | null> {
  const row = await db.selectFrom('sessions').select('last_check_at').where('id', '=', sessionId).executeTakeFirst();
  return row?.last_check_at ?? null;
}

/** Throws the fresh-check refusal when the session's last check is older than five minutes at `now`. */
export async function assertFreshCheck(db: Db, session: Pick<SessionContext, 'sessionId'>, now: number): Promise<void> {
  const at = await readLastCheck(db, session.sessionId);
  if (at === null || now - at > FRESH_CHECK_MAX_AGE_MS) throw freshCheckError();
}

/** Records a passed check on the session (its last_check_at is not watched by the auth counter: see migration 0030). */
export async function recordFreshCheck(db: Db, sessionId: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_check_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/**
 * The route guard: `preHandler: requireFreshCheck` on a route whose every call moves money or opens a
 * secret. It runs after the session and permission checks of the request context (onRequest), so a
 * caller without the permission is told that first; routes where only some calls need the check (a
 * refund above the threshold, an admin edit that changes the role) call assertFreshCheck themselves.
 */
export async function requireFreshCheck(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthorizedError();
  await assertFreshCheck(this.db, request.auth, this.now());
}

/**
 * A refund above the merchant's threshold (whole units of the refund's currency, migration 0030) asks
 * for the check; at or below it, none.
 */
export async function assertFreshCheckForRefund(
  db: Db,
  session: SessionContext,
  refund: { amount: number; currency: string },
  now: number,
): Promise<void> {
  const [m, c] = await Promise.all([
    db.selectFrom('merchants').select('refund_check_threshold').where('id', '=', session.merchantId).executeTakeFirst(),
    db.selectFrom('currencies').select('minor_units').where('code', '=', refund.currency).executeTakeFirst(),
  ]);
  const threshold = BigInt(m?.refund_check_threshold ?? 0) * 10n ** BigInt(c?.minor_units ?? 2);
  if (BigInt(refund.amount) > threshold) await assertFreshCheck(db, session, now);
}

/** Giving an administrator another role asks for the check; an edit that keeps the role does not. */
export async function assertFreshCheckForRoleChange(
  db: Db,
  session: SessionContext,
  adminId: number,
  roleId: number,
  now: number,
): Promise<void> {
  const ofMerchant = { id: adminId, merchant_id: session.merchantId };
  const admin = await db
    .selectFrom('admins')
    .select('role_id')
    .where((eb) => eb.and(ofMerchant))
    .executeTakeFirst();
  if (admin && admin.role_id !== roleId) await assertFreshCheck(db, session, now);
}

/**
 * Changing the bank details of a business that already has a bank account on file (money would go
 * elsewhere) asks for the check; the first KYC of a new business does not.
 */
export async function assertFreshCheckForBankChange(db: Db, session: SessionContext, businessId: number, now: number): Promise<void> {
  if (session.personId === null) return;
  const account = await db
    .selectFrom('merchant_bank_accounts as b')
    .innerJoin('admins as a', 'a.merchant_id', 'b.merchant_id')
    .select('b.id')
    .where('b.merchant_id', '=', businessId)
    .where('a.person_id', '=', session.personId)
    .executeTakeFirst();
  if (account) await assertFreshCheck(db, session, now);
}
