import { AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import { KycReviewState } from '@mbo/shared/kyc';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { AdminScope } from '../../platform/scope';
import { createAdministratorRole } from '../system/repository';

/*
 * SQL of identity: persons, the businesses they own, their admin rows. Lookups before sign-in are
 * keyed by what the visitor typed (email, mobile); everything after takes the session's person or
 * admin scope. Removed persons are invisible to every lookup.
 */

const PERSON_COLUMNS = ['id', 'email', 'mobile', 'name', 'email_verified', 'two_fa_enabled', 'language'] as const;

/**
 * The person of an email address. Only verified addresses are unique (migration 0007: a sign-up with a
 * registered address keeps it unverified on a second person), so the verified holder comes first, then
 * the one who registered it first.
 */
export function findPersonByEmail(db: Db, email: string) {
  return db
    .selectFrom('persons')
    .select(PERSON_COLUMNS)
    .where('email', '=', email)
    .where('removed_at', 'is', null)
    .orderBy('email_verified', 'desc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
}

export function findPersonByMobile(db: Db, mobile: string) {
  return db.selectFrom('persons').select(PERSON_COLUMNS).where('mobile', '=', mobile).where('removed_at', 'is', null).executeTakeFirst();
}

export function getPerson(db: Db, personId: number) {
  return db.selectFrom('persons').select(PERSON_COLUMNS).where('id', '=', personId).where('removed_at', 'is', null).executeTakeFirst();
}

export type PersonRow = NonNullable<Awaited<ReturnType<typeof getPerson>>>;

export type NewPerson = { email: string; mobile: string; name: string; emailVerified: boolean; language: string; now: number };

export async function insertPerson(db: Db, p: NewPerson): Promise<number> {
  const row = await db
    .insertInto('persons')
    .values({
      email: p.email,
      mobile: p.mobile,
      name: p.name,
      email_verified: p.emailVerified ? 1 : 0,
      two_fa_enabled: 0,
      language: p.language,
      created_at: p.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The signed-in admin row, with what identity changes need. */
export function getSessionAdmin(db: Db, scope: AdminScope) {
  return db
    .selectFrom('admins as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select(['a.id', 'a.login_name', 'a.name', 'a.email', 'a.mobile', 'a.password_hash', 'a.person_id', 'm.merchant_no'])
    .where('a.id', '=', scope.adminId)
    .where('a.merchant_id', '=', scope.merchantId)
    .executeTakeFirst();
}

/** The owner-equivalent admin of a merchant: its owner, else an admin holding the administrator role. */
export function findOwnerAdmin(db: Db, merchantId: number) {
  return db
    .selectFrom('admins as a')
    .innerJoin('roles as r', 'r.id', 'a.role_id')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select([
      'a.id',
      'a.login_name',
      'a.person_id',
      'a.merchant_id',
      'm.merchant_no',
      'm.name as merchant_name',
      'm.status as merchant_status',
    ])
    .where('a.merchant_id', '=', merchantId)
    .where('a.status', '=', AdminStatus.normal)
    .where((eb) => eb.or([eb('a.is_owner', '=', 1), eb('r.is_admin', '=', 1)]))
    .orderBy('a.is_owner', 'desc')
    .orderBy('a.id')
    .executeTakeFirst();
}

export function findAdminForTicket(db: Db, adminId: number) {
  return db
    .selectFrom('admins as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select(['a.id', 'a.login_name', 'a.status', 'a.merchant_id', 'm.merchant_no', 'm.status as merchant_status'])
    .where('a.id', '=', adminId)
    .executeTakeFirst();
}

/** Next merchant number: one above the highest numeric one, from 100001. */
async function nextMerchantNo(db: Db): Promise<string> {
  const row = await db
    .selectFrom('merchants')
    .select('merchant_no')
    .orderBy(sql`length(merchant_no)`, 'desc')
    .orderBy('merchant_no', 'desc')
    .limit(1)
    .executeTakeFirst();
  const highest = row && /^\d{1,15}$/.test(row.merchant_no) ? Number(row.merchant_no) : 0;
  return String(Math.max(100001, highest + 1));
}

export type NewBusiness = {
  personId: number;
  name: string;
  ownerName: string;
  email: string;
  mobile: string;
  passwordHash: string;
  now: number;
};

export type CreatedBusiness = { merchantId: number; merchantNo: string; adminId: number; loginName: string };

/** Login name of the owner administrator of a business created here (with the merchant number, for admin/login). */
export const OWNER_LOGIN_NAME = 'admin';

/**
 * A business that is not activated yet: the merchant (status 20, no modules, no gateway), its
 * administrator role, the owner admin linked to the person, and an empty KYC profile. Modules and a
 * gateway come with the KYC approval.
 */
export async function insertBusiness(db: Db, b: NewBusiness): Promise<CreatedBusiness> {
  const merchantNo = await nextMerchantNo(db);
  const merchant = await db
    .insertInto('merchants')
    .values({
      merchant_no: merchantNo,
      name: b.name,
      status: MerchantStatus.notActivated,
      region: 'overseas',
      contract_start: null,
      contract_end: null,
      registered_at: b.now,
      services: '',
      created_at: b.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await createAdministratorRole(db, merchant.id);
  const admin = await db
    .insertInto('admins')
    .values({
      merchant_id: merchant.id,
      person_id: b.personId,
      login_name: OWNER_LOGIN_NAME,
      name: b.ownerName,
      password_hash: b.passwordHash,
      status: AdminStatus.normal,
      role_id: role.id,
      is_owner: 1,
      all_gateways: 1,
      may_view_account: 1,
      email: b.email,
      mobile: b.mobile,
      avatar: '',
      time_zone: '',
      force_change_pwd: 0,
      is_initial_login: 1,
      failed_login_count: 0,
      locked_until: null,
      created_at: b.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('kyc_profiles')
    .values({ merchant_id: merchant.id, review_state: KycReviewState.notSubmitted, draft_json: '{}', reject_reason: '', created_at: b.now })
    .execute();
  return { merchantId: merchant.id, merchantNo, adminId: admin.id, loginName: OWNER_LOGIN_NAME };
}

/** Runs `work` in a transaction, again when two sign-ups took the same merchant number at once. */
export async function withMerchantNoRetry<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => work(trx));
    } catch (error) {
      if (attempt >= 4 || !isUniqueViolation(error, 'merchant_no')) throw error;
    }
  }
}

export async function setEmailVerified(db: Db, personId: number, email: string): Promise<boolean> {
  const res = await db
    .updateTable('persons')
    .set({ email_verified: 1 })
    .where('id', '=', personId)
    .where('email', '=', email)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Changes the email of a person and of the admin rows linked to them; the new address is unverified. */
export async function changePersonEmail(db: Db, personId: number, email: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('persons').set({ email, email_verified: 0 }).where('id', '=', personId).execute();
    await trx.updateTable('admins').set({ email }).where('person_id', '=', personId).execute();
  });
}

export async function changePersonMobile(db: Db, personId: number, mobile: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('persons').set({ mobile }).where('id', '=', personId).execute();
    await trx.updateTable('admins').set({ mobile }).where('person_id', '=', personId).execute();
  });
}

export async function setTwoFa(db: Db, personId: number, enabled: boolean): Promise<void> {
  await db
    .updateTable('persons')
    .set({ two_fa_enabled: enabled ? 1 : 0 })
    .where('id', '=', personId)
    .execute();
}

export async function markSessionTwoFaPassed(db: Db, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ two_fa_passed: 1 }).where('id', '=', sessionId).execute();
}

/** Admin rows of a person, with their merchant (for logs after a person-wide change). */
export function listPersonAdmins(db: Db, personId: number) {
  return db.selectFrom('admins').select(['id', 'merchant_id', 'login_name', 'is_owner']).where('person_id', '=', personId).execute();
}

/** One password for every login of the person; a reset also clears lockouts and a pending forced change. */
export async function setPersonPassword(db: Db, personId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('admins')
    .set({ password_hash: passwordHash, force_change_pwd: 0, failed_login_count: 0, locked_until: null })
    .where('person_id', '=', personId)
    .execute();
}

/**
 * Removes a person: every admin row linked to them is disabled and loses its contact details (the
 * rows stay, so logs and the businesses keep their history), the person row is anonymized and
 * marked removed, and their pending codes and links stop working. Businesses are not touched.
 */
export async function removePerson(db: Db, personId: number, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const admins = await trx.selectFrom('admins').select(['id', 'login_name']).where('person_id', '=', personId).execute();
    for (const a of admins) {
      await trx
        .updateTable('admins')
        .set({
          status: AdminStatus.disabled,
          email: '',
          mobile: '',
          // Invited admins sign in with their email as login name: that goes too.
          ...(a.login_name.includes('@') ? { login_name: `removed-${a.id}` } : {}),
        })
        .where('id', '=', a.id)
        .execute();
    }
    await trx
      .updateTable('persons')
      .set({
        email: `removed-${personId}@removed.invalid`,
        mobile: '',
        name: '',
        email_verified: 0,
        two_fa_enabled: 0,
        removed_at: now,
      })
      .where('id', '=', personId)
      .execute();
    await trx
      .updateTable('verification_codes')
      .set({ used_at: now })
      .where('person_id', '=', personId)
      .where('used_at', 'is', null)
      .execute();
    await trx.updateTable('action_tokens').set({ used_at: now }).where('person_id', '=', personId).where('used_at', 'is', null).execute();
  });
}

/** Links an old merchant-number admin to a person (account upgrade), with the sessions it has open. */
export async function linkAdminToPerson(db: Db, scope: AdminScope, personId: number, email: string, mobile: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admins')
      .set({ person_id: personId, email, mobile })
      .where('id', '=', scope.adminId)
      .where('merchant_id', '=', scope.merchantId)
      .execute();
    await trx
      .updateTable('sessions')
      .set({ person_id: personId })
      .where('admin_id', '=', scope.adminId)
      .where('revoked_at', 'is', null)
      .execute();
  });
}

export function findPersonAdminInMerchant(db: Db, personId: number, merchantId: number) {
  return db.selectFrom('admins').select(['id']).where('person_id', '=', personId).where('merchant_id', '=', merchantId).executeTakeFirst();
}

export async function setPersonMobileIfEmpty(db: Db, personId: number, mobile: string): Promise<void> {
  await db.updateTable('persons').set({ mobile }).where('id', '=', personId).where('mobile', '=', '').execute();
}
