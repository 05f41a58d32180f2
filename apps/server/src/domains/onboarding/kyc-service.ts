import { ErrorCode } from '@mbo/shared/envelope';
import { MerchantStatus } from '@mbo/shared/merchants';
import {
  KYC_FIELD_TYPES,
  KYC_FILE_MAX_BYTES,
  KYC_FILE_MAX_COUNT,
  KYC_ID_PHOTOS_MAX_STORED,
  KycReviewState,
  ZKycDraftData,
  type TKycDraft,
  type TKycDraftData,
  type TKycFile,
  type TKycFileField,
  type TKycReviewState,
  type TKycSaveDraftBody,
  type TKycStatus,
} from '@mbo/shared/kyc';
import { AppError, businessError, notFoundError } from '../../platform/errors';
import { operatorScope, type Scope } from '../../platform/scope';
import type { SessionContext } from '../../platform/session';
import { BUSINESS_DAY_TIMEZONE } from '@mbo/shared/timezones';
import { dateInZone, toIso } from '../../platform/time';
import { MIME_OF, SNIFFED_AS, cleanFileName, sniffFileType } from '../../platform/uploads';
import { logSessionOperation, type OnboardingDeps } from './context';
import * as kycRepo from './kyc-repository';
import { checkEntityType, checkKycProfile, referencedFiles } from './kyc-rules';
import * as repo from './repository';

export type OwnedBusiness = { scope: Scope; merchantId: number; merchantNo: string; name: string; status: number; adminId: number };

/**
 * The business behind a KYC call, when the signed-in person owns it. Anything else (another
 * person's business, a business id that does not exist, a session without a person) answers like a
 * missing record.
 */
export async function requireOwnedBusiness(
  deps: Pick<OnboardingDeps, 'db'>,
  session: SessionContext,
  businessId: number,
): Promise<OwnedBusiness> {
  if (session.personId === null) throw notFoundError();
  const b = await kycRepo.findOwnedBusiness(deps.db, session.personId, businessId);
  if (!b) throw notFoundError();
  return { scope: operatorScope(b.id), merchantId: b.id, merchantNo: b.merchant_no, name: b.name, status: b.status, adminId: b.admin_id };
}

export function isEditable(state: string): boolean {
  return state === KycReviewState.notSubmitted || state === KycReviewState.rejected;
}

