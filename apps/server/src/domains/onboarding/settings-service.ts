import type { TSessionInfo } from '@mbo/shared/auth';
import type {
  TAccountInfo,
  TChangeEmailBody,
  TChangePhoneBody,
  TCodeSent,
  TSendCodeBody,
  TTwoFAToggleBody,
  TUpgradeSendCodeBody,
  TUpgradeVerifyBody,
} from '@mbo/shared/onboarding';
import { isUniqueViolation } from '../../db/errors';
import { writeOperationLog } from '../../platform/audit';
import { noteOperation } from '../../platform/operation-log';
import { sendCode, verifyCode } from '../../platform/codes';
import { businessError, conflictError, forbiddenError, unauthorizedError } from '../../platform/errors';
import { revokePersonSessions, type SessionContext } from '../../platform/session';
import { buildSessionInfo } from '../auth/service';
import { languageOf, logSessionOperation, normalizeTarget, type Client, type OnboardingDeps } from './context';
import { sendVerificationEmail } from './identity-service';
import * as repo from './repository';

async function requirePerson(deps: OnboardingDeps, session: SessionContext): Promise<repo.PersonRow> {
  if (session.personId === null) throw businessError('identity.personRequired');
  const person = await repo.getPerson(deps.db, session.personId);
  if (!person) throw unauthorizedError();
  return person;
}

export async function getAccountInfo(deps: OnboardingDeps, session: SessionContext, client: Client): Promise<TAccountInfo> {
  if (session.personId === null) {
    const admin = await repo.getSessionAdmin(deps.db, session.scope);
    if (!admin) throw unauthorizedError();
    // SSO sessions act for a business, not for a person: nothing to upgrade there.
    return {
      upgradeRequired: !session.sysAdmin,
      name: admin.name,
      email: admin.email,
      emailVerified: false,
      mobile: admin.mobile,
      twoFAEnabled: false,
      language: client.lang,
    };
  }
  const person = await requirePerson(deps, session);
  return {
    upgradeRequired: false,
    name: person.name,
    email: person.email,
    emailVerified: person.email_verified === 1,
    mobile: person.mobile,
    twoFAEnabled: person.two_fa_enabled === 1,
    language: languageOf(person, client.lang),
  };
}

/** A code to the signed-in person's own mobile (default) or email, for a settings action or the second step. */
export async function sendSessionCode(
  deps: OnboardingDeps,
  session: SessionContext,
  body: TSendCodeBody,
  client: Client,
): Promise<TCodeSent> {
  const person = await requirePerson(deps, session);
  if (session.requires2FA && body.purpose !== 'twoFA') throw forbiddenError('error.twoFactorRequired');
  const channel = body.channel ?? (person.mobile ? 'sms' : 'email');
  if (channel === 'sms' && !person.mobile) throw businessError('identity.noMobile');
  return sendCode(deps, {
    purpose: body.purpose,
    channel,
    destination: channel === 'sms' ? person.mobile : person.email,
    personId: person.id,
    ip: client.ip,
    language: languageOf(person, client.lang),
  });
}

export async function toggleTwoFactor(
  deps: OnboardingDeps,
  session: SessionContext,
  body: TTwoFAToggleBody,
  client: Client,
): Promise<void> {
  const person = await requirePerson(deps, session);
  await verifyCode(deps, { purpose: 'twoFAToggle', personId: person.id, code: body.code, ip: client.ip });
  await repo.setTwoFa(deps.db, person.id, body.enabled);
  noteOperation({ change: { before: { twoFactor: person.two_fa_enabled === 1 }, after: { twoFactor: body.enabled } } });
  // The session that switched it on has just proven a code: it does not have to do it again.
  if (body.enabled) await repo.markSessionTwoFaPassed(deps.db, session.sessionId);
  await logSessionOperation(deps.db, session, body.enabled ? 'twoFAEnabled' : 'twoFADisabled', '', client.ip, deps.now());
}

/** The new address replaces the old one at once, unverified (so email sign-in stops) until its link is opened. */
export async function changeEmail(deps: OnboardingDeps, session: SessionContext, body: TChangeEmailBody, client: Client): Promise<void> {
  const person = await requirePerson(deps, session);
  if (body.newEmail === person.email) throw businessError('identity.sameEmail');
  if (await repo.findPersonByEmail(deps.db, body.newEmail)) throw conflictError('identity.emailTaken');
  await verifyCode(deps, { purpose: 'changeEmail', personId: person.id, code: body.code, ip: client.ip });
  try {
    await repo.changePersonEmail(deps.db, person.id, body.newEmail);
  } catch (error) {
    if (isUniqueViolation(error, 'email')) throw conflictError('identity.emailTaken');
    throw error;
  }
  const lang = languageOf(person, client.lang);
  if (person.email_verified === 1) await deps.notifier.mail.send(person.email, lang, 'emailChanged', { newEmail: body.newEmail });
  const updated = await repo.getPerson(deps.db, person.id);
  if (updated) await sendVerificationEmail(deps, updated, client);
  await logSessionOperation(deps.db, session, 'changeEmail', '', client.ip, deps.now());
}

