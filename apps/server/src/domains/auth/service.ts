import type { TLoginBody, TLoginResult, TSessionInfo } from '@mbo/shared/auth';
import type { TLanguage } from '@mbo/shared/i18n';
import type { TAuthMethod } from '@mbo/shared/passkeys';
import { AccountType, AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import type { TUnlockBody } from '@mbo/shared/sign-in-unlock';
import type { Db } from '../../db/database';
import { LOCK_MS } from '../../platform/attempt-limiter';
import type { Background } from '../../platform/background';
import { writeLoginLog, writeOperationLog } from '../../platform/audit';
import { businessError, notFoundError, unauthorizedError, type AppError } from '../../platform/errors';
import type { MessageKey } from '../../platform/messages';
import type { Notifier } from '../../platform/notifier';
import { verifyAgainstDummy, verifyPassword } from '../../platform/passwords';
import { loadAccess } from '../../platform/permissions';
import { createSession, findActiveSession, revokeSession, type SessionContext } from '../../platform/session';
import { checkUnlock, forgiveSignIn, gateError, lockedError, notifyLocked, passAccountGate, passIpGate, sendUnlockCode } from './lockout';
import * as repo from './repository';

export type AuthDeps = { db: Db; now: () => number; notifier: Notifier; background: Background };
export type Client = { ip: string; userAgent: string; lang: TLanguage };

/** A session just opened is checked with no limit: its age and idle time are zero. */
const JUST_OPENED = { idleMs: Number.POSITIVE_INFINITY, maxAgeMs: Number.POSITIVE_INFINITY };

/**
 * The merchant accounts a person can act as (normal admin rows of merchants that are not deleted), by
 * merchant number: one rule for the session's business list and for a sign-in by code (onboarding).
 */
export const linkedAccounts = (db: Db, personId: number) => repo.findLinkedAccounts(db, personId);

/** The signed-in payload shared by login, user info and business switch. */
export async function buildSessionInfo(db: Db, session: SessionContext): Promise<TSessionInfo> {
  const admin = await repo.getSessionAdmin(db, session.scope);
  if (!admin) throw unauthorizedError();
  const [person, access, currencies, linked] = await Promise.all([
    session.personId !== null ? repo.findPerson(db, session.personId) : Promise.resolve(undefined),
    loadAccess(db, session.roleId, session.merchantId),
    repo.listVisibleCurrencies(db, session.scope),
    session.personId !== null ? repo.findLinkedAccounts(db, session.personId) : Promise.resolve([]),
  ]);

  return {
    userInfo: {
      adminId: admin.id,
      loginName: admin.login_name,
      // The person's own name (what settings shows); a login without a person has only its admin name.
      name: person?.name || admin.name,
      avatar: admin.avatar,
      timeZone: admin.time_zone,
      forceChangePwd: admin.force_change_pwd === 1,
      merchantNo: admin.merchant_no,
      merchantName: admin.merchant_name,
      accountType: admin.is_owner === 1 ? AccountType.owner : AccountType.member,
      email: admin.email || person?.email || '',
      mobile: admin.mobile || person?.mobile || '',
      permissions: access.operations,
      sysAdmin: session.sysAdmin,
    },
    // Without a chosen business (code sign-in with several and none named) the ids are null, which
    // sends the guard to the account chooser (spec §4, step 3).
    kycInfo: person
      ? {
          selectedMerAdminId: session.businessSelected ? admin.id : null,
          currBusinessId: session.businessSelected ? admin.merchant_id : null,
          currBusinessStatus: session.businessSelected ? admin.merchant_status : null,
          isInitialLogin: admin.is_initial_login,
          requires2FA: session.requires2FA ? 1 : 0,
        }
      : null,
    moduleList: access.moduleList,
    currencyList: currencies.map((c) => ({ code: c.code, name: c.name, minorUnits: c.minor_units })),
    // With two or more linked accounts the list holds all of them, the current one included and
    // marked `current`, so the account chooser can show where the person is; with one there is
    // nothing to switch to and the list is empty (the top bar hides "switch account").
    moreBusinessNameList:
      linked.length >= 2
        ? linked.map((l) => ({
            businessId: l.merchant_id,
            merchantNo: l.merchant_no,
            businessName: l.name,
            status: l.status,
            isCreator: l.is_owner === 1,
            current: session.businessSelected && l.admin_id === admin.id,
          }))
        : [],
  };
}

export type SessionOpening = {
  adminId: number;
  merchantId: number;
  personId: number | null;
  twoFaPassed: boolean;
  sysAdmin?: boolean;
  businessSelected?: boolean;
  authMethod: TAuthMethod;
  /** Default: now (a sign-in is a check). */
  lastCheckAt?: number | null;
};

/** What a session moved to another business keeps of the one it replaces: how and when its holder proved themselves. */
export function carriedProof(s: SessionContext): Pick<SessionOpening, 'twoFaPassed' | 'authMethod' | 'lastCheckAt'> {
  return { twoFaPassed: s.twoFaPassed, authMethod: s.authMethod, lastCheckAt: s.lastCheckAt };
}

/**
 * After the second step (a code or a passkey): the session is replaced by one that passed it, the same
 * in every other way; a password sign-in becomes `password_code` or `password_passkey`.
 */
export async function reopenAfterSecondStep(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  s: SessionContext,
  by: 'code' | 'passkey',
  client: Pick<Client, 'ip' | 'userAgent'>,
): Promise<TLoginResult> {
  await revokeSession(deps.db, s.sessionId, deps.now());
  const authMethod = s.authMethod === 'password' ? (`password_${by}` as const) : s.authMethod;
  const { adminId, merchantId, personId, sysAdmin, businessSelected } = s;
  return openSession(deps, { adminId, merchantId, personId, sysAdmin, businessSelected, twoFaPassed: true, authMethod }, client);
}

/** Opens a session and answers what every sign-in answers (token plus the session payload). */
export async function openSession(
  deps: Pick<AuthDeps, 'db' | 'now'>,
  s: SessionOpening,
  client: Pick<Client, 'ip' | 'userAgent'>,
): Promise<TLoginResult> {
  const now = deps.now();
  const { token } = await createSession(deps.db, { ...s, sysAdmin: s.sysAdmin ?? false, ip: client.ip, userAgent: client.userAgent, now });
  const session = await findActiveSession(deps.db, token, now, JUST_OPENED);
  if (!session) throw new Error('a session just created is not usable');
  return { token, ...(await buildSessionInfo(deps.db, session)) };
}
const ADMIN_STATUS_REFUSALS: Partial<Record<number, MessageKey>> = {
  [AdminStatus.disabled]: 'login.adminDisabled',
  [AdminStatus.invitationPending]: 'login.invitationPending',
  [AdminStatus.invitationExpired]: 'login.invitationExpired',
};

const MERCHANT_STATUS_REFUSALS: Partial<Record<number, MessageKey>> = {
  [MerchantStatus.deleted]: 'login.merchantDeleted',
  [MerchantStatus.disabled]: 'login.merchantDisabled',
};

/**
 * Sign-in by merchant number, login name and password (the limits and the lock are described in
 * lockout.ts and README.md). An unknown merchant, an unknown login and a wrong password give one
 * message and cost the same time; the delays and the lock are counted per typed account, so they fall
 * on names that do not exist exactly as on names that do. Status refusals (disabled account, pending
 * invitation, closed merchant) are only told to someone who knows the password.
 */
export async function login(deps: AuthDeps, body: TLoginBody, client: Client): Promise<TLoginResult> {
  const { db } = deps;
  const now = deps.now();
  const account = await repo.findAccountForLogin(db, body.merchantNo, body.loginName);
  const attempt = {
    merchantId: account?.merchant_id ?? null,
    adminId: account?.id ?? null,
    merchantNo: body.merchantNo,
    loginName: body.loginName,
    ip: client.ip,
    userAgent: client.userAgent,
    now,
  };
  const refuse = async (reason: MessageKey, error: AppError = businessError(reason)): Promise<never> => {
    await writeLoginLog(db, { ...attempt, success: false, reason });
    throw error;
  };

  const ipGate = await passIpGate(db, client.ip, now);
  if (!ipGate.allowed) return refuse('login.tooManyAttempts', gateError(ipGate, now));
  const accountGate = await passAccountGate(db, body, now);
  if (!accountGate.allowed) {
    return refuse(accountGate.reason === 'locked' ? 'login.accountLocked' : 'login.tooManyAttempts', gateError(accountGate, now));
  }

  if (!(await checkPassword(account?.password_hash ?? null, body.password))) {
    if (accountGate.lockedNow) {
      if (account) notifyLocked(deps, account, body.loginName, client);
      return refuse('login.accountLocked', lockedError(now + LOCK_MS, now));
    }
    return refuse('login.badCredentials');
  }
  // checkPassword is only true for an account that exists.
  if (!account) return refuse('login.badCredentials');
  await forgiveSignIn(db, body, client.ip);
  return completeSignIn(deps, account, body, client, 'login.success');
}

/** Checks a password against the stored hash; without an account it spends the same work on a dummy hash and fails. */
export async function checkPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    await verifyAgainstDummy(password);
    return false;
  }
  return verifyPassword(passwordHash, password);
}

