import type { TLoginResult } from '@mbo/shared/auth';
import { MerchantStatus } from '@mbo/shared/merchants';
import {
  CODE_RESEND_SECONDS,
  EMAIL_VERIFY_TTL_HOURS,
  SSO_TICKET_TTL_SECONDS,
  type TCaptchaBody,
  type TCodeSent,
  type TCreateBusinessBody,
  type TSignInBody,
  type TSignUpBody,
  type TVerifyEmailResult,
} from '@mbo/shared/onboarding';
import { isUniqueViolation } from '../../db/errors';
import { consumeActionToken, createActionToken, createActionTokenUnlessRecent } from '../../platform/action-tokens';
import { writeLoginLog, writeOperationLog } from '../../platform/audit';
import { sendCode, verifyCode } from '../../platform/codes';
import { businessError, notFoundError, unauthorizedError } from '../../platform/errors';
import type { MessageKey } from '../../platform/messages';
import { notificationText } from '../../platform/notification-texts';
import { hashPassword } from '../../platform/passwords';
import { revokeSession, type SessionContext } from '../../platform/session';
import { MINUTE_MS } from '../../platform/time';
import { carriedProof, linkedAccounts, openSession, reopenAfterSecondStep } from '../auth/service';
import { languageOf, logSessionOperation, normalizeTarget, type Client, type OnboardingDeps } from './context';
import * as repo from './repository';

const HOUR_MS = 60 * MINUTE_MS;

async function logSignIn(
  deps: OnboardingDeps,
  result: TLoginResult,
  merchantId: number,
  reason: MessageKey,
  client: Client,
  sysAdmin = false,
): Promise<void> {
  const now = deps.now();
  await writeLoginLog(deps.db, {
    merchantId,
    adminId: result.userInfo.adminId,
    merchantNo: result.userInfo.merchantNo,
    loginName: result.userInfo.loginName,
    ip: client.ip,
    userAgent: client.userAgent,
    success: true,
    reason,
    now,
  });
  await writeOperationLog(deps.db, {
    merchantId,
    adminId: result.userInfo.adminId,
    sysAdmin,
    module: 'auth',
    operation: reason.replace(/^login\./, ''),
    content: '',
    ip: client.ip,
    now,
  });
}

/**
 * Mails a fresh verification link for the person's current email (earlier links stop working); with
 * `minGapMs`, nothing when a link was issued less than that long ago.
 */
export async function sendVerificationEmail(deps: OnboardingDeps, person: repo.PersonRow, client: Client, minGapMs = 0): Promise<void> {
  const link = { purpose: 'verifyEmail' as const, personId: person.id, target: person.email, ttlMs: EMAIL_VERIFY_TTL_HOURS * HOUR_MS };
  const token = await createActionTokenUnlessRecent(deps.db, { ...link, now: deps.now() }, minGapMs);
  if (token === null) return;
  await deps.notifier.mail.send(person.email, languageOf(person, client.lang), 'verifyEmail', {
    link: deps.notifier.link('verifyEmail', token),
    hours: EMAIL_VERIFY_TTL_HOURS,
  });
}

/**
 * captchaSms. The answer is the same whatever exists (same limits, a stored code, the same
 * delivery-failure answer), so it cannot be used to learn which addresses are registered:
 * - sign-up: a new mobile gets the code; a registered one gets a notice instead ("someone tried to
 *   register with your number"), and the code stored for it is never told, so sign-up with it fails
 *   like a wrong code;
 * - sign-in: a verified email or a registered mobile gets the code; an email that is not verified yet
 *   (email sign-in is blocked until it is) gets a notice saying so instead; an unknown address gets
 *   nothing.
 */
export async function sendPublicCode(deps: OnboardingDeps, body: TCaptchaBody, client: Client): Promise<TCodeSent> {
  const destination = normalizeTarget(body.channel, body.target);
  if (body.purpose === 'signup') {
    if (body.channel !== 'sms') throw businessError('code.channelNotAllowed');
    const owner = await repo.findPersonByMobile(deps.db, destination);
    const lang = languageOf(owner, client.lang);
    return sendCode(deps, {
      purpose: 'signup',
      channel: 'sms',
      destination,
      personId: null,
      ip: client.ip,
      language: lang,
      ...(owner ? { instead: { channel: 'sms' as const, text: notificationText(lang, 'sms.signupAttempt') } } : {}),
    });
  }
  const person =
    body.channel === 'email' ? await repo.findPersonByEmail(deps.db, destination) : await repo.findPersonByMobile(deps.db, destination);
  const unverified = person !== undefined && body.channel === 'email' && person.email_verified !== 1;
  return sendCode(deps, {
    purpose: 'signIn',
    channel: body.channel,
    destination,
    personId: person?.id ?? null,
    ip: client.ip,
    language: languageOf(person, client.lang),
    deliver: person !== undefined,
    ...(unverified
      ? { instead: { channel: 'email' as const, mail: 'signInUnverified' as const, params: { link: deps.notifier.link('signIn') } } }
      : {}),
  });
}

