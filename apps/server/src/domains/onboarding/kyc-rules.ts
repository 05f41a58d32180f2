import { ErrorCode } from '@mbo/shared/envelope';
import {
  ADDITIONAL_INDUSTRY_THRESHOLD_PERCENT,
  BENEFICIARY_ROLES,
  BENEFICIARY_THRESHOLD_PERCENT,
  DIRECTOR_ROLES,
  KYC_STEPS,
  REFUSED_ENTITY_TYPES,
  ZKycProfile,
  type TKycProfile,
} from '@mbo/shared/kyc';
import { AppError, businessError } from '../../platform/errors';
import { parseDate } from '../../platform/time';

/*
 * The spec §5 rules a KYC profile must meet before it is submitted. The shared schema carries the
 * field rules (required, formats, shop-site checklist, declaration); the cross-field rules are here.
 * Each failure is one translated message naming the step and the field.
 */

function incomplete(step: string, field: string): AppError {
  const stepKey = (KYC_STEPS as readonly string[]).includes(step) ? `kyc.step.${step}` : 'kyc.step.business';
  return new AppError('kyc.incomplete', ErrorCode.validation, 200, {}, { step: stepKey, field: `field.${field}` });
}

/** Checks only what a draft must never hold: an entity type that is refused outright. */
export function checkEntityType(entityType: string | undefined): void {
  if (entityType !== undefined && (REFUSED_ENTITY_TYPES as readonly string[]).includes(entityType))
    throw businessError('kyc.soleProprietor');
}

function isPastDate(value: string, today: string): boolean {
  return parseDate(value) !== null && value <= today;
}

/** The profile, fully checked; throws the first problem found. `today` is YYYY-MM-DD. */
export function checkKycProfile(data: unknown, today: string): TKycProfile {
  const draft = (typeof data === 'object' && data !== null ? data : {}) as { business?: { entityType?: string } };
  checkEntityType(draft.business?.entityType);

  const parsed = ZKycProfile.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).map(String);
    const step = path[0] ?? 'business';
    if (step === 'declaration') throw businessError('kyc.declaration');
    if (path.includes('checklist')) throw businessError('kyc.shopChecklist');
    const field = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? step;
    throw incomplete(step, field);
  }
  const p = parsed.data;

  if (p.business.entityType === 'company' && !p.business.crn) throw businessError('kyc.crnRequired');
  if (!isPastDate(p.business.formationDate, today)) {
    throw new AppError('kyc.dateInvalid', ErrorCode.validation, 200, {}, { field: 'field.formationDate' });
  }

  const ind = p.industry;
  if (ind.hasAdditionalIndustry) {
    const share = ind.additionalIndustryShare ?? 0;
    if (
      !ind.additionalIndustry ||
      ind.additionalIndustry === ind.mainIndustry ||
      share <= ADDITIONAL_INDUSTRY_THRESHOLD_PERCENT ||
      ind.mainIndustryShare + share > 100
    ) {
      throw businessError('kyc.additionalIndustry');
    }
  } else if ((ind.additionalIndustryShare ?? 0) > ADDITIONAL_INDUSTRY_THRESHOLD_PERCENT) {
    throw businessError('kyc.additionalIndustry');
  }

  let total = 0;
  for (const owner of p.owners) {
    if (!isPastDate(owner.dateOfBirth, today)) {
      throw new AppError('kyc.dateInvalid', ErrorCode.validation, 200, {}, { field: 'field.dateOfBirth' });
    }
    total += owner.ownershipPercent;
    if (owner.ownershipPercent >= BENEFICIARY_THRESHOLD_PERCENT && !owner.roles.some((r) => BENEFICIARY_ROLES.includes(r))) {
      throw businessError('kyc.beneficiaryRole', { name: `${owner.firstName} ${owner.lastName}`, percent: owner.ownershipPercent });
    }
  }
  if (total > 100) throw businessError('kyc.ownershipTotal');
  if (!p.owners.some((o) => o.roles.some((r) => DIRECTOR_ROLES.includes(r)))) throw businessError('kyc.noDirector');
  if (!p.owners.some((o) => o.roles.includes('applicant'))) throw businessError('kyc.noApplicant');
  return p;
}

/** File ids a profile or draft refers to, by the upload field they must come from. */
export function referencedFiles(data: { business?: { documentFileIds?: number[] }; owners?: { idPhotoFileIds?: number[] }[] }): {
  businessDocuments: number[];
  idPhotos: number[];
} {
  return {
    businessDocuments: data.business?.documentFileIds ?? [],
    idPhotos: (data.owners ?? []).flatMap((o) => o.idPhotoFileIds ?? []),
  };
}
