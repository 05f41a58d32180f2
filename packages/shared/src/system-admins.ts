import { z } from 'zod';
import { opt, optText } from './list';
import { defineList, field } from './list-fields';
import { AdminStatus } from './merchants';
import { zCode } from './trade-enums';

/**
 * Administrators of a business (spec §2 /admin/findManagers, §3 Administrator, §4 states). Invitations
 * are sent and resent through the onboarding paths (`OnboardingPath.invite`, `resendInvitation`).
 */
export const AdminPath = {
  /** GET: the administrators of the business (menu /admin/findManagers). */
  list: '/admin/managers',
  /** GET: the roles and gateways the caller may give someone (menu /admin/findManagers). */
  grantable: '/admin/managers/grantable',
  /** POST: role, gateways and the account-dynamics flag (Admin:Edit). */
  update: '/admin/managers/update',
  /** POST {adminId}: disable a normal administrator; their sessions end at once (Admin:Disable). */
  disable: '/admin/managers/disable',
  /** POST {adminId}: resume a disabled administrator (Admin:Disable). */
  resume: '/admin/managers/resume',
  /** POST {adminId}: mail the administrator a link to set a new password (Admin:ResetPassword). */
  resetPassword: '/admin/managers/resetPassword',
} as const;

/** Gateway numbers an administrator may be limited to, at most this many. */
export const ADMIN_GATEWAYS_MAX = 100;

/** The administrators of the business, declared once (list-fields.ts): newest first. */
export const ADMINS = defineList({
  fields: {
    id: field.count(),
    loginName: field.text('admins.loginName'),
    name: field.text('admins.name'),
    email: field.text('admins.email'),
    mobile: field.text('admins.mobile'),
    roleId: field.count(),
    /** The role's name in the caller's language. */
    roleName: field.text('admins.role'),
    /** Every gateway of the business (then `gatewayNos` is empty), or only `gatewayNos`. */
    allGateways: field.data(z.boolean()),
    gatewayNos: field.data(z.array(z.string()), 'admins.gatewaysShort'),
    mayViewAccount: field.data(z.boolean(), 'admins.mayViewAccountShort'),
    status: field.code('admins.statusLabel', 'admins.status'),
    isOwner: field.data(z.boolean()),
    /** The caller's own account. */
    isSelf: field.data(z.boolean()),
    /**
     * Whether the caller may change this administrator (edit, disable, resume, reset): never the owner or
     * themselves, and only someone whose role and gateways the caller holds too.
     */
    manageable: field.data(z.boolean()),
    /** ISO 8601 UTC. */
    createdAt: field.time('admins.createdAt'),
  },
  filters: z.object({
    /** Part of the login name, name or email. */
    keyword: optText(64),
    status: opt(zCode(AdminStatus)),
    roleId: opt(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
  }),
  days: null,
});
export const { query: ZAdminListQuery, row: ZAdminRow, page: ZAdminPage } = ADMINS;
export type TAdminListQuery = z.infer<typeof ZAdminListQuery>;
export type TAdminRow = z.infer<typeof ZAdminRow>;

export const ZGrantableRole = z.object({
  id: z.number().int(),
  name: z.string(),
  isAdmin: z.boolean(),
  /** false: the role holds a permission the caller does not hold. */
  grantable: z.boolean(),
});
export const ZGrantable = z.object({
  roles: z.array(ZGrantableRole),
  /** Gateways the caller may give (their own). */
  gateways: z.array(z.object({ gatewayNo: z.string(), name: z.string(), currency: z.string() })),
  /** Whether the caller may give "every gateway" (they have every gateway themselves). */
  allGateways: z.boolean(),
});
export type TGrantable = z.infer<typeof ZGrantable>;

const zId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const zGatewayNos = z
  .array(
    z
      .string()
      .trim()
      .regex(/^\d{1,20}$/),
  )
  .max(ADMIN_GATEWAYS_MAX);

export const ZAdminIdBody = z.object({ adminId: zId });
export type TAdminIdBody = z.infer<typeof ZAdminIdBody>;

export const ZUpdateAdminBody = z.object({
  adminId: zId,
  roleId: zId,
  /** Empty: every gateway of the business. */
  gatewayNos: zGatewayNos,
  mayViewAccount: z.boolean(),
});
export type TUpdateAdminBody = z.infer<typeof ZUpdateAdminBody>;

export const ZAdminChanged = z.object({ adminId: z.number().int(), status: z.number().int() });
export type TAdminChanged = z.infer<typeof ZAdminChanged>;
