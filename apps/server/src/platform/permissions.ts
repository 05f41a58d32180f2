import type { TModule } from '@mbo/shared/auth';
import { ALWAYS_ALLOWED_MENUS, MODULES, type TPermission } from '@mbo/shared/permissions';
import type { Db } from '../db/database';

export type RoleGrant = { isAdmin: boolean; permissions: ReadonlySet<string> };

export type Access = {
  /** Menus and operations the caller holds; route permissions are checked against this. */
  permissions: ReadonlySet<string>;
  /** Operation permissions only (`Resource:Action`), for the user info. */
  operations: string[];
  moduleList: TModule[];
};

/**
 * What a role grants inside what the merchant has opened. A role with is_admin holds every
 * permission; a menu counts only when its module is open for the merchant; an operation counts only
 * with its menu. ALWAYS_ALLOWED_MENUS (the own-password page) are granted even when the module that
 * lists them is not open, because the forced password change must always be reachable.
 */
export function computeAccess(role: RoleGrant, openedModules: ReadonlySet<number>): Access {
  const permissions = new Set<string>();
  const operations: string[] = [];
  const moduleList: TModule[] = [];
  const always = new Set<string>(ALWAYS_ALLOWED_MENUS);
  for (const mod of MODULES) {
    const open = openedModules.has(mod.moduleId);
    const menuList: string[] = [];
    for (const menu of mod.menus) {
      const granted = open && (role.isAdmin || role.permissions.has(menu.url));
      if (!granted && !always.has(menu.url)) continue;
      menuList.push(menu.url);
      permissions.add(menu.url);
      if (!granted) continue;
      for (const op of menu.operations) {
        if (role.isAdmin || role.permissions.has(op)) {
          permissions.add(op);
          operations.push(op);
        }
      }
    }
    if (menuList.length > 0) moduleList.push({ moduleId: mod.moduleId, key: mod.key, menuList });
  }
  return { permissions, operations, moduleList };
}

export async function loadAccess(db: Db, roleId: number, merchantId: number): Promise<Access> {
  const [role, perms, modules] = await Promise.all([
    db.selectFrom('roles').select(['is_admin']).where('id', '=', roleId).where('merchant_id', '=', merchantId).executeTakeFirst(),
    db.selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).execute(),
    db.selectFrom('merchant_modules').select('module_id').where('merchant_id', '=', merchantId).execute(),
  ]);
  // A role of another merchant grants nothing.
  const grant: RoleGrant = role
    ? { isAdmin: role.is_admin === 1, permissions: new Set(perms.map((p) => p.permission)) }
    : { isAdmin: false, permissions: new Set() };
  return computeAccess(grant, new Set(modules.map((m) => m.module_id)));
}

/**
 * For a route that either of two operations opens (a refund is applied from the refund screen with
 * Refundment:Apply or from a transaction's detail with TradeRecord:Refund): such a route declares
 * `signedIn` and calls this in its handler.
 */
export async function holdsAnyPermission(db: Db, roleId: number, merchantId: number, wanted: readonly TPermission[]): Promise<boolean> {
  const access = await loadAccess(db, roleId, merchantId);
  return wanted.some((p) => access.permissions.has(p));
}