export async function sendChangePhoneCode(
  deps: OnboardingDeps,
  session: SessionContext,
  newMobile: string,
  client: Client,
): Promise<TCodeSent> {
  const person = await requirePerson(deps, session);
  if (newMobile === person.mobile) throw businessError('identity.sameMobile');
  if (await repo.findPersonByMobile(deps.db, newMobile)) throw conflictError('identity.mobileTaken');
  return sendCode(deps, {
    purpose: 'changePhone',
    channel: 'sms',
    destination: newMobile,
    personId: person.id,
    ip: client.ip,
    language: languageOf(person, client.lang),
  });
}

export async function changePhone(deps: OnboardingDeps, session: SessionContext, body: TChangePhoneBody, client: Client): Promise<void> {
  const person = await requirePerson(deps, session);
  if (await repo.findPersonByMobile(deps.db, body.newMobile)) throw conflictError('identity.mobileTaken');
  const match = await verifyCode(deps, { purpose: 'changePhone', destination: body.newMobile, code: body.code, ip: client.ip });
  if (match.personId !== person.id) throw businessError('code.invalid');
  try {
    await repo.changePersonMobile(deps.db, person.id, body.newMobile);
  } catch (error) {
    if (isUniqueViolation(error, 'mobile')) throw conflictError('identity.mobileTaken');
    throw error;
  }
  await logSessionOperation(deps.db, session, 'changePhone', '', client.ip, deps.now());
}

/**
 * Removes the person's account: their logins are disabled, the person is anonymized, their sessions
 * end. The businesses they own stay as they are (a merchant's payment data is never lost), each with
 * an operation-log line saying the owner's account was removed.
 */
export async function removeAccount(deps: OnboardingDeps, session: SessionContext, code: string, client: Client): Promise<void> {
  const person = await requirePerson(deps, session);
  await verifyCode(deps, { purpose: 'removeAccount', personId: person.id, code, ip: client.ip });
  const now = deps.now();
  const admins = await repo.listPersonAdmins(deps.db, person.id);
  await repo.removePerson(deps.db, person.id, now);
  await revokePersonSessions(deps.db, person.id, now);
  for (const a of admins) {
    await writeOperationLog(deps.db, {
      merchantId: a.merchant_id,
      adminId: a.id,
      sysAdmin: session.sysAdmin,
      module: 'onboarding',
      operation: 'removeAccount',
      content: `personId=${person.id} owner=${a.is_owner === 1} adminDisabled=true businessKept=true`,
      ip: client.ip,
      now,
    });
  }
}

function requireUpgrade(session: SessionContext): void {
  if (session.personId !== null || session.sysAdmin) throw businessError('identity.upgradeNotRequired');
}

/** Account upgrade: a code to the email or mobile the old account wants to add. */
export async function sendUpgradeCode(
  deps: OnboardingDeps,
  session: SessionContext,
  body: TUpgradeSendCodeBody,
  client: Client,
): Promise<TCodeSent> {
  requireUpgrade(session);
  const destination = normalizeTarget(body.channel, body.target);
  // An email may belong to a person already (they will be linked); a mobile of someone else may not be taken over.
  if (body.channel === 'sms' && (await repo.findPersonByMobile(deps.db, destination))) throw conflictError('identity.mobileTaken');
  return sendCode(deps, { purpose: 'upgrade', channel: body.channel, destination, personId: null, ip: client.ip, language: client.lang });
}

/**
 * Both codes right: the admin is linked to the person of that email (created verified when there is
 * none) and the session now carries kycInfo.
 */
export async function verifyUpgrade(
  deps: OnboardingDeps,
  session: SessionContext,
  body: TUpgradeVerifyBody,
  client: Client,
): Promise<TSessionInfo> {
  requireUpgrade(session);
  const { db } = deps;
  const admin = await repo.getSessionAdmin(db, session.scope);
  if (!admin) throw unauthorizedError();
  const byEmail = await repo.findPersonByEmail(db, body.email);
  const byMobile = await repo.findPersonByMobile(db, body.mobile);
  if (byMobile && byMobile.id !== byEmail?.id) throw conflictError('identity.mobileTaken');
  if (byEmail && (await repo.findPersonAdminInMerchant(db, byEmail.id, session.merchantId))) throw conflictError('identity.alreadyLinked');

  await verifyCode(deps, { purpose: 'upgrade', destination: body.mobile, code: body.smsCode, ip: client.ip });
  await verifyCode(deps, { purpose: 'upgrade', destination: body.email, code: body.emailCode, ip: client.ip });

  const now = deps.now();
  let personId: number;
  if (byEmail) {
    personId = byEmail.id;
    await repo.setEmailVerified(db, personId, body.email);
    await repo.setPersonMobileIfEmpty(db, personId, body.mobile);
  } else {
    personId = await repo.insertPerson(db, {
      email: body.email,
      mobile: body.mobile,
      name: admin.name,
      emailVerified: true,
      language: client.lang,
      now,
    });
  }
  const person = await repo.getPerson(db, personId);
  if (!person) throw unauthorizedError();
  await repo.linkAdminToPerson(db, session.scope, personId, person.email, person.mobile);
  await logSessionOperation(db, session, 'accountUpgrade', `personId=${personId}`, client.ip, now);
  return buildSessionInfo(db, {
    ...session,
    personId,
    requires2FA: person.two_fa_enabled === 1 && !session.twoFaPassed,
  });
}
