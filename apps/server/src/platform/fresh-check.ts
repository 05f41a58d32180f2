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
