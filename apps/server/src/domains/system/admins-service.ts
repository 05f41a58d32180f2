import type { TLanguage } from '@mbo/shared/i18n';
import type { TListPage } from '@mbo/shared/list';
import { AdminStatus } from '@mbo/shared/merchants';
import { ADMINS, type TAdminListQuery, type TAdminRow, type TGrantable, type TUpdateAdminBody } from '@mbo/shared/system-admins';
import type { Db } from '../../db/database';
import { ErrorCode } from '@mbo/shared/envelope';
import { AppError, businessError, forbiddenError, notFoundError } from '../../platform/errors';
import { mapPage } from '../../platform/list';
import { rowMapper, type FieldRow } from '../../platform/list-fields';
import type { MessageKey } from '../../platform/messages';
import { noteOperation } from '../../platform/operation-log';
import { revokeAdminSessions, type SessionContext } from '../../platform/session';
import * as repo from './admins-repository';
import { coversGateways, loadGrant, loadRolePermissions, permissionsBeyond, roleLabel, type Grant } from './grants';

/*
 * Rules of the administrators screen (spec §3 Administrator, §4): nobody changes the owner or lowers
 * themselves; nobody grants a role or gateways beyond their own, nor changes someone whose role or
 * gateways go beyond their own; a disabled administrator's sessions end at once.
 */

type Target = NonNullable<Awaited<ReturnType<typeof repo.findAdmin>>>;

async function targetGatewayIds(db: Db, session: SessionContext, t: { id: number; all_gateways: number }): Promise<number[] | null> {
  if (t.all_gateways === 1) return null;
  return ((await repo.listAdminGateways(db, session.scope, [t.id])).get(t.id) ?? []).map((g) => g.id);
}

/** Whether `grant` covers everything the administrator holds (their role and their gateways). */
function covers(grant: Grant, role: { isAdmin: boolean; permissions: readonly string[] }, gatewayIds: readonly number[] | null): boolean {
  return permissionsBeyond(grant, role).length === 0 && coversGateways(grant, gatewayIds);
}

/** The administrator, when the caller may change them (else the reason, as the error); `grant` is the caller's, loaded when not given. */
async function manageableTarget(db: Db, session: SessionContext, adminId: number, given?: Grant): Promise<Target> {
  const grant = given ?? (await loadGrant(db, session.adminId, session.merchantId));
  const target = await repo.findAdmin(db, session.scope, adminId);
  if (!target) throw notFoundError();
  if (target.is_owner === 1) throw businessError('admin.owner');
  if (target.id === session.adminId) throw businessError('admin.self');
  const permissions = (await loadRolePermissions(db, [target.role_id])).get(target.role_id) ?? [];
  const gatewayIds = await targetGatewayIds(db, session, target);
  if (!covers(grant, { isAdmin: target.role_is_admin === 1, permissions }, gatewayIds)) throw forbiddenError('admin.manageExceedsYours');
  return target;
}

export async function listAdmins(
  db: Db,
  session: SessionContext,
  q: TAdminListQuery,
  lang: TLanguage,
  now: number,
): Promise<TListPage<TAdminRow>> {
  const [page, grant] = await Promise.all([repo.listAdmins(db, session.scope, q, now), loadGrant(db, session.adminId, session.merchantId)]);
  const ids = page.list.map((a) => a.id);
  const [gateways, perms] = await Promise.all([
    repo.listAdminGateways(db, session.scope, ids),
    loadRolePermissions(db, [...new Set(page.list.map((a) => Number(a.roleId)))]),
  ]);
  /** The administrator's gateways, or null for every gateway of the business. */
  const gatewaysOf = (a: FieldRow<typeof ADMINS.fields>) => (Number(a.allGateways) === 1 ? null : (gateways.get(a.id) ?? []));
  const isOwner = (a: FieldRow<typeof ADMINS.fields>) => Number(a.isOwner) === 1;
  return mapPage(
    page,
    rowMapper(ADMINS.fields, {
      roleName: (a) => roleLabel(lang, { name: String(a.roleName), name_cn: String(a.roleNameCn), name_en: String(a.roleNameEn) }),
      allGateways: (a) => gatewaysOf(a) === null,
      gatewayNos: (a) => (gatewaysOf(a) ?? []).map((g) => g.no),
      mayViewAccount: (a) => Number(a.mayViewAccount) === 1,
      status: (a) => repo.shownStatus(Number(a.status), Boolean(a.liveInvitation)),
      isOwner,
      isSelf: (a) => a.id === session.adminId,
      manageable: (a) =>
        !isOwner(a) &&
        a.id !== session.adminId &&
        covers(
          grant,
          { isAdmin: Number(a.roleIsAdmin) === 1, permissions: perms.get(Number(a.roleId)) ?? [] },
          gatewaysOf(a)?.map((g) => g.id) ?? null,
        ),
    }),
  );
}

export async function listGrantable(db: Db, session: SessionContext, lang: TLanguage): Promise<TGrantable> {
  const grant = await loadGrant(db, session.adminId, session.merchantId);
  const [roles, gateways] = await Promise.all([
    repo.listRoleChoices(db, session.scope),
    repo.listGateways(db, session.scope, grant.gatewayIds),
  ]);
  const perms = await loadRolePermissions(
    db,
    roles.map((r) => r.id),
  );
  return {
    roles: roles.map((r) => ({
      id: r.id,
      name: roleLabel(lang, r),
      isAdmin: r.is_admin === 1,
      grantable: permissionsBeyond(grant, { isAdmin: r.is_admin === 1, permissions: perms.get(r.id) ?? [] }).length === 0,
    })),
    gateways: gateways.map((g) => ({ gatewayNo: g.gateway_no, name: g.name, currency: g.currency })),
    allGateways: grant.gatewayIds === null,
  };
}

