import type { TLanguage } from '@mbo/shared/i18n';
import type { Db } from '../../db/database';
import { findAssignedGatewayIds } from '../../platform/session';

/*
 * What a person may hand out. Nobody grants what they do not hold themselves: a role only when every
 * permission of it is theirs (the administrator role only to holders of the administrator role), and
 * gateways only among their own ("every gateway" only when they have every gateway).
 */

export type Grant = {
  isAdmin: boolean;
  permissions: ReadonlySet<string>;
  /** null: every gateway of the business. */
  gatewayIds: readonly number[] | null;
};

export type RoleGrant = { isAdmin: boolean; permissions: readonly string[] };

/** The grant of a role row (its own permissions as stored). */
export async function loadRolePermissions(db: Db, roleIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (roleIds.length === 0) return out;
  const rows = await db
    .selectFrom('role_permissions')
    .select(['role_id', 'permission'])
    .where('role_id', 'in', [...roleIds])
    .execute();
  for (const r of rows) {
    const list = out.get(r.role_id) ?? [];
    list.push(r.permission);
    out.set(r.role_id, list);
  }
  for (const list of out.values()) list.sort();
  return out;
}

/** What the administrator `adminId` holds: their role's permissions and their gateways. */
export async function loadGrant(db: Db, adminId: number, merchantId: number): Promise<Grant> {
  const admin = await db
    .selectFrom('admins as a')
    .innerJoin('roles as r', 'r.id', 'a.role_id')
    .select(['a.role_id', 'a.all_gateways', 'r.is_admin'])
    .where('a.id', '=', adminId)
    .where('a.merchant_id', '=', merchantId)
    .where('r.merchant_id', '=', merchantId)
    .executeTakeFirst();
  if (!admin) return { isAdmin: false, permissions: new Set(), gatewayIds: [] };
  const perms = await loadRolePermissions(db, [admin.role_id]);
  return {
    isAdmin: admin.is_admin === 1,
    permissions: new Set(perms.get(admin.role_id) ?? []),
    gatewayIds: admin.all_gateways === 1 ? null : await findAssignedGatewayIds(db, adminId, merchantId),
  };
}

/** Permissions of `role` that `grant` does not hold (empty: the role may be granted). */
export function permissionsBeyond(grant: Grant, role: RoleGrant): string[] {
  if (grant.isAdmin) return [];
  if (role.isAdmin) return ['*'];
  return role.permissions.filter((p) => !grant.permissions.has(p));
}

/** Whether `grant` covers the gateways `ids` (null: every gateway). */
export function coversGateways(grant: Grant, ids: readonly number[] | null): boolean {
  if (grant.gatewayIds === null) return true;
  if (ids === null) return false;
  const own = new Set(grant.gatewayIds);
  return ids.every((id) => own.has(id));
}

/** A role's name in the caller's language. */
export function roleLabel(lang: TLanguage, r: { name: string; name_cn: string; name_en: string }): string {
  const text = lang === 'en' ? r.name_en : r.name_cn;
  return text || r.name;
}
