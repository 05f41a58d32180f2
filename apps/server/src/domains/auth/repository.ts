import { AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@mbo/shared/limits';
import type { Db } from '../../db/database';
import { gatewayIdFilter, type AdminScope, type Scope } from '../../platform/scope';
import { MINUTE_MS } from '../../platform/time';

/*
 * Sign-in runs before any session exists, so its lookups are keyed by what the visitor typed
 * (merchant number, login name) rather than by a scope. Everything after sign-in takes a scope.
 */

export function findMerchantByNo(db: Db, merchantNo: string) {
  return db.selectFrom('merchants').select(['id', 'merchant_no', 'status']).where('merchant_no', '=', merchantNo).executeTakeFirst();
}

export function findAdminForLogin(db: Db, merchantId: number, loginName: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'merchant_id', 'person_id', 'password_hash', 'status', 'locked_until'])
    .where('merchant_id', '=', merchantId)
    .where('login_name', '=', loginName)
    .executeTakeFirst();
}

export type FailureOutcome = { lockedUntil: number | null };

/**
 * Counts one more consecutive failure. The increment happens in SQL so parallel attempts cannot lose
 * counts; reaching the limit locks the admin and restarts the count for after the lock.
 */
export async function recordLoginFailure(db: Db, adminId: number, now: number): Promise<FailureOutcome> {
  const row = await db
    .updateTable('admins')
    .set((eb) => ({ failed_login_count: eb('failed_login_count', '+', 1) }))
    .where('id', '=', adminId)
    .returning('failed_login_count')
    .executeTakeFirst();
  if (!row || row.failed_login_count < LOGIN_MAX_FAILURES) return { lockedUntil: null };
  const lockedUntil = now + LOGIN_LOCK_MINUTES * MINUTE_MS;
  await db.updateTable('admins').set({ failed_login_count: 0, locked_until: lockedUntil }).where('id', '=', adminId).execute();
  return { lockedUntil };
}

export async function clearLoginFailures(db: Db, adminId: number): Promise<void> {
  await db.updateTable('admins').set({ failed_login_count: 0, locked_until: null }).where('id', '=', adminId).execute();
}

/** The signed-in admin with its merchant. */
export function getSessionAdmin(db: Db, scope: AdminScope) {
  return db
    .selectFrom('admins as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select([
      'a.id',
      'a.login_name',
      'a.name',
      'a.avatar',
      'a.time_zone',
      'a.force_change_pwd',
      'a.is_initial_login',
      'a.is_owner',
      'a.email',
      'a.mobile',
      'a.password_hash',
      'm.id as merchant_id',
      'm.merchant_no',
      'm.name as merchant_name',
      'm.status as merchant_status',
    ])
    .where('a.id', '=', scope.adminId)
    .where('a.merchant_id', '=', scope.merchantId)
    .executeTakeFirst();
}

export function findPerson(db: Db, personId: number) {
  return db.selectFrom('persons').select(['id', 'email', 'mobile', 'two_fa_enabled']).where('id', '=', personId).executeTakeFirst();
}

/** Merchant accounts a person can act as: normal admin rows of merchants that are not deleted. */
export function findLinkedAccounts(db: Db, personId: number) {
  return db
    .selectFrom('admins as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select(['a.id as admin_id', 'a.is_owner', 'm.id as merchant_id', 'm.merchant_no', 'm.name', 'm.status'])
    .where('a.person_id', '=', personId)
    .where('a.status', '=', AdminStatus.normal)
    .where('m.status', '<>', MerchantStatus.deleted)
    .orderBy('m.merchant_no')
    .execute();
}

/** The person's admin row in one merchant, under the same rules as findLinkedAccounts. */
export function findLinkedAdmin(db: Db, personId: number, merchantId: number) {
  return db
    .selectFrom('admins as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select(['a.id as admin_id', 'a.person_id', 'm.id as merchant_id', 'm.merchant_no', 'm.status as merchant_status'])
    .where('a.person_id', '=', personId)
    .where('a.merchant_id', '=', merchantId)
    .where('a.status', '=', AdminStatus.normal)
    .where('m.status', '<>', MerchantStatus.deleted)
    .executeTakeFirst();
}

/** Currencies of the gateways the scope can see. */
export function listVisibleCurrencies(db: Db, scope: Scope) {
  const gatewayIds = gatewayIdFilter(scope);
  return db
    .selectFrom('currencies as c')
    .select(['c.code', 'c.name', 'c.minor_units'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('gateways as g')
          .select('g.id')
          .whereRef('g.currency', '=', 'c.code')
          .where('g.merchant_id', '=', scope.merchantId)
          .$if(gatewayIds !== null, (qb) => qb.where('g.id', 'in', gatewayIds ?? [])),
      ),
    )
    .orderBy('c.code')
    .execute();
}

export async function updatePasswordHash(db: Db, scope: AdminScope, passwordHash: string): Promise<void> {
  await db
    .updateTable('admins')
    .set({ password_hash: passwordHash, force_change_pwd: 0 })
    .where('id', '=', scope.adminId)
    .where('merchant_id', '=', scope.merchantId)
    .execute();
}