/**
 * Checks that the caller may give someone this role and these gateways (empty or absent: every
 * gateway), and returns the gateway ids (null: every gateway). Used by the edit below and before an
 * invitation is sent (onboarding's invite route).
 */
export async function checkGrant(
  db: Db,
  session: SessionContext,
  wanted: { roleId: number; gatewayNos?: readonly string[] | undefined },
  grant?: Grant,
): Promise<{ roleId: number; gatewayIds: number[] | null }> {
  const own = grant ?? (await loadGrant(db, session.adminId, session.merchantId));
  const role = (await repo.listRoleChoices(db, session.scope)).find((r) => r.id === wanted.roleId);
  if (!role) throw notFoundError();
  const permissions = (await loadRolePermissions(db, [role.id])).get(role.id) ?? [];
  if (permissionsBeyond(own, { isAdmin: role.is_admin === 1, permissions }).length > 0) throw forbiddenError('admin.roleExceedsYours');

  const numbers = [...new Set(wanted.gatewayNos ?? [])];
  if (numbers.length === 0) {
    if (own.gatewayIds !== null) throw forbiddenError('admin.gatewaysExceedYours');
    return { roleId: role.id, gatewayIds: null };
  }
  const all = await repo.listGateways(db, session.scope, null);
  const ids: number[] = [];
  for (const no of numbers) {
    const g = all.find((x) => x.gateway_no === no);
    if (!g) throw new AppError('admin.gatewayNotFound', ErrorCode.notFound, 200, { gatewayNo: no });
    ids.push(g.id);
  }
  if (!coversGateways(own, ids)) throw forbiddenError('admin.gatewaysExceedYours');
  return { roleId: role.id, gatewayIds: ids };
}

/** Before an invitation is sent again: the caller must be able to manage the invited administrator. */
export async function checkResend(db: Db, session: SessionContext, adminId: number): Promise<void> {
  await manageableTarget(db, session, adminId);
}

export async function updateAdmin(db: Db, session: SessionContext, body: TUpdateAdminBody): Promise<number> {
  const grant = await loadGrant(db, session.adminId, session.merchantId);
  const target = await manageableTarget(db, session, body.adminId, grant);
  if (target.status === AdminStatus.disabled) throw businessError('admin.notEditable');
  const { roleId, gatewayIds } = await checkGrant(db, session, body, grant);
  await repo.updateAdminAccess(db, session.scope, target.id, { roleId, gatewayIds, mayViewAccount: body.mayViewAccount });
  noteOperation({
    content: `roleId=${roleId} gateways=${body.gatewayNos.length > 0 ? body.gatewayNos.join(',') : 'all'} mayViewAccount=${body.mayViewAccount}`,
    change: {
      before: { login: target.login_name, roleId: target.role_id },
      after: { login: target.login_name, roleId, gatewayNos: body.gatewayNos, mayViewAccount: body.mayViewAccount },
    },
  });
  return target.status;
}

/**
 * Moves a manageable administrator from status `from` to `to` (refused with `refusal` when they are
 * not in `from`), then runs `then`, whose text ends the operation log's content.
 */
async function moveStatus(
  db: Db,
  session: SessionContext,
  adminId: number,
  [from, to]: [number, number],
  refusal: MessageKey,
  then: (target: Target) => Promise<string> = async () => '',
): Promise<void> {
  const target = await manageableTarget(db, session, adminId);
  if (!(await repo.changeStatus(db, session.scope, target.id, from, to))) throw businessError(refusal);
  const more = await then(target);
  noteOperation({
    content: `login=${target.login_name}${more}`,
    change: { before: { login: target.login_name, status: from }, after: { login: target.login_name, status: to } },
  });
}

/** Disables a normal administrator and ends their sessions in the same request. */
export async function disableAdmin(db: Db, session: SessionContext, adminId: number, now: number): Promise<void> {
  await moveStatus(db, session, adminId, [AdminStatus.normal, AdminStatus.disabled], 'admin.notNormal', async (target) => {
    const revoked = await revokeAdminSessions(db, target.id, now);
    return ` sessionsEnded=${revoked}`;
  });
}

export async function resumeAdmin(db: Db, session: SessionContext, adminId: number): Promise<void> {
  await moveStatus(db, session, adminId, [AdminStatus.disabled, AdminStatus.normal], 'admin.notDisabled');
}

/**
 * The address a password-reset link goes to: the verified email of the person behind the account
 * (the reset then works as "forgot password" does, for every business of the person).
 */
export async function resetTarget(db: Db, session: SessionContext, adminId: number): Promise<string> {
  const target = await manageableTarget(db, session, adminId);
  if (target.status !== AdminStatus.normal) throw businessError('admin.notNormal');
  if (!target.person_email || target.person_email_verified !== 1) throw businessError('admin.noVerifiedEmail');
  noteOperation({ content: `login=${target.login_name}` });
  return target.person_email;
}
