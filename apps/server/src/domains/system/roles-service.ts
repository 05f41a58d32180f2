import type { TListPage } from '@mbo/shared/list';
import { ALL_PERMISSIONS } from '@mbo/shared/permissions';
import { operationsWithoutMenu, ROLES, type TRole, type TRoleBody, type TRoleListQuery, type TRoleLock } from '@mbo/shared/system-roles';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { ErrorCode } from '@mbo/shared/envelope';
import { AppError, businessError, conflictError, notFoundError } from '../../platform/errors';
import { mapPage } from '../../platform/list';
import { rowMapper } from '../../platform/list-fields';
import { noteOperation } from '../../platform/operation-log';
import type { SessionContext } from '../../platform/session';
import { loadGrant, loadRolePermissions, permissionsBeyond, type Grant } from './grants';
import * as repo from './roles-repository';

/** Holders named in the "role in use" message; more are counted. */
const HOLDERS_NAMED = 5;

/** Why the caller may not change a role, or null. */
function lockOf(
  session: SessionContext,
  grant: Grant,
  role: { id: number; is_admin: number },
  permissions: readonly string[],
): TRoleLock | null {
  if (role.is_admin === 1) return 'administrator';
  if (role.id === session.roleId) return 'ownRole';
  if (permissionsBeyond(grant, { isAdmin: false, permissions }).length > 0) return 'exceedsYours';
  return null;
}

export async function listRoles(db: Db, session: SessionContext, q: TRoleListQuery): Promise<TListPage<TRole>> {
  const [page, grant] = await Promise.all([repo.listRoles(db, session.scope, q), loadGrant(db, session.adminId, session.merchantId)]);
  const perms = await loadRolePermissions(
    db,
    page.list.map((r) => r.id),
  );
  const permissionsOf = new Map(
    page.list.map((r) => {
      const held = new Set(perms.get(r.id) ?? []);
      return [r.id, ALL_PERMISSIONS.filter((p) => Number(r.isAdmin) === 1 || held.has(p))];
    }),
  );
  return mapPage(
    page,
    rowMapper(ROLES.fields, {
      isAdmin: (r) => Number(r.isAdmin) === 1,
      permissions: (r) => permissionsOf.get(r.id) ?? [],
      lock: (r) => lockOf(session, grant, { id: r.id, is_admin: Number(r.isAdmin) }, permissionsOf.get(r.id) ?? []),
    }),
  );
}

/** The permission set as stored: each code once, in catalog order; an operation must come with its screen. */
function checkedPermissions(grant: Grant, wanted: readonly string[]): string[] {
  const set = new Set(wanted);
  const permissions = ALL_PERMISSIONS.filter((p) => set.has(p));
  const orphans = operationsWithoutMenu(permissions);
  if (orphans.length > 0) throw businessError('role.operationNeedsMenu', { operations: orphans.join(', ') });
  const beyond = permissionsBeyond(grant, { isAdmin: false, permissions });
  if (beyond.length > 0) throw new AppError('role.exceedsYours', ErrorCode.forbidden, 403, { permissions: beyond.join(', ') });
  return permissions;
}

async function checkNameFree(db: Db, session: SessionContext, name: string, exceptId: number | null): Promise<void> {
  if (await repo.findRoleByName(db, session.scope, name, exceptId)) throw conflictError('role.nameTaken');
}

/** The role, when the caller may change it (else the reason, as the error). */
async function changeableRole(db: Db, session: SessionContext, grant: Grant, roleId: number) {
  const role = await repo.findRole(db, session.scope, roleId);
  if (!role) throw notFoundError();
  const current = (await loadRolePermissions(db, [role.id])).get(role.id) ?? [];
  const lock = lockOf(session, grant, role, current);
  if (lock === 'administrator') throw businessError('role.administratorLocked');
  if (lock === 'ownRole') throw businessError('role.ownRole');
  if (lock === 'exceedsYours')
    throw new AppError('role.exceedsYours', ErrorCode.forbidden, 403, {
      permissions: permissionsBeyond(grant, { isAdmin: false, permissions: current }).join(', '),
    });
  return role;
}

function values(body: TRoleBody, permissions: string[]): repo.RoleValues {
  return { name: body.name, nameCn: body.nameCn, nameEn: body.nameEn, description: body.description, permissions };
}

export async function addRole(db: Db, session: SessionContext, body: TRoleBody): Promise<number> {
  const grant = await loadGrant(db, session.adminId, session.merchantId);
  const permissions = checkedPermissions(grant, body.permissions);
  await checkNameFree(db, session, body.name, null);
  try {
    const id = await repo.insertRole(db, session.scope, values(body, permissions));
    noteOperation({
      content: `name=${body.name} permissions=${permissions.length}`,
      target: `roleId=${id}`,
      change: { after: values(body, permissions) },
    });
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflictError('role.nameTaken');
    throw error;
  }
}

/** Holders see the new permissions on their next request: access is read from the role on every request. */
export async function updateRole(db: Db, session: SessionContext, roleId: number, body: TRoleBody): Promise<void> {
  const grant = await loadGrant(db, session.adminId, session.merchantId);
  const role = await changeableRole(db, session, grant, roleId);
  const permissions = checkedPermissions(grant, body.permissions);
  // The role as it was, in the same shape as what is written (values), so each field shows its change.
  const before = {
    name: role.name,
    nameCn: role.name_cn,
    nameEn: role.name_en,
    description: role.description,
    permissions: (await loadRolePermissions(db, [role.id])).get(role.id) ?? [],
  };
  await checkNameFree(db, session, body.name, role.id);
  try {
    if (!(await repo.updateRole(db, session.scope, role.id, values(body, permissions)))) throw notFoundError();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflictError('role.nameTaken');
    throw error;
  }
  noteOperation({ content: `name=${body.name} permissions=${permissions.length}`, change: { before, after: values(body, permissions) } });
}

export async function deleteRole(db: Db, session: SessionContext, roleId: number): Promise<void> {
  const grant = await loadGrant(db, session.adminId, session.merchantId);
  const role = await changeableRole(db, session, grant, roleId);
  const inUse = async () => {
    const { names, total } = await repo.listHolders(db, session.scope, role.id, HOLDERS_NAMED);
    if (total === 0) return;
    const holders = total > names.length ? `${names.join(', ')} (+${total - names.length})` : names.join(', ');
    throw businessError('role.inUse', { holders });
  };
  await inUse();
  if (!(await repo.deleteUnusedRole(db, session.scope, role.id))) {
    // Given to someone between the check and the delete.
    await inUse();
    throw notFoundError();
  }
  noteOperation({ content: `name=${role.name}`, change: { before: { name: role.name } } });
}
