import {
  CODE_RESEND_SECONDS,
  RESET_LINK_TTL_MINUTES,
  RESET_TOKEN_TTL_MINUTES,
  type TCodeSent,
  type TResetPwdBody,
  type TResetToken,
} from '@mbo/shared/onboarding';
import { consumeActionToken, createActionToken, createActionTokenUnlessRecent } from '../../platform/action-tokens';
import { writeOperationLog } from '../../platform/audit';
import { sendCode, verifyCode } from '../../platform/codes';
import { businessError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { revokePersonSessions } from '../../platform/session';
import { MINUTE_MS } from '../../platform/time';
import { clearPersonLockouts } from '../auth/lockout';
import { languageOf, type Client, type OnboardingDeps } from './context';
import * as repo from './repository';

/*
 * A forgotten password (spec §1 forgot password): a reset link by mail, or a code by SMS traded for a
 * reset token; then the new password on every login of the person, their lock cleared and every session
 * ended. The link and the code answer the same whether or not the address or number has an account.
 */

/** Mails a reset link (30 minutes, single use) to a verified address; answers the same whether or not it exists. */
export async function sendResetEmail(deps: OnboardingDeps, email: string, client: Client): Promise<void> {
  const person = await repo.findPersonByEmail(deps.db, email);
  if (!person || person.email_verified !== 1) return;
  const token = await createActionTokenUnlessRecent(
    deps.db,
    { purpose: 'resetPwd', personId: person.id, target: person.email, ttlMs: RESET_LINK_TTL_MINUTES * MINUTE_MS, now: deps.now() },
    CODE_RESEND_SECONDS * 1000,
  );
  if (token === null) return;
  const link = deps.notifier.link('resetPassword', token);
  // After the answer, so an address with an account answers as fast as one without.
  deps.background.run('resetPasswordMail', () =>
    deps.notifier.mail.send(person.email, languageOf(person, client.lang), 'resetPassword', { link, minutes: RESET_LINK_TTL_MINUTES }),
  );
}

export async function sendResetSms(deps: OnboardingDeps, mobile: string, client: Client): Promise<TCodeSent> {
  const person = await repo.findPersonByMobile(deps.db, mobile);
  return sendCode(deps, {
    purpose: 'resetPwd',
    channel: 'sms',
    destination: mobile,
    personId: person?.id ?? null,
    ip: client.ip,
    language: languageOf(person, client.lang),
    deliver: person !== undefined,
  });
}

/** Trades a right reset code for a reset token valid RESET_TOKEN_TTL_MINUTES. */
export async function verifyResetSms(deps: OnboardingDeps, mobile: string, code: string, client: Client): Promise<TResetToken> {
  await verifyCode(deps, { purpose: 'resetPwd', destination: mobile, code, ip: client.ip });
  const person = await repo.findPersonByMobile(deps.db, mobile);
  if (!person) throw businessError('code.invalid');
  const token = await createActionToken(deps.db, {
    purpose: 'resetPwd',
    personId: person.id,
    target: mobile,
    ttlMs: RESET_TOKEN_TTL_MINUTES * MINUTE_MS,
    now: deps.now(),
  });
  return { token, expiresInSeconds: RESET_TOKEN_TTL_MINUTES * 60 };
}

/** Sets the new password on every login of the person and ends all of their sessions. */
export async function resetPassword(deps: OnboardingDeps, body: TResetPwdBody, client: Client): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const found = await consumeActionToken(db, 'resetPwd', body.token, now, client.ip);
  if (!found.ok) throw businessError(found.reason === 'expired' ? 'resetPwd.expired' : 'resetPwd.invalid');
  const person = found.row.person_id !== null ? await repo.getPerson(db, found.row.person_id) : undefined;
  if (!person) throw businessError('resetPwd.invalid');
  await repo.setPersonPassword(db, person.id, await hashPassword(body.newPassword));
  await clearPersonLockouts(db, person.id);
  const revoked = await revokePersonSessions(db, person.id, now);
  for (const a of await repo.listPersonAdmins(db, person.id)) {
    await writeOperationLog(db, {
      merchantId: a.merchant_id,
      adminId: a.id,
      sysAdmin: false,
      module: 'auth',
      operation: 'resetPassword',
      content: `sessionsRevoked=${revoked}`,
      ip: client.ip,
      now,
    });
  }
}