/** After a right password (sign-in or unlock) or passkey: the status refusals, then the session and the logs. */
export async function completeSignIn(
  deps: AuthDeps,
  account: repo.LoginAccount,
  body: Pick<TLoginBody, 'merchantNo' | 'loginName'>,
  client: Client,
  reason: 'login.success' | 'login.unlocked' | 'login.passkey',
): Promise<TLoginResult> {
  const { db } = deps;
  const now = deps.now();
  const attempt = {
    merchantId: account.merchant_id,
    adminId: account.id,
    merchantNo: body.merchantNo,
    loginName: body.loginName,
    ip: client.ip,
    userAgent: client.userAgent,
    now,
  };
  const merchantRefusal = MERCHANT_STATUS_REFUSALS[account.merchant_status];
  const adminRefusal = account.status === AdminStatus.normal ? undefined : (ADMIN_STATUS_REFUSALS[account.status] ?? 'login.adminDisabled');
  const refusal = merchantRefusal ?? adminRefusal;
  if (refusal) {
    await writeLoginLog(db, { ...attempt, success: false, reason: refusal });
    throw businessError(refusal);
  }

  const unlocked = reason === 'login.unlocked';
  // A verified passkey is something held and something known or been: no second step after it.
  const passkey = reason === 'login.passkey';
  const result = await openSession(
    deps,
    // The unlock proves a code as well as the password.
    {
      adminId: account.id,
      merchantId: account.merchant_id,
      personId: account.person_id,
      twoFaPassed: passkey,
      authMethod: passkey ? 'passkey' : unlocked ? 'password_code' : 'password',
    },
    client,
  );
  await writeLoginLog(db, { ...attempt, success: true, reason });
  await writeOperationLog(db, {
    merchantId: account.merchant_id,
    adminId: account.id,
    sysAdmin: false,
    module: 'auth',
    operation: unlocked ? 'unlock' : 'login',
    content: '',
    ip: client.ip,
    now,
  });
  return result;
}

