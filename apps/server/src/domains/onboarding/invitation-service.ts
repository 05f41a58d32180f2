import type { TLoginResult } from '@mbo/shared/auth';
import type { TLanguage } from '@mbo/shared/i18n';
import { AdminStatus } from '@mbo/shared/merchants';
import {
  INVITATION_TTL_DAYS,
  type TAcceptInvitationBody,
  type TInvitation,
  type TInvitationInfo,
  type TInviteBody,
} from '@mbo/shared/onboarding';
import type { Db } from '../../db/database';
import { consumeActionToken, createActionToken, peekActionToken } from '../../platform/action-tokens';
import { writeLoginLog, writeOperationLog } from '../../platform/audit';
import { businessError, conflictError, forbiddenError, notFoundError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import type { Scope } from '../../platform/scope';
import { DAY_MS, toIso } from '../../platform/time';
import { openSession } from '../auth/service';
import { languageOf, type Client, type OnboardingDeps } from './context';
import * as repo from './repository';
import * as invitations from './invitation-repository';
import { findGatewaysByNo } from '../system/repository';

/** Who invites: a signed-in administrator (through the API) or an operator (through the ops command). */
export type Inviter = { scope: Scope; adminId: number | null; sysAdmin: boolean; mayGrantAdminRole: boolean; ip: string };

const PENDING = [AdminStatus.invitationPending, AdminStatus.invitationExpired] as const;

async function mailInvitation(
  deps: Pick<OnboardingDeps, 'db' | 'now' | 'notifier'>,
  admin: { id: number; email: string; login_name: string; merchant_id: number },
  fallbackLang: TLanguage,
): Promise<number> {
  const now = deps.now();
  const expiresAt = now + INVITATION_TTL_DAYS * DAY_MS;
  const token = await createActionToken(deps.db, {
    purpose: 'invitation',
    adminId: admin.id,
    merchantId: admin.merchant_id,
    target: admin.email,
    ttlMs: INVITATION_TTL_DAYS * DAY_MS,
    now,
  });
  const merchant = await invitations.getMerchant(deps.db, admin.merchant_id);
  const person = await repo.findPersonByEmail(deps.db, admin.email);
  await deps.notifier.mail.send(admin.email, languageOf(person, fallbackLang), 'invitation', {
    merchantName: merchant?.name ?? '',
    merchantNo: merchant?.merchant_no ?? '',
    loginName: admin.login_name,
    days: INVITATION_TTL_DAYS,
    link: deps.notifier.link('acceptInvitation', token),
  });
  return expiresAt;
}

async function logInvite(db: Db, inviter: Inviter, operation: string, content: string, now: number): Promise<void> {
  const adminId = inviter.adminId ?? (await repo.findOwnerAdmin(db, inviter.scope.merchantId))?.id;
  if (adminId === undefined) return;
  await writeOperationLog(db, {
    merchantId: inviter.scope.merchantId,
    adminId,
    sysAdmin: inviter.sysAdmin,
    module: 'system',
    operation,
    content,
    ip: inviter.ip,
    now,
  });
}

/**
 * Invites an administrator by email: a member admin row waiting for acceptance (login name = the
 * email, no usable password) and a mail with a 7-day link. Inviting an address whose invitation is
 * still pending or expired sends a new one with the new role and gateways.
 */
export async function inviteAdmin(
  deps: Pick<OnboardingDeps, 'db' | 'now' | 'notifier'>,
  inviter: Inviter,
  body: TInviteBody,
  lang: TLanguage,
): Promise<TInvitation> {
  const { db } = deps;
  const role = await invitations.findRole(db, inviter.scope, body.roleId);
  if (!role) throw notFoundError();
  if (role.is_admin === 1 && !inviter.mayGrantAdminRole) throw forbiddenError();
  const wanted = [...new Set(body.gatewayNos ?? [])];
  const gateways = await findGatewaysByNo(db, inviter.scope, wanted);
  if (gateways.length !== wanted.length) throw notFoundError();

  const existing = await invitations.findAdminByLogin(db, inviter.scope, body.email);
  if (existing && !(PENDING as readonly number[]).includes(existing.status)) throw conflictError('invitation.exists');
  const person = await repo.findPersonByEmail(db, body.email);
  if (person) {
    const linked = await repo.findPersonAdminInMerchant(db, person.id, inviter.scope.merchantId);
    if (linked && linked.id !== existing?.id) throw conflictError('invitation.exists');
  }
  const now = deps.now();
  const adminId = await invitations.upsertInvitedAdmin(db, inviter.scope, existing?.id ?? null, {
    email: body.email,
    name: body.name ?? '',
    roleId: role.id,
    gatewayIds: wanted.length > 0 ? gateways.map((g) => g.id) : null,
    mayViewAccount: body.mayViewAccount ?? false,
    now,
  });
  const expiresAt = await mailInvitation(
    deps,
    { id: adminId, email: body.email, login_name: body.email, merchant_id: inviter.scope.merchantId },
    lang,
  );
  await logInvite(db, inviter, 'inviteAdmin', `adminId=${adminId} role=${role.name}`, now);
  return { adminId, email: body.email, loginName: body.email, expiresAt: toIso(expiresAt) };
}

export async function resendInvitation(
  deps: Pick<OnboardingDeps, 'db' | 'now' | 'notifier'>,
  inviter: Inviter,
  adminId: number,
  lang: TLanguage,
): Promise<TInvitation> {
  const admin = await invitations.findAdminById(deps.db, inviter.scope, adminId);
  if (!admin) throw notFoundError();
  if (!(PENDING as readonly number[]).includes(admin.status)) throw businessError('invitation.notPending');
  const role = await invitations.findRole(deps.db, inviter.scope, admin.role_id);
  if (role?.is_admin === 1 && !inviter.mayGrantAdminRole) throw forbiddenError();
  await invitations.setAdminStatus(deps.db, admin.id, AdminStatus.invitationPending);
  const expiresAt = await mailInvitation(deps, { ...admin, merchant_id: inviter.scope.merchantId }, lang);
  await logInvite(deps.db, inviter, 'resendInvitation', `adminId=${admin.id}`, deps.now());
  return { adminId: admin.id, email: admin.email, loginName: admin.login_name, expiresAt: toIso(expiresAt) };
}

/** A pending invitation behind a token; an expired one marks the admin "invitation expired" and says so (§8). */
async function openInvitation(deps: Pick<OnboardingDeps, 'db' | 'now'>, token: string, ip: string) {
  const found = await peekActionToken(deps.db, 'invitation', token, deps.now(), ip);
  if (!found.ok) {
    if (found.reason === 'expired' && found.row?.admin_id != null) {
      await invitations.expireInvitation(deps.db, found.row.admin_id);
      throw businessError('invitation.expired');
    }
    throw businessError('invitation.invalid');
  }
  const admin = found.row.admin_id !== null ? await invitations.findInvitedAdmin(deps.db, found.row.admin_id) : undefined;
  if (!admin || !(PENDING as readonly number[]).includes(admin.status)) throw businessError('invitation.invalid');
  return { admin, expiresAt: found.row.expires_at };
}

export async function getInvitation(deps: OnboardingDeps, token: string, ip: string): Promise<TInvitationInfo> {
  const { admin, expiresAt } = await openInvitation(deps, token, ip);
  return {
    merchantNo: admin.merchant_no,
    merchantName: admin.merchant_name,
    email: admin.email,
    loginName: admin.login_name,
    expiresAt: toIso(expiresAt),
  };
}

/**
 * Accepting sets the name and password, makes the admin normal and links it to the person of that
 * email (created, with the email verified by the link, when there is none), then signs in.
 */
export async function acceptInvitation(deps: OnboardingDeps, body: TAcceptInvitationBody, client: Client): Promise<TLoginResult> {
  const { db } = deps;
  const { admin } = await openInvitation(deps, body.token, client.ip);
  const passwordHash = await hashPassword(body.password);
  const now = deps.now();
  let person = await repo.findPersonByEmail(db, admin.email);
  if (person) {
    const linked = await repo.findPersonAdminInMerchant(db, person.id, admin.merchant_id);
    if (linked && linked.id !== admin.id) throw conflictError('identity.alreadyLinked');
  }
  const used = await consumeActionToken(db, 'invitation', body.token, now, client.ip);
  if (!used.ok) throw businessError(used.reason === 'expired' ? 'invitation.expired' : 'invitation.invalid');
  if (person) {
    await repo.setEmailVerified(db, person.id, admin.email);
  } else {
    const personId = await repo.insertPerson(db, {
      email: admin.email,
      mobile: '',
      name: body.name,
      emailVerified: true,
      language: client.lang,
      now,
    });
    person = await repo.getPerson(db, personId);
  }
  if (!person) throw businessError('invitation.invalid');
  await invitations.activateInvitedAdmin(db, admin.id, { personId: person.id, name: body.name, passwordHash, mobile: person.mobile });

  const result = await openSession(
    deps,
    { adminId: admin.id, merchantId: admin.merchant_id, personId: person.id, twoFaPassed: false, authMethod: 'invitation' },
    client,
  );
  await writeLoginLog(db, {
    merchantId: admin.merchant_id,
    adminId: admin.id,
    merchantNo: admin.merchant_no,
    loginName: admin.login_name,
    ip: client.ip,
    userAgent: client.userAgent,
    success: true,
    reason: 'login.invitationAccepted',
    now,
  });
  await writeOperationLog(db, {
    merchantId: admin.merchant_id,
    adminId: admin.id,
    sysAdmin: false,
    module: 'system',
    operation: 'acceptInvitation',
    content: '',
    ip: client.ip,
    now,
  });
  return result;
}
