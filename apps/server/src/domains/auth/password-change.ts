import type { TUpdatePasswordBody } from '@mbo/shared/auth';
import { checkPassword as checkPasswordRule } from '@mbo/shared/password';
import { forgiveAttempt, ownerKey, refusalError, takeAttempt, type Attempt } from '../../platform/attempt-limiter';
import { writeOperationLog } from '../../platform/audit';
import { businessError, unauthorizedError, type AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { revokeOtherSessions, revokePersonSessions, type SessionContext } from '../../platform/session';
import { clearOwnerLockouts, clearPersonLockouts, lockedError, lockOwnerOut } from './lockout';
import * as repo from './repository';
import type { AuthDeps, Client } from './service';

/**
 * A person has one password for all of their businesses (onboarding README): a change made from any
 * of them applies to every login of the person, like a reset, and ends all of their other sessions on
 * every business (the one that made the change stays open). An account without a person has only its
 * own login.
 *
 * The current password goes through the attempt limiter (kind `passwordChange`, per person or login,
 * counted before the check): five wrong ones in a row lock the account as ten wrong sign-ins do and
 * end the owner's sessions (lockOwnerOut), so a session cannot be used to guess its password.
 */
export async function changePassword(deps: AuthDeps, session: SessionContext, body: TUpdatePasswordBody, client: Client): Promise<void> {
  const { db } = deps;
  const admin = await repo.getSessionAdmin(db, session.scope);
  if (!admin) throw unauthorizedError();
  const attempt: Attempt = { kind: 'passwordChange', account: ownerKey('passwordChange', session), ip: client.ip };
  const gateAt = deps.now();
  const gate = await takeAttempt(db, attempt, gateAt);
  if (!gate.allowed) throw refusalError(gate, gateAt, 'password.locked');
  if (!(await verifyPassword(admin.password_hash, body.oldPassword))) {
    if (gate.lockedNow) throw await lockOutAfterPasswordChange(deps, session, admin, client);
    throw businessError('password.oldIncorrect');
  }
  await forgiveAttempt(db, attempt);
  if (checkPasswordRule(body.newPassword) !== null) throw businessError('password.rule');
  if (body.newPassword === body.oldPassword) throw businessError('password.sameAsOld');

  const now = deps.now();
  const passwordHash = await hashPassword(body.newPassword);
  let revoked: number;
  let logins = 1;
  if (session.personId !== null) {
    await repo.setPersonPasswordHash(db, session.personId, passwordHash);
    revoked = await revokePersonSessions(db, session.personId, now, session.sessionId);
    await clearPersonLockouts(db, session.personId);
    logins = (await repo.listPersonLogins(db, session.personId)).length;
  } else {
    await repo.updatePasswordHash(db, session.scope, passwordHash);
    revoked = await revokeOtherSessions(db, session.adminId, session.sessionId, now);
    await clearOwnerLockouts(db, { adminId: session.adminId });
  }
  await writeOperationLog(db, {
    merchantId: session.merchantId,
    adminId: session.adminId,
    sysAdmin: session.sysAdmin,
    module: 'system',
    operation: 'updatePassword',
    content: `logins=${logins} otherSessionsRevoked=${revoked}`,
    ip: client.ip,
    now,
  });
}

/** The wrong password that reached the password change's limit: the owner is locked out, and the answer says so. */
async function lockOutAfterPasswordChange(
  deps: AuthDeps,
  session: SessionContext,
  admin: { merchant_no: string; login_name: string },
  client: Client,
): Promise<AppError> {
  const now = deps.now();
  const account = await repo.findAccountForLogin(deps.db, admin.merchant_no, admin.login_name);
  if (!account) return unauthorizedError();
  const owner = session.personId !== null ? { personId: session.personId } : { adminId: session.adminId };
  const locked = await lockOwnerOut(deps, owner, account, admin.login_name, client);
  await writeOperationLog(deps.db, {
    merchantId: session.merchantId,
    adminId: session.adminId,
    sysAdmin: session.sysAdmin,
    module: 'system',
    operation: 'updatePasswordLocked',
    content: `logins=${locked.logins} sessionsRevoked=${locked.revoked}`,
    ip: client.ip,
    now,
  });
  return lockedError(locked.until, now);
}