/**
 * Sign-up: the mobile is proven by the code, the email by the link mailed afterwards. Creates the
 * person, a business that is not activated and its owner admin (login name `admin`), and signs in.
 *
 * Nothing in the answer depends on whether the email is registered: the code is checked first (a
 * registered mobile never received one, so it fails like a wrong code), and an email that already
 * belongs to someone is accepted like a new one, except that its owner is mailed "someone tried to
 * register with your address" instead of a verification link. The new person keeps the address
 * unverified, and it can never be verified while the owner holds it verified (migration 0007), so
 * the caller gains nothing from someone else's address.
 */
export async function signUp(deps: OnboardingDeps, body: TSignUpBody, client: Client): Promise<TLoginResult> {
  const { db } = deps;
  await verifyCode(deps, { purpose: 'signup', destination: body.mobile, code: body.smsCode, ip: client.ip });
  if (await repo.findPersonByMobile(db, body.mobile)) throw businessError('code.invalid');
  const emailOwner = await repo.findPersonByEmail(db, body.email);

  const passwordHash = await hashPassword(body.password);
  const now = deps.now();
  const name = body.name ?? '';
  let created: { personId: number; business: repo.CreatedBusiness };
  try {
    created = await repo.withMerchantNoRetry(db, async (trx) => {
      const personId = await repo.insertPerson(trx, {
        email: body.email,
        mobile: body.mobile,
        name,
        emailVerified: false,
        language: client.lang,
        now,
      });
      const business = await repo.insertBusiness(trx, {
        personId,
        name: body.businessName || body.email,
        ownerName: name || body.email,
        email: body.email,
        mobile: body.mobile,
        passwordHash,
        now,
      });
      return { personId, business };
    });
  } catch (error) {
    // The mobile was registered by someone else between the code and now: the code no longer proves a free number.
    if (isUniqueViolation(error, 'mobile')) throw businessError('code.invalid');
    throw error;
  }
  const person = await repo.getPerson(db, created.personId);
  if (emailOwner) {
    const lang = languageOf(emailOwner, client.lang);
    deps.background.run('signupAttemptMail', () =>
      deps.notifier.mail.send(body.email, lang, 'signupAttempt', { link: deps.notifier.link('forgotPassword') }),
    );
  } else if (person) {
    deps.background.run('verifyEmail', () => sendVerificationEmail(deps, person, client));
  }

  const result = await openSession(
    deps,
    {
      adminId: created.business.adminId,
      merchantId: created.business.merchantId,
      personId: created.personId,
      twoFaPassed: false,
      authMethod: 'code',
    },
    client,
  );
  await logSignIn(deps, result, created.business.merchantId, 'login.signedUp', client);
  return result;
}

/**
 * Sign-in by email or mobile and a code. With one business (or `businessId`) the session opens on
 * it; with several and none named, kycInfo carries no selection so the person chooses. A code sent
 * by SMS to the registered mobile counts as the second step.
 */
export async function signInWithCode(deps: OnboardingDeps, body: TSignInBody, client: Client): Promise<TLoginResult> {
  const { db } = deps;
  const destination = normalizeTarget(body.channel, body.target);
  const person = body.channel === 'email' ? await repo.findPersonByEmail(db, destination) : await repo.findPersonByMobile(db, destination);
  // An unknown address and an unverified email were never sent a code: the check fails for them as for
  // a wrong code, so the answer does not tell them apart from a registered address.
  await verifyCode(deps, { purpose: 'signIn', destination, code: body.code, ip: client.ip });
  if (!person || (body.channel === 'email' && person.email_verified !== 1)) throw businessError('code.invalid');

  const usable = (await linkedAccounts(db, person.id)).filter((a) => a.status !== MerchantStatus.disabled);
  // Without a chosen business: the first one the person owns, else the first.
  let chosen = usable.find((a) => a.is_owner === 1) ?? usable[0];
  let businessSelected = usable.length === 1;
  if (body.businessId !== undefined) {
    chosen = usable.find((a) => a.merchant_id === body.businessId);
    if (!chosen) throw notFoundError();
    businessSelected = true;
  }
  if (!chosen) throw businessError('signIn.noBusiness');

  const result = await openSession(
    deps,
    {
      adminId: chosen.admin_id,
      merchantId: chosen.merchant_id,
      personId: person.id,
      twoFaPassed: body.channel === 'sms',
      businessSelected,
      authMethod: 'code',
    },
    client,
  );
  await logSignIn(deps, result, chosen.merchant_id, 'login.codeSignIn', client);
  return result;
}

