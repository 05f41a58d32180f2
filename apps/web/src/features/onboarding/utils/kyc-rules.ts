import { z } from 'zod';
import {
  ADDITIONAL_INDUSTRY_THRESHOLD_PERCENT,
  BENEFICIARY_ROLES,
  BENEFICIARY_THRESHOLD_PERCENT,
  DIRECTOR_ROLES,
  KYC_OWNERS_MAX,
  KYC_STEPS,
  REFUSED_ENTITY_TYPES,
  ZKycBank,
  ZKycBusiness,
  ZKycDeclaration,
  ZKycIndustry,
  ZKycOwner,
  type TKycBankDraft,
  type TKycBusinessDraft,
  type TKycDeclarationDraft,
  type TKycDraftData,
  type TKycIndustryDraft,
  type TKycOwnerDraft,
  type TKycStep,
} from '@mbo/shared/kyc';

/*
 * The spec §5 KYC rules as the server checks them on submit (packages/shared ZKyc* schemas plus the
 * cross-field rules of the server's kyc-rules), expressed as issues the forms can show: each names
 * the form path it belongs to and a locale key under `kyc.error`. One source for the per-field
 * messages, the "next" check of a step and where a resumed wizard starts.
 */

export type TPath = readonly (string | number)[];
export type TIssue = { path: TPath; key: string; values?: Record<string, string | number> };

/** Loose phone format (digits with the usual separators); the server only limits the length. */
const PHONE_RE = /^\+?[\d\s()-]{5,32}$/;

const FORMAT_KEYS: Record<string, string> = {
  url: 'kyc.error.invalidUrl',
  accountNumber: 'kyc.error.invalidAccountNumber',
  swiftCode: 'kyc.error.invalidSwift',
  formationDate: 'kyc.error.invalidDate',
  dateOfBirth: 'kyc.error.invalidDate',
  nationality: 'kyc.error.required',
  idIssueCountry: 'kyc.error.required',
};

const NUMBER_RANGES: Record<string, { min: number; max: number }> = {
  mainIndustryShare: { min: 1, max: 100 },
  additionalIndustryShare: { min: 1, max: 100 },
  ownershipPercent: { min: 0, max: 100 },
};

const ARRAY_KEYS: Record<string, { empty: string; tooMany: string }> = {
  documentFileIds: { empty: 'kyc.error.filesRequired', tooMany: 'kyc.error.filesMax' },
  idPhotoFileIds: { empty: 'kyc.error.filesRequired', tooMany: 'kyc.error.filesMax' },
  websites: { empty: 'kyc.error.websitesRequired', tooMany: 'kyc.error.websitesMax' },
  owners: { empty: 'kyc.error.ownersRequired', tooMany: 'kyc.error.ownersMax' },
  roles: { empty: 'kyc.error.rolesRequired', tooMany: 'kyc.error.invalid' },
};

function valueAt(root: unknown, path: TPath): unknown {
  let node = root;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** The last named (non-index) segment: the field an issue is about. */
function fieldOf(path: TPath): string {
  for (let i = path.length - 1; i >= 0; i -= 1) if (typeof path[i] === 'string') return path[i] as string;
  return '';
}

function toIssue(issue: z.core.$ZodIssue, input: unknown, prefix: TPath): TIssue {
  const local = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const path = [...prefix, ...local];
  const field = fieldOf(path);
  const value = valueAt(input, local);
  if (path.includes('checklist')) return { path, key: 'kyc.error.checklistItem' };
  if (field === 'accepted') return { path, key: 'kyc.error.declaration' };
  if (field === 'allOwnersListed') return { path, key: 'kyc.error.allOwnersListed' };
  const arrayKeys = ARRAY_KEYS[field];
  if (arrayKeys && (Array.isArray(value) || value === undefined)) {
    if (issue.code === 'too_big') return { path, key: arrayKeys.tooMany, values: { max: Number(issue.maximum) } };
    if (isEmpty(value)) return { path, key: arrayKeys.empty };
  }
  if (isEmpty(value)) return { path, key: 'kyc.error.required' };
  const range = NUMBER_RANGES[field];
  if (range) {
    if (issue.code === 'invalid_type' && issue.expected === 'int') return { path, key: 'kyc.error.integer' };
    return { path, key: 'kyc.error.range', values: range };
  }
  if (issue.code === 'too_big' && issue.origin === 'string')
    return { path, key: 'kyc.error.tooLong', values: { max: Number(issue.maximum) } };
  if (issue.code === 'invalid_format') return { path, key: FORMAT_KEYS[field] ?? 'kyc.error.invalid' };
  return { path, key: 'kyc.error.invalid' };
}

function schemaIssues(schema: z.ZodType, input: unknown, prefix: TPath = []): TIssue[] {
  const result = schema.safeParse(input ?? {});
  return result.success ? [] : result.error.issues.map((issue) => toIssue(issue, input ?? {}, prefix));
}

/** `YYYY-MM-DD` dates compare as strings; the server takes "today" in its business-day timezone. */
function isFuture(date: string | undefined, today: string): boolean {
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) && date > today;
}

