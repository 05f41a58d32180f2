import type { TLoginBody, TLoginResult, TSessionInfo, TUpdatePasswordBody } from '@mbo/shared/auth';
import { AccountType, AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import { checkPassword } from '@mbo/shared/password';
import type { Db } from '../../db/database';
import { writeLoginLog, writeOperationLog } from '../../platform/audit';
import { businessError, notFoundError, unauthorizedError, type AppError } from '../../platform/errors';
import type { MessageKey } from '../../platform/messages';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords';
import { loadAccess } from '../../platform/permissions';
import { createSession, findActiveSession, revokeOtherSessions, revokeSession, type SessionContext } from '../../platform/session';
import { MINUTE_MS } from '../../platform/time';
import * as repo from './repository';

export type AuthDeps = { db: Db; now: () => number; idleMs: number };
export type Client = { ip: string; userAgent: string };

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
      name: admin.name,
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
};

/** Opens a session and answers what every sign-in answers (token plus the session payload). */
export async function openSession(deps: Pick<AuthDeps, 'db' | 'now' | 'idleMs'>, s: SessionOpening, client: Client): Promise<TLoginResult> {
  const now = deps.now();
  const { token } = await createSession(deps.db, { ...s, sysAdmin: s.sysAdmin ?? false, ip: client.ip, userAgent: client.userAgent, now });
  const session = await findActiveSession(deps.db, token, now, deps.idleMs);
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

function lockedError(lockedUntil: number, now: number): AppError {
  return businessError('login.locked', { minutes: Math.max(1, Math.ceil((lockedUntil - now) / MINUTE_MS)) });
}

/**
 * Sign-in by merchant number, login name and password. An unknown merchant, an unknown login and a
 * wrong password give one message and cost the same time. Status refusals (disabled account,
 * pending invitation, closed merchant) are only told to someone who knows the password.
 */
export async function login(deps: AuthDeps, body: TLoginBody, client: Client): Promise<TLoginResult> {
  const { db } = deps;
  const now = deps.now();
  const merchant = await repo.findMerchantByNo(db, body.merchantNo);
  const admin = merchant ? await repo.findAdminForLogin(db, merchant.id, body.loginName) : undefined;
  const attempt = {
    merchantId: merchant?.id ?? null,
    adminId: admin?.id ?? null,
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

  if (!merchant || !admin) {
    await verifyAgainstDummy(body.password);
    return refuse('login.badCredentials');
  }
  if (admin.locked_until !== null && admin.locked_until > now) return refuse('login.accountLocked', lockedError(admin.locked_until, now));

  if (!(await verifyPassword(admin.password_hash, body.password))) {
    const { lockedUntil } = await repo.recordLoginFailure(db, admin.id, deps.now());
    if (lockedUntil !== null) return refuse('login.accountLocked', lockedError(lockedUntil, now));
    return refuse('login.badCredentials');
  }
  await repo.clearLoginFailures(db, admin.id);

  const merchantRefusal = MERCHANT_STATUS_REFUSALS[merchant.status];
  if (merchantRefusal) return refuse(merchantRefusal);
  const adminRefusal = admin.status === AdminStatus.normal ? undefined : (ADMIN_STATUS_REFUSALS[admin.status] ?? 'login.adminDisabled');
  if (adminRefusal) return refuse(adminRefusal);

  const result = await openSession(
    deps,
    { adminId: admin.id, merchantId: merchant.id, personId: admin.person_id, twoFaPassed: false },
    client,
  );
  await writeLoginLog(db, { ...attempt, success: true, reason: 'login.success' });
  await writeOperationLog(db, {
    merchantId: merchant.id,
    adminId: admin.id,
    sysAdmin: false,
    module: 'auth',
    operation: 'login',
    content: '',
    ip: client.ip,
    now,
  });
  return result;
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
    { adminId: target.admin_id, merchantId: target.merchant_id, personId: target.person_id, twoFaPassed: session.twoFaPassed },
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

export async function changePassword(deps: AuthDeps, session: SessionContext, body: TUpdatePasswordBody, client: Client): Promise<void> {
  const { db } = deps;
  const admin = await repo.getSessionAdmin(db, session.scope);
  if (!admin) throw unauthorizedError();
  if (!(await verifyPassword(admin.password_hash, body.oldPassword))) throw businessError('password.oldIncorrect');
  if (checkPassword(body.newPassword) !== null) throw businessError('password.rule');
  if (body.newPassword === body.oldPassword) throw businessError('password.sameAsOld');

  const now = deps.now();
  await repo.updatePasswordHash(db, session.scope, await hashPassword(body.newPassword));
  const revoked = await revokeOtherSessions(db, session.adminId, session.sessionId, now);
  await writeOperationLog(db, {
    merchantId: session.merchantId,
    adminId: session.adminId,
    sysAdmin: session.sysAdmin,
    module: 'system',
    operation: 'updatePassword',
    content: `otherSessionsRevoked=${revoked}`,
    ip: client.ip,
    now,
  });
}