/** unlockSendCode: the same answer whatever was typed (see lockout.ts). */
export async function requestUnlockCode(deps: AuthDeps, body: TLoginBody, client: Client): Promise<void> {
  await sendUnlockCode(deps, body, client, checkPassword);
}

/** unlock: a right code and password clear the lock and sign in. */
export async function unlockAndSignIn(deps: AuthDeps, body: TUnlockBody, client: Client): Promise<TLoginResult> {
  const account = await checkUnlock(deps, body, client, checkPassword);
  return completeSignIn(deps, account, body, client, 'login.unlocked');
}

export async function logout(deps: AuthDeps, session: SessionContext, client: Client): Promise<void> {
  const now = deps.now();
  await revokeSession(deps.db, session.sessionId, now);
  await writeOperationLog(deps.db, {
    merchantId: session.merchantId,
    adminId: session.adminId,
    sysAdmin: session.sysAdmin,
    module: 'auth',
    operation: 'logout',
    content: '',
    ip: client.ip,
    now,
  });
}

/**
 * Moves the session to another merchant account of the same person. Anything else (no person, a
 * merchant the person is not linked to, a closed merchant) answers like a missing record.
 */
export async function switchBusiness(deps: AuthDeps, session: SessionContext, businessId: number, client: Client): Promise<TLoginResult> {
  const { db } = deps;
  const now = deps.now();
  const target = session.personId !== null ? await repo.findLinkedAdmin(db, session.personId, businessId) : undefined;
  if (!target) {
    await writeOperationLog(db, {
      merchantId: session.merchantId,
      adminId: session.adminId,
      sysAdmin: session.sysAdmin,
      module: 'auth',
      operation: 'switchBusinessRefused',
      content: `businessId=${businessId}`,
      ip: client.ip,
      now,
    });
    throw notFoundError();
  }
  if (target.merchant_status === MerchantStatus.disabled) throw businessError('login.merchantDisabled');

  await revokeSession(db, session.sessionId, now);
  const result = await openSession(
    deps,
    // The same person, the same proof: moving to another business is not a new check.
    { adminId: target.admin_id, merchantId: target.merchant_id, personId: target.person_id, ...carriedProof(session) },
    client,
  );
  await writeLoginLog(db, {
    merchantId: target.merchant_id,
    adminId: target.admin_id,
    merchantNo: target.merchant_no,
    loginName: result.userInfo.loginName,
    ip: client.ip,
    userAgent: client.userAgent,
    success: true,
    reason: 'login.switched',
    now,
  });
  await writeOperationLog(db, {
    merchantId: session.merchantId,
    adminId: session.adminId,
    sysAdmin: session.sysAdmin,
    module: 'auth',
    operation: 'switchBusiness',
    content: `to merchantNo=${target.merchant_no}`,
    ip: client.ip,
    now,
  });
  return result;
}
