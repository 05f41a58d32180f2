import type { Dayjs } from 'dayjs';
import { BUSINESS_DAY_TIMEZONE } from '@mbo/shared/timezones';
import {
  KYC_FILE_MAX_COUNT,
  type TKycBankDraft,
  type TKycBusinessDraft,
  type TKycDeclarationDraft,
  type TKycDraft,
  type TKycDraftData,
  type TKycIndustryDraft,
  type TKycOwnerDraft,
  type TKycSaveDraftBody,
  type TKycStep,
} from '@mbo/shared/kyc';
import { dayjs } from '../../../platform/dayjs';
import { inZone } from '../../../platform/zone-clock';

/*
 * Form values <-> draft data. The forms hold dates as dayjs values and may hold empty strings,
 * nulls from cleared pickers and untrimmed text; drafts hold `YYYY-MM-DD` strings and leave out
 * what is empty.
 */

export const DATE_FORMAT = 'YYYY-MM-DD';

type TWithDate<T, K extends keyof T> = Omit<T, K> & { [P in K]?: Dayjs | null };

export type TBusinessValues = TWithDate<TKycBusinessDraft, 'formationDate'>;
export type TIndustryValues = TKycIndustryDraft;
export type TBankValues = TKycBankDraft;
export type TOwnerValues = TWithDate<TKycOwnerDraft, 'dateOfBirth'>;
export type TOwnersValues = { owners?: TOwnerValues[] };
export type TDeclarationValues = TKycDeclarationDraft;

/** Today in the business-day timezone the server checks dates against (YYYY-MM-DD). */
export function businessToday(now: Date = new Date()): string {
  return inZone(dayjs(now), BUSINESS_DAY_TIMEZONE).format(DATE_FORMAT);
}

function toDate(value: string | undefined): Dayjs | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : undefined;
}

function fromDate(value: Dayjs | null | undefined): string | undefined {
  return value && value.isValid() ? value.format(DATE_FORMAT) : undefined;
}

/** Trims text, drops empty text, nulls and undefined; keeps numbers, booleans and arrays. */
function clean<T extends object>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed !== '') out[key] = trimmed;
      continue;
    }
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    out[key] = value;
  }
  return out as T;
}

export function businessToValues(d: TKycBusinessDraft | undefined): TBusinessValues {
  const { formationDate, ...rest } = d ?? {};
  return { ...rest, formationDate: toDate(formationDate), documentFileIds: d?.documentFileIds ?? [] };
}

export function businessFromValues(v: TBusinessValues): TKycBusinessDraft {
  const { formationDate, documentFileIds, ...rest } = v;
  return clean({ ...rest, formationDate: fromDate(formationDate), documentFileIds: documentFileIds ?? [] });
}

export function emptyWebsite(): NonNullable<TKycIndustryDraft['websites']>[number] {
  return { url: '', checklist: {} };
}

export function industryToValues(d: TKycIndustryDraft | undefined): TIndustryValues {
  const websites = d?.websites && d.websites.length > 0 ? d.websites : [emptyWebsite()];
  return { ...d, websites: websites.map((w) => ({ url: w.url ?? '', checklist: { ...w.checklist } })) };
}

export function industryFromValues(v: TIndustryValues): TKycIndustryDraft {
  const declared = v.hasAdditionalIndustry === true;
  const base = clean({
    ...v,
    // An undeclared additional industry is not kept: the answer "no" means there is none.
    additionalIndustry: declared ? v.additionalIndustry : undefined,
    additionalIndustryShare: declared ? v.additionalIndustryShare : undefined,
  });
  const websites = (v.websites ?? []).map((w) => {
    const checklist = clean({ ...w?.checklist });
    return clean({ url: w?.url, checklist });
  });
  return { ...base, websites };
}

export function bankToValues(d: TKycBankDraft | undefined): TBankValues {
  return { ...d };
}

export function bankFromValues(v: TBankValues): TKycBankDraft {
  const cleaned = clean(v);
  return cleaned.swiftCode ? { ...cleaned, swiftCode: cleaned.swiftCode.toUpperCase() } : cleaned;
}

export function emptyOwner(): TOwnerValues {
  return { roles: [], idPhotoFileIds: [] };
}

export function ownersToValues(d: readonly TKycOwnerDraft[] | undefined): TOwnersValues {
  const list = d && d.length > 0 ? d : [{}];
  return {
    owners: list.map(({ dateOfBirth, ...rest }) => ({
      ...rest,
      roles: rest.roles ?? [],
      idPhotoFileIds: rest.idPhotoFileIds ?? [],
      dateOfBirth: toDate(dateOfBirth),
    })),
  };
}

export function ownersFromValues(v: TOwnersValues): TKycOwnerDraft[] {
  return (v.owners ?? []).map((owner) => {
    const { dateOfBirth, roles, idPhotoFileIds, ...rest } = owner ?? {};
    return clean({ ...rest, dateOfBirth: fromDate(dateOfBirth), roles: roles ?? [], idPhotoFileIds: idPhotoFileIds ?? [] });
  });
}

export function declarationToValues(d: TKycDeclarationDraft | undefined): TDeclarationValues {
  return { allOwnersListed: d?.allOwnersListed === true, accepted: d?.accepted === true };
}

export function declarationFromValues(v: TDeclarationValues): TKycDeclarationDraft {
  return { allOwnersListed: v.allOwnersListed === true, accepted: v.accepted === true };
}

/** What a step's form starts with, from the saved draft. */
export function valuesOfStep(step: TKycStep, data: TKycDraftData): object {
  switch (step) {
    case 'business':
      return businessToValues(data.business);
    case 'industry':
      return industryToValues(data.industry);
    case 'bank':
      return bankToValues(data.bank);
    case 'owners':
      return ownersToValues(data.owners);
    case 'declaration':
      return declarationToValues(data.declaration);
  }
}

/** The save call for a step's current form values. */
export function saveBodyOf(step: TKycStep, businessId: number, values: object): TKycSaveDraftBody {
  switch (step) {
    case 'business':
      return { businessId, step, data: businessFromValues(values as TBusinessValues) };
    case 'industry':
      return { businessId, step, data: industryFromValues(values as TIndustryValues) };
    case 'bank':
      return { businessId, step, data: bankFromValues(values as TBankValues) };
    case 'owners':
      return { businessId, step, data: ownersFromValues(values as TOwnersValues) };
    case 'declaration':
      return { businessId, step, data: declarationFromValues(values as TDeclarationValues) };
  }
}

/** The draft with one step replaced, as the server will hold it after the save. */
export function withStep(data: TKycDraftData, body: TKycSaveDraftBody): TKycDraftData {
  return { ...data, [body.step]: body.data };
}

/**
 * Business documents uploaded in an earlier visit that was left before the step was saved: the
 * server holds them (and counts them toward the limit of 10) but the draft does not list them.
 * Returns the business step with them added back, or null when there are none.
 */
export function adoptUnsavedDocuments(draft: Pick<TKycDraft, 'data' | 'files' | 'editable'>): TKycBusinessDraft | null {
  if (!draft.editable) return null;
  const listed = draft.data.business?.documentFileIds ?? [];
  const unsaved = draft.files
    .filter((file) => file.field === 'businessDocuments' && !listed.includes(file.fileId))
    .map((file) => file.fileId);
  if (unsaved.length === 0) return null;
  return { ...draft.data.business, documentFileIds: [...listed, ...unsaved].slice(0, KYC_FILE_MAX_COUNT) };
}
