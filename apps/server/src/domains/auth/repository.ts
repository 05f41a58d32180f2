import { AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import type { Db } from '../../db/database';
import { gatewayIdFilter, type AdminScope, type Scope } from '../../platform/scope';

/*
 * Sign-in runs before any session exists, so its lookups are keyed by what the visitor typed
 * (merchant number, login name) rather than by a scope. Everything after sign-in takes a scope.
 */

/**
 * The account a sign-in names, with what the lock notice and the unlock code need. One query whether
 * or not the merchant exists, so an unknown merchant number costs the same as an unknown login name.
 */
export function findAccountForLogin(db: Db, merchantNo: string, loginName: string) {
  return db
    .selectFrom('admins as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .leftJoin('persons as p', (join) => join.onRef('p.id', '=', 'a.person_id').on('p.removed_at', 'is', null))
    .select([
      'a.id',
      'a.merchant_id',
      'a.person_id',
      'a.password_hash',
      'a.status',
      'a.email as admin_email',
      'a.mobile as admin_mobile',
      'm.merchant_no',
      'm.status as merchant_status',
      'p.email as person_email',
      'p.email_verified',
      'p.mobile as person_mobile',
      'p.language',
    ])
    .where('m.merchant_no', '=', merchantNo)
    .where('a.login_name', '=', loginName)
    .executeTakeFirst();
}

export type LoginAccount = NonNullable<Awaited<ReturnType<typeof findAccountForLogin>>>;

/** Merchant number and login name of admin rows: the keys their sign-in attempts are counted under. */
function loginKeys(db: Db) {
  return db
    .selectFrom('admins as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select(['a.id', 'a.merchant_id', 'm.merchant_no', 'a.login_name']);
}

/** The sign-in keys of every admin row of a person. */
export function listPersonLogins(db: Db, personId: number) {
  return loginKeys(db).where('a.person_id', '=', personId).execute();
}

/** The sign-in key of a login without a person (listPersonLogins' shape). */
export function listAdminLogin(db: Db, adminId: number) {
  return loginKeys(db).where('a.id', '=', adminId).execute();
}

/** One password for every login of a person (a change from any business reaches all of them). */
export async function setPersonPasswordHash(db: Db, personId: number, passwordHash: string): Promise<void> {
  await db.updateTable('admins').set({ password_hash: passwordHash, force_change_pwd: 0 }).where('person_id', '=', personId).execute();
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
  return db.selectFrom('persons').select(['id', 'name', 'email', 'mobile', 'two_fa_enabled']).where('id', '=', personId).executeTakeFirst();
}

/** The merchant accounts a person can act as: normal admin rows of merchants that are not deleted. */
function linkedRows(db: Db, personId: number) {
  return db
    .selectFrom('admins as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .where('a.person_id', '=', personId)
    .where('a.status', '=', AdminStatus.normal)
    .where('m.status', '<>', MerchantStatus.deleted);
}

/** Every account a person can act as (linkedRows), by merchant number. */
export function findLinkedAccounts(db: Db, personId: number) {
  return linkedRows(db, personId)
    .select(['a.id as admin_id', 'a.is_owner', 'm.id as merchant_id', 'm.merchant_no', 'm.name', 'm.status'])
    .orderBy('m.merchant_no')
    .execute();
}

/** The person's admin row in one merchant, under the same rules as findLinkedAccounts. */
export function findLinkedAdmin(db: Db, personId: number, merchantId: number) {
  return linkedRows(db, personId)
    .select(['a.id as admin_id', 'a.person_id', 'm.id as merchant_id', 'm.merchant_no', 'm.status as merchant_status'])
    .where('a.merchant_id', '=', merchantId)
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