/** Another business for the signed-in person: not activated, owned by them, same password; the session moves to it. */
export async function createNewBusiness(
  deps: OnboardingDeps,
  session: SessionContext,
  body: TCreateBusinessBody,
  client: Client,
): Promise<TLoginResult> {
  const { db } = deps;
  if (session.personId === null) throw businessError('identity.personRequired');
  const person = await repo.getPerson(db, session.personId);
  const admin = await repo.getSessionAdmin(db, session.scope);
  if (!person || !admin) throw unauthorizedError();
  const now = deps.now();
  const business = await repo.withMerchantNoRetry(db, (trx) =>
    repo.insertBusiness(trx, {
      personId: person.id,
      name: body.businessName || person.email,
      ownerName: person.name || admin.name || person.email,
      email: person.email,
      mobile: person.mobile,
      passwordHash: admin.password_hash,
      now,
    }),
  );
  await logSessionOperation(db, session, 'createNewBusiness', `merchantNo=${business.merchantNo}`, client.ip, now);
  await revokeSession(db, session.sessionId, now);
  const result = await openSession(
    deps,
    { adminId: business.adminId, merchantId: business.merchantId, personId: person.id, ...carriedProof(session) },
    client,
  );
  await logSignIn(deps, result, business.merchantId, 'login.newBusiness', client);
  return result;
}

export async function verifyEmail(deps: OnboardingDeps, token: string, client: Client): Promise<TVerifyEmailResult> {
  const found = await consumeActionToken(deps.db, 'verifyEmail', token, deps.now(), client.ip);
  if (!found.ok) throw businessError(found.reason === 'expired' ? 'emailVerify.expired' : 'emailVerify.invalid');
  const { person_id: personId, target } = found.row;
  // A link for an address the person has since replaced proves nothing about the current one; nor does
  // one for an address another person verified first (an address is unique among verified ones).
  let verified = false;
  try {
    verified = personId !== null && (await repo.setEmailVerified(deps.db, personId, target));
  } catch (error) {
    if (!isUniqueViolation(error, 'email')) throw error;
  }
  if (!verified) throw businessError('emailVerify.invalid');
  return { email: target };
}

/** Sends a new verification link when the address belongs to an unverified person; answers the same in every case. */
export async function resendVerificationEmail(deps: OnboardingDeps, email: string, client: Client): Promise<void> {
  const person = await repo.findPersonByEmail(deps.db, email);
  if (!person || person.email_verified === 1) return;
  // After the answer, so an address with an account answers as fast as one without.
  deps.background.run('verifyEmail', () => sendVerificationEmail(deps, person, client, CODE_RESEND_SECONDS * 1000));
}

/** Operator side of SSO: a one-time ticket (60 s) for the owner-equivalent admin of a merchant, as a link. */
export async function createSsoTicket(deps: Pick<OnboardingDeps, 'db' | 'now' | 'notifier'>, merchantId: number) {
  const admin = await repo.findOwnerAdmin(deps.db, merchantId);
  if (!admin) return null;
  const ticket = await createActionToken(deps.db, {
    purpose: 'sso',
    adminId: admin.id,
    merchantId,
    ttlMs: SSO_TICKET_TTL_SECONDS * 1000,
    now: deps.now(),
  });
  return { ticket, link: deps.notifier.link('sso', ticket), loginName: admin.login_name, expiresInSeconds: SSO_TICKET_TTL_SECONDS };
}

/** Exchanges a ticket for an owner-equivalent session marked sys_admin; a used or expired ticket is refused. */
export async function signInWithTicket(deps: OnboardingDeps, ticket: string, client: Client): Promise<TLoginResult> {
  const { db } = deps;
  const found = await consumeActionToken(db, 'sso', ticket, deps.now(), client.ip);
  if (!found.ok || found.row.admin_id === null) throw businessError('sso.invalid');
  const admin = await repo.findAdminForTicket(db, found.row.admin_id);
  if (!admin || admin.merchant_id !== found.row.merchant_id) throw businessError('sso.invalid');
  if (admin.merchant_status === MerchantStatus.deleted || admin.merchant_status === MerchantStatus.disabled) {
    throw businessError('login.merchantDisabled');
  }
  const result = await openSession(
    deps,
    { adminId: admin.id, merchantId: admin.merchant_id, personId: null, twoFaPassed: true, sysAdmin: true, authMethod: 'sso' },
    client,
  );
  await logSignIn(deps, result, admin.merchant_id, 'login.sso', client, true);
  return result;
}

/** Second step: a right code replaces the session by one that has passed it. */
export async function verifyTwoFactor(deps: OnboardingDeps, session: SessionContext, code: string, client: Client): Promise<TLoginResult> {
  if (session.personId === null) throw businessError('identity.personRequired');
  await verifyCode(deps, { purpose: 'twoFA', personId: session.personId, code, ip: client.ip });
  const result = await reopenAfterSecondStep(deps, session, 'code', client);
  await logSignIn(deps, result, session.merchantId, 'login.twoFactor', client, session.sysAdmin);
  return result;
}
