import { AdminStatus } from '@mbo/shared/merchants';
import type { Db } from '../../db/database';
import type { Scope } from '../../platform/scope';

/*
 * SQL of invitations. Writes by the inviting side take the inviter's scope; the acceptance side is
 * reached through a token, which names the admin row.
 */

/** Stored for an invited admin until acceptance: not a valid argon2 hash, so no password ever matches. */
const NO_PASSWORD = '!invitation-pending';

export function getMerchant(db: Db, merchantId: number) {
  return db.selectFrom('merchants').select(['id', 'merchant_no', 'name']).where('id', '=', merchantId).executeTakeFirst();
}

export function findRole(db: Db, scope: Scope, roleId: number) {
  return db
    .selectFrom('roles')
    .select(['id', 'name', 'is_admin'])
    .where('id', '=', roleId)
    .where('merchant_id', '=', scope.merchantId)
    .executeTakeFirst();
}

export function findAdminByLogin(db: Db, scope: Scope, loginName: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'status'])
    .where('merchant_id', '=', scope.merchantId)
    .where('login_name', '=', loginName)
    .executeTakeFirst();
}

export function findAdminById(db: Db, scope: Scope, adminId: number) {
  return db
    .selectFrom('admins')
    .select(['id', 'status', 'email', 'login_name', 'role_id'])
    .where('id', '=', adminId)
    .where('merchant_id', '=', scope.merchantId)
    .executeTakeFirst();
}

export type InvitedAdmin = {
  email: string;
  name: string;
  roleId: number;
  /** null: every gateway. */
  gatewayIds: number[] | null;
  mayViewAccount: boolean;
  now: number;
};

/** Creates the waiting admin row, or refreshes one whose invitation is pending or expired. */
export async function upsertInvitedAdmin(db: Db, scope: Scope, existingId: number | null, a: InvitedAdmin): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const values = {
      name: a.name,
      role_id: a.roleId,
      status: AdminStatus.invitationPending,
      all_gateways: a.gatewayIds === null ? (1 as const) : (0 as const),
      may_view_account: a.mayViewAccount ? (1 as const) : (0 as const),
      email: a.email,
    };
    let id: number;
    if (existingId !== null) {
      await trx.updateTable('admins').set(values).where('id', '=', existingId).where('merchant_id', '=', scope.merchantId).execute();
      await trx.deleteFrom('admin_gateways').where('admin_id', '=', existingId).execute();
      id = existingId;
    } else {
      const row = await trx
        .insertInto('admins')
        .values({
          ...values,
          merchant_id: scope.merchantId,
          person_id: null,
          login_name: a.email,
          password_hash: NO_PASSWORD,
          is_owner: 0,
          mobile: '',
          avatar: '',
          time_zone: '',
          force_change_pwd: 0,
          is_initial_login: 0,
          failed_login_count: 0,
          locked_until: null,
          created_at: a.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    if (a.gatewayIds && a.gatewayIds.length > 0) {
      await trx
        .insertInto('admin_gateways')
        .values(a.gatewayIds.map((gatewayId) => ({ admin_id: id, gateway_id: gatewayId })))
        .execute();
    }
    return id;
  });
}

export async function setAdminStatus(db: Db, adminId: number, status: number): Promise<void> {
  await db.updateTable('admins').set({ status }).where('id', '=', adminId).execute();
}

/** Marks a still-pending invitation expired (spec §4 administrator status). */
export async function expireInvitation(db: Db, adminId: number): Promise<void> {
  await db
    .updateTable('admins')
    .set({ status: AdminStatus.invitationExpired })
    .where('id', '=', adminId)
    .where('status', '=', AdminStatus.invitationPending)
    .execute();
}

export function findInvitedAdmin(db: Db, adminId: number) {
  return db
    .selectFrom('admins as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select(['a.id', 'a.status', 'a.email', 'a.login_name', 'a.merchant_id', 'm.merchant_no', 'm.name as merchant_name'])
    .where('a.id', '=', adminId)
    .executeTakeFirst();
}

export async function activateInvitedAdmin(
  db: Db,
  adminId: number,
  a: { personId: number; name: string; passwordHash: string; mobile: string },
): Promise<void> {
  await db
    .updateTable('admins')
    .set({ person_id: a.personId, name: a.name, password_hash: a.passwordHash, mobile: a.mobile, status: AdminStatus.normal })
    .where('id', '=', adminId)
    .execute();
}

/** Whether a role of the merchant is the administrator role (only its holders may grant it). */
export async function roleIsAdmin(db: Db, roleId: number, merchantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('roles')
    .select('is_admin')
    .where('id', '=', roleId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row?.is_admin === 1;
}