export function parseDraft(json: string): TKycDraftData {
  try {
    const parsed = ZKycDraftData.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

type FileRow = Awaited<ReturnType<typeof kycRepo.listFiles>>[number];

function toFile(f: FileRow): TKycFile {
  return {
    fileId: f.id,
    field: f.field as TKycFileField,
    name: f.original_name,
    mime: f.mime,
    size: f.size,
    sha256: f.sha256,
    uploadedAt: toIso(f.created_at),
  };
}

export async function getKycStatus(deps: OnboardingDeps, session: SessionContext, businessId: number): Promise<TKycStatus> {
  const b = await requireOwnedBusiness(deps, session, businessId);
  const [profile, person, gateway] = await Promise.all([
    kycRepo.findProfile(deps.db, b.scope),
    session.personId !== null ? repo.getPerson(deps.db, session.personId) : Promise.resolve(undefined),
    kycRepo.hasOpenGateway(deps.db, b.scope),
  ]);
  return {
    businessId: b.merchantId,
    merchantNo: b.merchantNo,
    businessName: b.name,
    businessStatus: b.status,
    email: person?.email ?? '',
    emailVerified: person?.email_verified === 1,
    reviewState: (profile?.review_state ?? KycReviewState.notSubmitted) as TKycReviewState,
    rejectReason: profile?.review_state === KycReviewState.rejected ? profile.reject_reason : '',
    submittedAt: profile?.submitted_at != null ? toIso(profile.submitted_at) : null,
    reviewedAt: profile?.reviewed_at != null ? toIso(profile.reviewed_at) : null,
    gatewayOpened: b.status === MerchantStatus.normal && profile?.review_state !== KycReviewState.underReview && gateway,
  };
}

export async function getKycDraft(deps: OnboardingDeps, session: SessionContext, businessId: number): Promise<TKycDraft> {
  const b = await requireOwnedBusiness(deps, session, businessId);
  const profile = await kycRepo.findProfileOrBlank(deps.db, b.scope);
  const files = await kycRepo.listFiles(deps.db, b.scope);
  return {
    businessId: b.merchantId,
    reviewState: profile.review_state as TKycReviewState,
    editable: isEditable(profile.review_state),
    data: parseDraft(profile.draft_json),
    files: files.map(toFile),
    updatedAt: profile.updated_at !== null ? toIso(profile.updated_at) : null,
  };
}

/** Every file id must be a live file of this business uploaded for the right field. */
async function checkFileRefs(deps: OnboardingDeps, scope: Scope, data: Parameters<typeof referencedFiles>[0]): Promise<void> {
  const refs = referencedFiles(data);
  if (refs.businessDocuments.length === 0 && refs.idPhotos.length === 0) return;
  const files = await kycRepo.listFiles(deps.db, scope);
  const has = (field: string, id: number) => files.some((f) => f.id === id && f.field === field);
  if (!refs.businessDocuments.every((id) => has('businessDocuments', id)) || !refs.idPhotos.every((id) => has('idPhotos', id))) {
    throw businessError('kyc.fileMissing');
  }
}

/** One step's data replaces what the draft held for it; partial data is fine until the submit. */
export async function saveKycDraft(deps: OnboardingDeps, session: SessionContext, body: TKycSaveDraftBody, ip: string): Promise<TKycDraft> {
  const b = await requireOwnedBusiness(deps, session, body.businessId);
  const now = deps.now();
  // Every check before the first write, so a refused draft leaves nothing behind.
  const profile = await kycRepo.findProfileOrBlank(deps.db, b.scope);
  if (!isEditable(profile.review_state)) throw businessError('kyc.locked');
  if (body.step === 'business') checkEntityType(body.data.entityType);
  const draft = { ...parseDraft(profile.draft_json), [body.step]: body.data };
  await checkFileRefs(deps, b.scope, draft);
  await kycRepo.ensureProfile(deps.db, b.scope, now);
  if (!(await kycRepo.saveDraft(deps.db, b.scope, JSON.stringify(draft), now))) throw businessError('kyc.locked');
  await logSessionOperation(
    deps.db,
    { ...session, merchantId: b.merchantId, adminId: b.adminId },
    'kycSaveDraft',
    `step=${body.step}`,
    ip,
    now,
  );
  return getKycDraft(deps, session, body.businessId);
}

export type IncomingFile = { filename: string; content: Buffer };

const maxStored = (field: TKycFileField) => (field === 'idPhotos' ? KYC_ID_PHOTOS_MAX_STORED : KYC_FILE_MAX_COUNT);

/**
 * Stores one uploaded file after checking its content. Files stored earlier in the same request
 * count toward the limit (they are rows already) and are removed by `discardFiles` when a later file
 * of the request is refused.
 */
export async function storeKycFile(
  deps: OnboardingDeps,
  b: OwnedBusiness,
  field: TKycFileField,
  file: IncomingFile,
): Promise<TKycFile & { storageName: string }> {
  if (file.content.length > KYC_FILE_MAX_BYTES) throw businessError('file.tooLarge', { mb: KYC_FILE_MAX_BYTES / 1024 / 1024 });
  if (file.content.length === 0) throw businessError('file.none');
  if ((await kycRepo.countFiles(deps.db, b.scope, field)) >= maxStored(field)) {
    throw businessError('file.tooMany', { count: KYC_FILE_MAX_COUNT });
  }
  const name = cleanFileName(file.filename);
  const accepted = KYC_FIELD_TYPES[field];
  const sniffed = sniffFileType(file.content);
  if (!sniffed || !SNIFFED_AS[sniffed].some((t) => accepted.includes(t))) {
    throw new AppError('file.badType', ErrorCode.validation, 200, { name, types: accepted.join(', ').toUpperCase() });
  }
  const now = deps.now();
  // The content and its record in one transaction (with the database storage, one unit; on disk, the
  // file is removed again when the record fails).
  let written: string | null = null;
  const { stored, id } = await deps.db
    .transaction()
    .execute(async (trx) => {
      const put = await deps.files.put(trx, b.merchantId, file.content);
      written = put.storageName;
      const fileId = await kycRepo.insertFile(trx, b.scope, {
        field,
        originalName: name,
        mime: MIME_OF[sniffed],
        size: put.size,
        sha256: put.sha256,
        storageName: put.storageName,
        adminId: b.adminId,
        now,
      });
      return { stored: put, id: fileId };
    })
    .catch(async (error: unknown) => {
      if (written) await deps.files.remove(deps.db, written);
      throw error;
    });
  return {
    fileId: id,
    field,
    name,
    mime: MIME_OF[sniffed],
    size: stored.size,
    sha256: stored.sha256,
    uploadedAt: toIso(now),
    storageName: stored.storageName,
  };
}

/** Undoes the files of a request that failed part-way: no half-finished uploads are left behind. */
export async function discardFiles(
  deps: OnboardingDeps,
  b: OwnedBusiness,
  files: { fileId: number; storageName: string }[],
): Promise<void> {
  await kycRepo.deleteFileRows(
    deps.db,
    b.scope,
    files.map((f) => f.fileId),
  );
  for (const f of files) await deps.files.remove(deps.db, f.storageName);
}

/** Profile uploads are closed once the profile is submitted; additional documents are open at any time. */
export async function checkUploadAllowed(deps: OnboardingDeps, b: OwnedBusiness, field: TKycFileField): Promise<void> {
  if (field === 'additionalDocuments') return;
  const profile = await kycRepo.findProfileOrBlank(deps.db, b.scope);
  if (!isEditable(profile.review_state)) throw businessError('kyc.locked');
}

export async function logUpload(
  deps: OnboardingDeps,
  session: SessionContext,
  b: OwnedBusiness,
  field: TKycFileField,
  count: number,
  ip: string,
) {
  await logSessionOperation(
    deps.db,
    { ...session, merchantId: b.merchantId, adminId: b.adminId },
    'kycUpload',
    `field=${field} files=${count}`,
    ip,
    deps.now(),
  );
}

export async function listAdditionalFiles(deps: OnboardingDeps, session: SessionContext, businessId: number): Promise<TKycFile[]> {
  const b = await requireOwnedBusiness(deps, session, businessId);
  return (await kycRepo.listFiles(deps.db, b.scope, 'additionalDocuments')).map(toFile);
}

/** A file of a business the person owns, with its content. */
export async function openKycFile(deps: OnboardingDeps, session: SessionContext, fileId: number) {
  const owner = await kycRepo.findFileMerchant(deps.db, fileId);
  if (!owner) throw notFoundError();
  const b = await requireOwnedBusiness(deps, session, owner.merchant_id);
  const file = await kycRepo.getFile(deps.db, b.scope, fileId);
  if (!file) throw notFoundError();
  const content = await deps.files.get(deps.db, file.storage_name);
  if (!content) throw notFoundError();
  return { file, content };
}

export async function deleteKycFile(deps: OnboardingDeps, session: SessionContext, businessId: number, fileId: number, ip: string) {
  const b = await requireOwnedBusiness(deps, session, businessId);
  const file = await kycRepo.getFile(deps.db, b.scope, fileId);
  if (!file) throw notFoundError();
  // Additional documents are evidence handed to the reviewer: they stay.
  if (file.field === 'additionalDocuments') throw businessError('kyc.locked');
  const now = deps.now();
  const profile = await kycRepo.findProfileOrBlank(deps.db, b.scope);
  if (!isEditable(profile.review_state)) throw businessError('kyc.locked');
  await kycRepo.softDeleteFile(deps.db, b.scope, fileId, now);
  // The record stays for the history; the content goes from the storage.
  await deps.files.remove(deps.db, file.storage_name);
  // The draft stops referring to it, so the form does not show a file that is gone.
  const draft = parseDraft(profile.draft_json);
  if (draft.business?.documentFileIds) draft.business.documentFileIds = draft.business.documentFileIds.filter((id) => id !== fileId);
  for (const o of draft.owners ?? []) if (o.idPhotoFileIds) o.idPhotoFileIds = o.idPhotoFileIds.filter((id) => id !== fileId);
  await kycRepo.saveDraft(deps.db, b.scope, JSON.stringify(draft), now);
  await logSessionOperation(
    deps.db,
    { ...session, merchantId: b.merchantId, adminId: b.adminId },
    'kycDeleteFile',
    `fileId=${fileId}`,
    ip,
    now,
  );
}

/** Checks every §5 rule on the saved draft and moves the profile to "under review". */
export async function submitKyc(deps: OnboardingDeps, session: SessionContext, businessId: number, ip: string): Promise<TKycStatus> {
  const b = await requireOwnedBusiness(deps, session, businessId);
  const now = deps.now();
  const profile = await kycRepo.findProfileOrBlank(deps.db, b.scope);
  if (!isEditable(profile.review_state)) throw businessError('kyc.alreadySubmitted');
  const checked = checkKycProfile(parseDraft(profile.draft_json), dateInZone(now, BUSINESS_DAY_TIMEZONE));
  await checkFileRefs(deps, b.scope, checked);
  if (!(await kycRepo.submitProfile(deps.db, b.scope, JSON.stringify(checked), session.personId ?? 0, now))) {
    throw businessError('kyc.alreadySubmitted');
  }
  await logSessionOperation(deps.db, { ...session, merchantId: b.merchantId, adminId: b.adminId }, 'kycSubmit', '', ip, now);
  return getKycStatus(deps, session, businessId);
}
