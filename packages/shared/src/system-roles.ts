import { z } from 'zod';
import { optText } from './list';
import { defineList, field } from './list-fields';
import { ALL_PERMISSIONS, ALWAYS_ALLOWED_MENUS, MODULES, type TPermission } from './permissions';

/**
 * Roles and the permission editor (spec §2 /role/findRoles, §3 Role, §5 "Role name must be unique",
 * §6). A role holds menu urls and operation codes of the catalog in `permissions.ts`; the
 * administrator role of every business holds everything and cannot be edited or deleted.
 */
export const RolePath = {
  /** GET: the roles of the business (menu /role/findRoles). */
  list: '/role/list',
  /** POST: a new role (Role:Edit). */
  add: '/role/add',
  /** POST: change a role (Role:Edit); holders get the new permissions on their next request. */
  update: '/role/update',
  /** POST {roleId}: delete a role nobody holds (Role:Edit). */
  delete: '/role/delete',
} as const;

export const ROLE_NAME_MAX = 32;
export const ROLE_NAME_EN_MAX = 64;
export const ROLE_DESCRIPTION_MAX = 200;

/** Why a role cannot be changed by the caller (null: it can). */
export const ROLE_LOCKS = ['administrator', 'ownRole', 'exceedsYours'] as const;
export type TRoleLock = (typeof ROLE_LOCKS)[number];

/** The roles of the business, declared once (list-fields.ts): the administrator role first, then by age. */
export const ROLES = defineList({
  fields: {
    id: field.count(),
    name: field.link('roles.name'),
    /** The display name shown in Chinese or English: the screen's column of the two. */
    nameCn: field.text('roles.displayName'),
    nameEn: field.text(),
    description: field.text('roles.description'),
    isAdmin: field.data(z.boolean()),
    /** Menu urls and operation codes; the administrator role lists every permission. */
    permissions: field.data(z.array(z.string()), 'roles.permissionCount'),
    /** Administrators holding the role. */
    holders: field.count('roles.holders'),
    lock: field.data(z.enum(ROLE_LOCKS).nullable()),
  },
  filters: z.object({ keyword: optText(ROLE_NAME_MAX) }),
  days: null,
});
export const { query: ZRoleListQuery, row: ZRole, page: ZRolePage } = ROLES;
export type TRoleListQuery = z.infer<typeof ZRoleListQuery>;
export type TRole = z.infer<typeof ZRole>;

/** Text without control characters (a name is shown in lists, menus and mails). */
const zName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'role.badName');

const zPermissionCode = z.enum(ALL_PERMISSIONS as readonly [TPermission, ...TPermission[]]);

export const ZRoleBody = z.object({
  name: zName(ROLE_NAME_MAX),
  nameCn: zName(ROLE_NAME_MAX),
  nameEn: zName(ROLE_NAME_EN_MAX),
  description: z.string().trim().max(ROLE_DESCRIPTION_MAX).default(''),
  permissions: z.array(zPermissionCode).max(ALL_PERMISSIONS.length),
});
export type TRoleBody = z.infer<typeof ZRoleBody>;

const zRoleId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const ZUpdateRoleBody = ZRoleBody.extend({ roleId: zRoleId });
export type TUpdateRoleBody = z.infer<typeof ZUpdateRoleBody>;
export const ZRoleIdBody = z.object({ roleId: zRoleId });
export type TRoleIdBody = z.infer<typeof ZRoleIdBody>;
export const ZRoleSaved = z.object({ roleId: z.number().int() });

/** The menu url an operation code belongs to, or undefined for a menu url or an unknown code. */
export function menuOfOperation(code: string): string | undefined {
  for (const m of MODULES) for (const menu of m.menus) if ((menu.operations as readonly string[]).includes(code)) return menu.url;
  return undefined;
}

/** Operations in `permissions` whose menu is not in it (an operation is only usable on its screen). */
export function operationsWithoutMenu(permissions: readonly string[]): string[] {
  const set = new Set(permissions);
  return permissions.filter((p) => {
    const menu = menuOfOperation(p);
    return menu !== undefined && !set.has(menu);
  });
}

/** The catalog as the editor shows it: menus everybody may open (own password) are left out. */
export const EDITABLE_MODULES = MODULES.map((m) => ({
  ...m,
  menus: m.menus.filter((menu) => !(ALWAYS_ALLOWED_MENUS as readonly string[]).includes(menu.url)),
})).filter((m) => m.menus.length > 0);
