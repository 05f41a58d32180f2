import { ErrorCode } from '@mbo/shared/envelope';
import { isLanguage, type TLanguage } from '@mbo/shared/i18n';
import { LOGIN_LOCK_MINUTES } from '@mbo/shared/limits';
import type { TLoginBody } from '@mbo/shared/auth';
import type { Db } from '../../db/database';
import {
  accountKey,
  accountLockedUntil,
  clearAccountAttempts,
  forgiveAttempt,
  lockAccounts,
  ownerKey,
  takeAccountAttempt,
  takeAddressAttempt,
  type Gate,
} from '../../platform/attempt-limiter';
import type { Background } from '../../platform/background';
import { sendCode, verifyCode } from '../../platform/codes';
import { AppError, businessError } from '../../platform/errors';
import { notificationText } from '../../platform/notification-texts';
import type { Notifier } from '../../platform/notifier';
import { revokeAdminSessions, revokePersonSessions } from '../../platform/session';
import { MINUTE_MS } from '../../platform/time';
import * as repo from './repository';

/*
 * What sign-in does against guessing, and how an owner gets back in (decisions in README.md):
 * per-address and per-account attempt limits with growing delays, the 30-minute lock after ten
 * failures, a mail to the owner when the lock falls, and an unlock by password plus a code sent to
 * the owner (the person's mobile or verified email, else the admin row's mobile or email); the same
 * lock when a session's password change fails five times. None of the sign-in answers depends on
 * whether the account exists.
 */

export type LockoutDeps = { db: Db; now: () => number; notifier: Notifier; background: Background };
export type LockoutClient = { ip: string; userAgent: string; lang: TLanguage };

