import { ErrorCode } from '@mbo/shared/envelope';
import { isLanguage, type TLanguage } from '@mbo/shared/i18n';
import { LOGIN_LOCK_MINUTES } from '@mbo/shared/limits';
import type { TLoginBody } from '@mbo/shared/auth';
import type { Db } from '../../db/database';
import {
  accountKey,
  accountLockedUntil,
  clearAccountAttempts,
  giveBackIpAttempt,
  ipKey,
  pruneAttempts,
  takeAccountAttempt,
  takeIpAttempt,
  type Gate,
} from '../../platform/attempt-limiter';
import type { Background } from '../../platform/background';
import { sendCode, verifyCode } from '../../platform/codes';
import { AppError, businessError } from '../../platform/errors';
import { notificationText } from '../../platform/notification-texts';
import type { Notifier } from '../../platform/notifier';
import { MINUTE_MS } from '../../platform/time';
import * as repo from './repository';

/*
 * What sign-in does against guessing, and how an owner gets back in (decisions in README.md):
 * per-address and per-account attempt limits with growing delays, the 30-minute lock after ten
 * failures, a mail to the owner when the lock falls, and an unlock by password plus a code sent to
 * the owner's mobile or verified email. None of the answers depends on whether the account exists.
 */

export type LockoutDeps = { db: Db; now: () => number; notifier: Notifier; background: Background };
export type LockoutClient = { ip: string; userAgent: string; lang: TLanguage };

/** Prune stale attempt rows on every this-many gate checks of the process (cheap, indexed delete). */
const PRUNE_EVERY = 500;
let gateChecks = 0;

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

/** Counts a try from the client's address; refuses it while the address must wait. */
export async function passIpGate(db: Db, ip: string, now: number): Promise<Gate> {
  gateChecks += 1;
  if (gateChecks % PRUNE_EVERY === 0) await pruneAttempts(db, now);
  return takeIpAttempt(db, ipKey(ip), now);
}

export function passAccountGate(db: Db, body: Pick<TLoginBody, 'merchantNo' | 'loginName'>, now: number): Promise<Gate> {
  return takeAccountAttempt(db, accountKey(body.merchantNo, body.loginName), now);
}

/** A right password: the account's count, delay and lock start over, and the address gets its try back. */
export async function forgiveAttempt(db: Db, body: Pick<TLoginBody, 'merchantNo' | 'loginName'>, ip: string): Promise<void> {
  await clearAccountAttempts(db, [accountKey(body.merchantNo, body.loginName)]);
  await giveBackIpAttempt(db, ipKey(ip));
}

/** After a password reset or change: every login of the person starts over (a reset proves the owner, like the unlock code). */
export async function clearPersonLockouts(db: Db, personId: number): Promise<void> {
  const logins = await repo.listPersonLogins(db, personId);
  await clearAccountAttempts(
    db,
    logins.map((l) => accountKey(l.merchant_no, l.login_name)),
  );
}

function languageOf(account: repo.LoginAccount, fallback: TLanguage): TLanguage {
  return account.language && isLanguage(account.language) ? account.language : fallback;
}

/**
 * Where the owner of an account can be reached: the person's verified email and mobile, and the admin
 * row's own email (the address an invitation was accepted on), which only the lock notice falls back to.
 */
function ownerContacts(account: repo.LoginAccount): { verifiedEmail: string | null; adminEmail: string | null; mobile: string | null } {
  return {
    verifiedEmail: account.person_email && account.email_verified === 1 ? account.person_email : null,
    adminEmail: account.admin_email ? account.admin_email : null,
    mobile: account.person_mobile ? account.person_mobile : null,
  };
}

function utcStamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Tells the owner that the account was locked: by mail to the verified email (else the admin row's
 * email), else by SMS to the mobile. Sent in the background so the locking answer takes as long for an
 * account that exists as for one that does not.
 */
export function notifyLocked(deps: LockoutDeps, account: repo.LoginAccount, loginName: string, client: LockoutClient): void {
  const { verifiedEmail, adminEmail, mobile } = ownerContacts(account);
  const email = verifiedEmail ?? adminEmail;
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
 * owner's mobile (else verified email). The answer is the same in every case and does not wait for
 * the delivery; the try counts against the client address like a sign-in.
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
  if (!account || !passwordOk || lockedUntil === null || account.person_id === null) return;
  const { verifiedEmail, mobile } = ownerContacts(account);
  const personId = account.person_id;
  const lang = languageOf(account, client.lang);
  deps.background.run('unlockCode', async () => {
    if (mobile) await sendCode(deps, { purpose: 'unlock', channel: 'sms', destination: mobile, personId, ip: client.ip, language: lang });
    else if (verifiedEmail)
      await sendCode(deps, { purpose: 'unlock', channel: 'email', destination: verifiedEmail, personId, ip: client.ip, language: lang });
  });
}

/** Checks a password against a stored hash, or spends the same work against a dummy when there is none. */
export type PasswordCheck = (passwordHash: string | null, password: string) => Promise<boolean>;

/**
 * unlock: the code first (every failure of it answers "code invalid", so the answer does not tell
 * whether a code is live), then the password. A right pair clears the lock; the caller signs in.
 */
export async function checkUnlock(
  deps: LockoutDeps,
  body: TLoginBody & { code: string },
  client: LockoutClient,
  verify: PasswordCheck,
): Promise<repo.LoginAccount> {
  const { db } = deps;
  const now = deps.now();
  const ipGate = await passIpGate(db, client.ip, now);
  if (!ipGate.allowed) throw gateError(ipGate, now);
  const account = await repo.findAccountForLogin(db, body.merchantNo, body.loginName);
  try {
    // An account without a person has no verified address to send a code to: no code can match (-1 is no person).
    await verifyCode(deps, { purpose: 'unlock', personId: account?.person_id ?? -1, code: body.code });
  } catch (error) {
    if (error instanceof AppError) throw businessError('code.invalid');
    throw error;
  }
  if (!account || !(await verify(account.password_hash, body.password))) throw businessError('login.badCredentials');
  await forgiveAttempt(db, body, client.ip);
  return account;
}
