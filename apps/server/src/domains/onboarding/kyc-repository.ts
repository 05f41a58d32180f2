import { GatewayStatus } from '@mbo/shared/gateways';
import { AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import { KycReviewState, type TKycFileField } from '@mbo/shared/kyc';
import { MODULES } from '@mbo/shared/permissions';
import type { Db, Trx } from '../../db/database';
import type { Scope } from '../../platform/scope';
import { createAdministratorRole } from '../system/repository';

/*
 * SQL of KYC. A business is reached only through findOwnedBusiness (the signed-in person must own
 * it) or by an operator command; everything after takes that business's scope.
 */

const EDITABLE = [KycReviewState.notSubmitted, KycReviewState.rejected];

/** A business the person owns (normal owner admin row, merchant not deleted); undefined otherwise. */
export function findOwnedBusiness(db: Db, personId: number, merchantId: number) {
  return db
    .selectFrom('admins as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select(['m.id', 'm.merchant_no', 'm.name', 'm.status', 'a.id as admin_id'])
    .where('a.person_id', '=', personId)
    .where('a.merchant_id', '=', merchantId)
    .where('a.is_owner', '=', 1)
    .where('a.status', '=', AdminStatus.normal)
    .where('m.status', '<>', MerchantStatus.deleted)
    .executeTakeFirst();
}

export function getMerchant(db: Db, scope: Scope) {
  return db.selectFrom('merchants').select(['id', 'merchant_no', 'name', 'status']).where('id', '=', scope.merchantId).executeTakeFirst();
}

const PROFILE_COLUMNS = [
  'merchant_id',
  'review_state',
  'draft_json',
  'submitted_json',
  'reject_reason',
  'submitted_by_person_id',
  'submitted_at',
  'reviewed_at',
  'updated_at',
] as const;

export async function ensureProfile(db: Db, scope: Scope, now: number) {
  const found = await db.selectFrom('kyc_profiles').select(PROFILE_COLUMNS).where('merchant_id', '=', scope.merchantId).executeTakeFirst();
  if (found) return found;
  await db
    .insertInto('kyc_profiles')
    .values({
      merchant_id: scope.merchantId,
      review_state: KycReviewState.notSubmitted,
      draft_json: '{}',
      reject_reason: '',
      created_at: now,
    })
    .onConflict((oc) => oc.column('merchant_id').doNothing())
    .execute();
  return db.selectFrom('kyc_profiles').select(PROFILE_COLUMNS).where('merchant_id', '=', scope.merchantId).executeTakeFirstOrThrow();
}

export function findProfile(db: Db, scope: Scope) {
  return db.selectFrom('kyc_profiles').select(PROFILE_COLUMNS).where('merchant_id', '=', scope.merchantId).executeTakeFirst();
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/**
 * The profile, or what a business without one has: an empty draft that is not submitted. Reading and
 * refusing write nothing; the row is made (ensureProfile) only when there is something to save.
 */
export async function findProfileOrBlank(db: Db, scope: Scope): Promise<ProfileRow> {
  return (
    (await findProfile(db, scope)) ?? {
      merchant_id: scope.merchantId,
      review_state: KycReviewState.notSubmitted,
      draft_json: '{}',
      submitted_json: null,
      reject_reason: '',
      submitted_by_person_id: null,
      submitted_at: null,
      reviewed_at: null,
      updated_at: null,
    }
  );
}

/** Saves the draft only while the profile can still be edited; false when it was submitted meanwhile. */
export async function saveDraft(db: Db, scope: Scope, draftJson: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('kyc_profiles')
    .set({ draft_json: draftJson, updated_at: now })
    .where('merchant_id', '=', scope.merchantId)
    .where('review_state', 'in', EDITABLE)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** notSubmitted or rejected -> underReview, in one conditional update: of two submits at once, one wins. */
export async function submitProfile(db: Db, scope: Scope, profileJson: string, personId: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('kyc_profiles')
    .set({
      review_state: KycReviewState.underReview,
      submitted_json: profileJson,
      submitted_by_person_id: personId,
      submitted_at: now,
      reviewed_at: null,
      reject_reason: '',
      updated_at: now,
    })
    .where('merchant_id', '=', scope.merchantId)
    .where('review_state', 'in', EDITABLE)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

const FILE_COLUMNS = ['id', 'merchant_id', 'field', 'original_name', 'mime', 'size', 'sha256', 'storage_name', 'created_at'] as const;

export function listFiles(db: Db, scope: Scope, field?: TKycFileField) {
  return db
    .selectFrom('kyc_files')
    .select(FILE_COLUMNS)
    .where('merchant_id', '=', scope.merchantId)
    .where('deleted_at', 'is', null)
    .$if(field !== undefined, (qb) => qb.where('field', '=', field ?? ''))
    .orderBy('id')
    .execute();
}

export async function countFiles(db: Db, scope: Scope, field: TKycFileField): Promise<number> {
  const row = await db
    .selectFrom('kyc_files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', scope.merchantId)
    .where('field', '=', field)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type NewFile = {
  field: TKycFileField;
  originalName: string;
  mime: string;
  size: number;
  sha256: string;
  storageName: string;
  adminId: number | null;
  now: number;
};

export async function insertFile(db: Db, scope: Scope, f: NewFile): Promise<number> {
  const row = await db
    .insertInto('kyc_files')
    .values({
      merchant_id: scope.merchantId,
      field: f.field,
      original_name: f.originalName,
      mime: f.mime,
      size: f.size,
      sha256: f.sha256,
      storage_name: f.storageName,
      uploaded_by_admin_id: f.adminId,
      created_at: f.now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteFileRows(db: Db, scope: Scope, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('kyc_files').where('merchant_id', '=', scope.merchantId).where('id', 'in', ids).execute();
}

/** The merchant a file belongs to, to check ownership before anything else is read. */
export function findFileMerchant(db: Db, fileId: number) {
  return db.selectFrom('kyc_files').select(['merchant_id']).where('id', '=', fileId).where('deleted_at', 'is', null).executeTakeFirst();
}

export function getFile(db: Db, scope: Scope, fileId: number) {
  return db
    .selectFrom('kyc_files')
    .select(FILE_COLUMNS)
    .where('id', '=', fileId)
    .where('merchant_id', '=', scope.merchantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function softDeleteFile(db: Db, scope: Scope, fileId: number, now: number): Promise<void> {
  await db.updateTable('kyc_files').set({ deleted_at: now }).where('id', '=', fileId).where('merchant_id', '=', scope.merchantId).execute();
}

export async function hasOpenGateway(db: Db, scope: Scope): Promise<boolean> {
  const row = await db
    .selectFrom('gateways')
    .select('id')
    .where('merchant_id', '=', scope.merchantId)
    .where('status', '=', GatewayStatus.enabled)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type Activation = { legalName: string; region: string; currency: string; now: number };

/**
 * Approval, in one transaction: review state approved, merchant active (40) under its legal name,
 * every module open, the owner holding the administrator role, no admin left in "initial login",
 * a gateway in the settlement currency unless one exists, and whatever `setUp` writes for that
 * gateway (merchant-setup.ts). Returns null when the profile was not under review (approved or
 * rejected meanwhile).
 */
export async function activateBusiness<T>(
  db: Db,
  scope: Scope,
  a: Activation,
  setUp: (trx: Trx, gateway: { id: number; gatewayNo: string }) => Promise<T>,
): Promise<{ gatewayNo: string; setup: T } | null> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('kyc_profiles')
      .set({ review_state: KycReviewState.approved, reviewed_at: a.now, reject_reason: '', updated_at: a.now })
      .where('merchant_id', '=', scope.merchantId)
      .where('review_state', '=', KycReviewState.underReview)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return null;

    const merchant = await trx
      .updateTable('merchants')
      .set({ status: MerchantStatus.normal, name: a.legalName, region: a.region })
      .where('id', '=', scope.merchantId)
      .returning(['merchant_no'])
      .executeTakeFirstOrThrow();

    let role = await trx
      .selectFrom('roles')
      .select('id')
      .where('merchant_id', '=', scope.merchantId)
      .where('is_admin', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    role ??= await createAdministratorRole(trx, scope.merchantId);
    await trx
      .updateTable('admins')
      .set({ role_id: role.id, all_gateways: 1 })
      .where('merchant_id', '=', scope.merchantId)
      .where('is_owner', '=', 1)
      .execute();
    await trx.updateTable('admins').set({ is_initial_login: 0 }).where('merchant_id', '=', scope.merchantId).execute();

    await trx
      .insertInto('merchant_modules')
      .values(MODULES.map((m) => ({ merchant_id: scope.merchantId, module_id: m.moduleId })))
      .onConflict((oc) => oc.columns(['merchant_id', 'module_id']).doNothing())
      .execute();

    const existing = await trx
      .selectFrom('gateways')
      .select(['id', 'gateway_no'])
      .where('merchant_id', '=', scope.merchantId)
      .where('currency', '=', a.currency)
      .orderBy('id')
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('gateways')
        .set({ status: GatewayStatus.enabled })
        .where('merchant_id', '=', scope.merchantId)
        .where('gateway_no', '=', existing.gateway_no)
        .execute();
      return { gatewayNo: existing.gateway_no, setup: await setUp(trx, { id: existing.id, gatewayNo: existing.gateway_no }) };
    }
    // Gateway numbers: the merchant number and a two-digit sequence (10000301, 10000302, ...).
    for (let n = 1; n < 100; n++) {
      const gatewayNo = `${merchant.merchant_no}${String(n).padStart(2, '0')}`;
      const taken = await trx.selectFrom('gateways').select('id').where('gateway_no', '=', gatewayNo).executeTakeFirst();
      if (taken) continue;
      const gateway = await trx
        .insertInto('gateways')
        .values({
          merchant_id: scope.merchantId,
          gateway_no: gatewayNo,
          name: `${a.legalName} (${a.currency})`,
          currency: a.currency,
          status: GatewayStatus.enabled,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { gatewayNo, setup: await setUp(trx, { id: gateway.id, gatewayNo }) };
    }
    throw new Error(`no free gateway number for merchant ${merchant.merchant_no}`);
  });
}

export async function rejectProfile(db: Db, scope: Scope, reason: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('kyc_profiles')
    .set({ review_state: KycReviewState.rejected, reject_reason: reason, reviewed_at: now, updated_at: now })
    .where('merchant_id', '=', scope.merchantId)
    .where('review_state', '=', KycReviewState.underReview)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Operator list: every profile that left the draft state, and drafts on request. */
export function listProfiles(db: Db, o: { state?: string; limit: number }) {
  return db
    .selectFrom('kyc_profiles as k')
    .innerJoin('merchants as m', 'm.id', 'k.merchant_id')
    .select([
      'm.id as merchant_id',
      'm.merchant_no',
      'm.name',
      'm.status',
      'k.review_state',
      'k.submitted_at',
      'k.reviewed_at',
      'k.updated_at',
    ])
    .$if(o.state !== undefined, (qb) => qb.where('k.review_state', '=', o.state ?? ''))
    .orderBy('k.submitted_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(o.limit)
    .execute();
}