export function tooManyAttempts(retryAfterMs: number): AppError {
  return new AppError('login.tooManyAttempts', ErrorCode.tooMany, 200, { seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
}

export function lockedError(lockedUntil: number, now: number): AppError {
  return new AppError('login.locked', ErrorCode.locked, 200, { minutes: Math.max(1, Math.ceil((lockedUntil - now) / MINUTE_MS)) });
}

/** The answer to a refused gate: the lock, or the delay still to wait. */
export function gateError(gate: Exclude<Gate, { allowed: true }>, now: number): AppError {
  return gate.reason === 'locked' ? lockedError(gate.until, now) : tooManyAttempts(gate.retryAfterMs);
}

/** Counts a try from the client's address (the budget every check of a secret shares); refuses it while the address must wait. */
export function passIpGate(db: Db, ip: string, now: number): Promise<Gate> {
  return takeAddressAttempt(db, ip, now);
}

export function passAccountGate(db: Db, body: Pick<TLoginBody, 'merchantNo' | 'loginName'>, now: number): Promise<Gate> {
  return takeAccountAttempt(db, accountKey(body.merchantNo, body.loginName), now);
}

/** A right password: the account's count, delay and lock start over, and the address gets its try back. */
export async function forgiveSignIn(db: Db, body: Pick<TLoginBody, 'merchantNo' | 'loginName'>, ip: string): Promise<void> {
  await forgiveAttempt(db, { kind: 'signIn', account: accountKey(body.merchantNo, body.loginName), ip });
}

/** Whose lockouts an owner's proof clears: a person (every login of theirs) or a login without a person. */
export type LockoutOwner = { personId: number } | { adminId: number };

function ownerLogins(db: Db, owner: LockoutOwner) {
  return 'personId' in owner ? repo.listPersonLogins(db, owner.personId) : repo.listAdminLogin(db, owner.adminId);
}

/**
 * The password change's limit fell (five wrong current passwords in a row): whoever holds the session
 * is guessing the password, so the account gets what ten wrong sign-in passwords give. Every login of
 * the owner is locked for sign-in as long as the sign-in lock lasts, every session of the owner ends
 * (this one too) and the owner gets the lock notice, which says how to unlock now. Returns when the
 * lock ends.
 */
export async function lockOwnerOut(
  deps: LockoutDeps,
  owner: LockoutOwner,
  account: repo.LoginAccount,
  loginName: string,
  client: LockoutClient,
) {
  const { db } = deps;
  const now = deps.now();
  const logins = await ownerLogins(db, owner);
  const until = await lockAccounts(
    db,
    logins.map((l) => accountKey(l.merchant_no, l.login_name)),
    'signIn',
    now,
  );
  const revoked =
    'personId' in owner ? await revokePersonSessions(db, owner.personId, now) : await revokeAdminSessions(db, owner.adminId, now);
  notifyLocked(deps, account, loginName, client);
  return { until, logins: logins.length, revoked };
}

/**
 * The owner proved themselves (unlock code, password reset or change): the sign-in of every login of
 * the person starts over, and so do the password checks of the password change and the sign-key
 * reveal (a lock of those would otherwise outlive the unlock).
 */
export async function clearOwnerLockouts(db: Db, owner: LockoutOwner): Promise<void> {
  const personId = 'personId' in owner ? owner.personId : null;
  const logins = await ownerLogins(db, owner);
  await clearAccountAttempts(
    db,
    logins.map((l) => accountKey(l.merchant_no, l.login_name)),
  );
  for (const kind of ['passwordChange', 'signKey'] as const) {
    // Per login too: a login linked to a person later still has the count it had without one.
    const keys = logins.map((l) => ownerKey(kind, { personId: null, adminId: l.id }));
    if (personId !== null) keys.push(ownerKey(kind, { personId, adminId: 0 }));
    await clearAccountAttempts(db, keys, kind);
  }
}

/** After a password reset or change: every login of the person starts over (a reset proves the owner, like the unlock code). */
export async function clearPersonLockouts(db: Db, personId: number): Promise<void> {
  await clearOwnerLockouts(db, { personId });
}

function languageOf(account: repo.LoginAccount, fallback: TLanguage): TLanguage {
  return account.language && isLanguage(account.language) ? account.language : fallback;
}

/**
 * Where the owner of an account can be reached: the person's verified email and mobile, and the admin
 * row's own email and mobile (the address an invitation was accepted on, or what an operator or an
 * administrator recorded), the only addresses of a login without a person.
 */
function ownerContacts(account: repo.LoginAccount) {
  return {
    verifiedEmail: account.person_email && account.email_verified === 1 ? account.person_email : null,
    mobile: account.person_mobile ? account.person_mobile : null,
    adminEmail: account.admin_email ? account.admin_email : null,
    adminMobile: account.admin_mobile ? account.admin_mobile : null,
  };
}

/**
 * Where the unlock code goes: the person's mobile, else their verified email, else the mobile, else
 * the email of the admin row. The code alone opens nothing (the unlock needs the password too), so an
 * address the person has not verified is good enough to prove that the owner is asking.
 */
export function unlockDestination(account: repo.LoginAccount): { channel: 'sms' | 'email'; destination: string } | null {
  const { verifiedEmail, mobile, adminEmail, adminMobile } = ownerContacts(account);
  if (mobile) return { channel: 'sms', destination: mobile };
  if (verifiedEmail) return { channel: 'email', destination: verifiedEmail };
  if (adminMobile) return { channel: 'sms', destination: adminMobile };
  if (adminEmail) return { channel: 'email', destination: adminEmail };
  return null;
}

function utcStamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Tells the owner that the account was locked: by mail to the verified email (else the admin row's
 * email), else by SMS to the mobile (the person's, else the admin row's). Sent in the background so
 * the locking answer takes as long for an account that exists as for one that does not.
 */
export function notifyLocked(deps: LockoutDeps, account: repo.LoginAccount, loginName: string, client: LockoutClient): void {
  const { verifiedEmail, adminEmail, mobile: personMobile, adminMobile } = ownerContacts(account);
  const email = verifiedEmail ?? adminEmail;
  const mobile = personMobile ?? adminMobile;
  const lang = languageOf(account, client.lang);
  const params = {
    merchantNo: account.merchant_no,
    loginName,
    minutes: LOGIN_LOCK_MINUTES,
    ip: client.ip,
    time: utcStamp(deps.now()),
    link: deps.notifier.link('signIn'),
  };
  deps.background.run('accountLockedNotice', async () => {
    if (email) await deps.notifier.mail.send(email, lang, 'accountLocked', params);
    else if (mobile) await deps.notifier.sms.send(mobile, lang, notificationText(lang, 'sms.accountLocked', params));
  });
}

/**
 * unlockSendCode: when the account exists, is locked and the password is right, a code goes to the
 * owner (unlockDestination). The answer is the same in every case and does not wait for the delivery;
 * the try counts against the client address like a sign-in.
 */
export async function sendUnlockCode(deps: LockoutDeps, body: TLoginBody, client: LockoutClient, verify: PasswordCheck): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const ipGate = await passIpGate(db, client.ip, now);
  if (!ipGate.allowed) throw gateError(ipGate, now);
  const account = await repo.findAccountForLogin(db, body.merchantNo, body.loginName);
  const passwordOk = await verify(account?.password_hash ?? null, body.password);
  const lockedUntil = await accountLockedUntil(db, accountKey(body.merchantNo, body.loginName), now);
  // The same work whatever the outcome (the try is not given back even when the password was right).
  const target = account ? unlockDestination(account) : null;
  if (!account || !passwordOk || lockedUntil === null || target === null) return;
  const personId = account.person_id;
  const lang = languageOf(account, client.lang);
  deps.background.run('unlockCode', async () => {
    await sendCode(deps, { purpose: 'unlock', ...target, personId, ip: client.ip, language: lang });
  });
}

/** Checks a password against a stored hash, or spends the same work against a dummy when there is none. */
export type PasswordCheck = (passwordHash: string | null, password: string) => Promise<boolean>;

/**
 * unlock: the code first, then the password. The code check counts against the client address and
 * the account like every code; each of its failures answers "code invalid" (so the answer does not
 * tell whether a code is live), except the address's own limit. A right pair clears the lock (and the
 * password-check locks of the owner); the caller signs in.
 */
export async function checkUnlock(
  deps: LockoutDeps,
  body: TLoginBody & { code: string },
  client: LockoutClient,
  verify: PasswordCheck,
): Promise<repo.LoginAccount> {
  const { db } = deps;
  const account = await repo.findAccountForLogin(db, body.merchantNo, body.loginName);
  const target = account ? unlockDestination(account) : null;
  // A person's code is theirs whatever address it went to; a login without a person has only the
  // address it was sent to. Without either no code can match (-1 is no person).
  const whose =
    account?.person_id != null ? { personId: account.person_id } : target ? { destination: target.destination } : { personId: -1 };
  await verifyCode(deps, { purpose: 'unlock', ...whose, code: body.code, ip: client.ip, oneAnswer: true });
  if (!account || !(await verify(account.password_hash, body.password))) throw businessError('login.badCredentials');
  await clearOwnerLockouts(db, account.person_id !== null ? { personId: account.person_id } : { adminId: account.id });
  return account;
}