export function isRefusedEntityType(entityType: string | undefined): boolean {
  return entityType !== undefined && (REFUSED_ENTITY_TYPES as readonly string[]).includes(entityType);
}

export function checkBusiness(data: TKycBusinessDraft | undefined, today: string): TIssue[] {
  const d = data ?? {};
  if (isRefusedEntityType(d.entityType)) return [{ path: ['entityType'], key: 'kyc.error.soleProprietor' }];
  const issues = schemaIssues(ZKycBusiness, d);
  if (d.entityType === 'company' && isEmpty(d.crn)) issues.push({ path: ['crn'], key: 'kyc.error.crnRequired' });
  if (isFuture(d.formationDate, today)) issues.push({ path: ['formationDate'], key: 'kyc.error.futureDate' });
  return issues;
}

export function checkIndustry(data: TKycIndustryDraft | undefined): TIssue[] {
  const d = data ?? {};
  const issues = schemaIssues(ZKycIndustry, d);
  const threshold = ADDITIONAL_INDUSTRY_THRESHOLD_PERCENT;
  const share = d.additionalIndustryShare;
  if (d.hasAdditionalIndustry === true) {
    if (!d.additionalIndustry) issues.push({ path: ['additionalIndustry'], key: 'kyc.error.required' });
    else if (d.additionalIndustry === d.mainIndustry) issues.push({ path: ['additionalIndustry'], key: 'kyc.error.additionalSame' });
    if (share === undefined) issues.push({ path: ['additionalIndustryShare'], key: 'kyc.error.required' });
    else if (share <= threshold)
      issues.push({ path: ['additionalIndustryShare'], key: 'kyc.error.additionalShareLow', values: { threshold } });
    else if (d.mainIndustryShare !== undefined && d.mainIndustryShare + share > 100) {
      issues.push({ path: ['additionalIndustryShare'], key: 'kyc.error.shareTotal' });
    }
  } else if (share !== undefined && share > threshold) {
    issues.push({ path: ['hasAdditionalIndustry'], key: 'kyc.error.mustDeclare', values: { threshold } });
  }
  return issues;
}

export function checkBank(data: TKycBankDraft | undefined): TIssue[] {
  return schemaIssues(ZKycBank, data);
}

function hasRole(owner: TKycOwnerDraft, roles: readonly string[]): boolean {
  return (owner.roles ?? []).some((role) => roles.includes(role));
}

export function checkOwners(owners: readonly TKycOwnerDraft[] | undefined, today: string): TIssue[] {
  const list = owners ?? [];
  const issues = schemaIssues(z.array(ZKycOwner).min(1).max(KYC_OWNERS_MAX), list, ['owners']);
  let total = 0;
  list.forEach((owner, index) => {
    if (owner.phone && !isEmpty(owner.phone) && !PHONE_RE.test(owner.phone.trim())) {
      issues.push({ path: ['owners', index, 'phone'], key: 'kyc.error.invalidPhone' });
    }
    if (isFuture(owner.dateOfBirth, today)) issues.push({ path: ['owners', index, 'dateOfBirth'], key: 'kyc.error.futureDate' });
    const percent = owner.ownershipPercent ?? 0;
    total += percent;
    if (percent >= BENEFICIARY_THRESHOLD_PERCENT && !hasRole(owner, BENEFICIARY_ROLES)) {
      issues.push({
        path: ['owners', index, 'roles'],
        key: 'kyc.error.beneficiaryRole',
        values: { percent, threshold: BENEFICIARY_THRESHOLD_PERCENT },
      });
    }
  });
  if (list.length > 0) {
    if (total > 100) issues.push({ path: [], key: 'kyc.error.ownershipTotal' });
    if (!list.some((owner) => hasRole(owner, DIRECTOR_ROLES))) issues.push({ path: [], key: 'kyc.error.noDirector' });
    if (!list.some((owner) => hasRole(owner, ['applicant']))) issues.push({ path: [], key: 'kyc.error.noApplicant' });
  }
  return issues;
}

export function checkDeclaration(data: TKycDeclarationDraft | undefined): TIssue[] {
  return schemaIssues(ZKycDeclaration, data);
}

/** The issues of one step of the saved (or about to be saved) draft. */
export function checkStep(step: TKycStep, data: TKycDraftData, today: string): TIssue[] {
  switch (step) {
    case 'business':
      return checkBusiness(data.business, today);
    case 'industry':
      return checkIndustry(data.industry);
    case 'bank':
      return checkBank(data.bank);
    case 'owners':
      return checkOwners(data.owners, today);
    case 'declaration':
      return checkDeclaration(data.declaration);
  }
}

/**
 * Where a reopened wizard resumes: the first step whose saved data is not complete, or the review
 * step when the four data steps are. A draft never saved starts at the beginning.
 */
export function resumeStepIndex(data: TKycDraftData, today: string): number {
  const dataSteps = KYC_STEPS.filter((step) => step !== 'declaration');
  const index = dataSteps.findIndex((step) => checkStep(step, data, today).length > 0);
  return index === -1 ? KYC_STEPS.indexOf('declaration') : index;
}

export function samePath(a: TPath, b: TPath): boolean {
  return a.length === b.length && a.every((part, i) => String(part) === String(b[i]));
}
