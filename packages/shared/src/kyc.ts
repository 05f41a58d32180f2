/**
 * Business verification (KYC): the enumerations of the wizard, its files, the complete profile the
 * submission needs, the drafts saved step by step, and the status /activate shows. The calls are in
 * `OnboardingPath`; every call names its businessId, and another person's business answers "not found":
 *   kycStatus ?businessId -> ZKycStatus (for /activate); kycDraft ?businessId -> ZKycDraft;
 *   kycSaveDraft {businessId, step, data} (any time before submission, partial data allowed);
 *   kycUpload multipart (businessId, field, files...) -> ZKycFile[]; kycFile GET (?inline=1 to
 *   preview); kycDeleteFile {businessId, fileId}; kycSubmit {businessId} -> ZKycStatus
 *   (reviewState 'underReview'). Additional documents: uploadAdditional/:businessId multipart
 *   (files...) -> ZKycFile[]; additionalFiles/:businessId -> ZKycFile[].
 */
import { z } from 'zod';
import { FILE_MAX_BYTES, FILE_MAX_COUNT } from './limits';

// ---------------------------------------------------------------------------------------------
// KYC enumerations (spec §4, §5, §9)

export const REGISTRATION_PLACES = ['CN', 'HK', 'GB'] as const;
export type TRegistrationPlace = (typeof REGISTRATION_PLACES)[number];

export const ENTITY_TYPES = ['company', 'partnership', 'soleProprietor'] as const;
export type TEntityType = (typeof ENTITY_TYPES)[number];
/** Offered in the form but refused on save and submit ("sole traders are not supported in your region"). */
export const REFUSED_ENTITY_TYPES: readonly TEntityType[] = ['soleProprietor'];

export const OWNER_ROLES = ['ownerDirector', 'owner', 'director', 'applicant'] as const;
export type TOwnerRole = (typeof OWNER_ROLES)[number];
/** Roles that count as a beneficial owner, and as a director. */
export const BENEFICIARY_ROLES: readonly TOwnerRole[] = ['ownerDirector', 'owner'];
export const DIRECTOR_ROLES: readonly TOwnerRole[] = ['ownerDirector', 'director'];

export const ID_TYPES = ['passport', 'driverLicence', 'identityCard'] as const;
export type TIdType = (typeof ID_TYPES)[number];

/** Monthly turnover bands in USD (spec §9), as codes; labels live in the web locales. */
export const TURNOVER_BANDS = ['lt50k', '50kTo100k', '100kTo250k', '250kTo500k', '500kTo1m', '1mTo5m', 'gt5m'] as const;
export type TTurnoverBand = (typeof TURNOVER_BANDS)[number];

/** Industry codes for the main and additional industry; labels live in the web locales. */
export const INDUSTRIES = [
  'apparel',
  'beauty',
  'electronics',
  'homeGarden',
  'sportsOutdoors',
  'toysHobbies',
  'foodBeverage',
  'healthWellness',
  'jewelryAccessories',
  'digitalGoods',
  'software',
  'travel',
  'education',
  'professionalServices',
  'other',
] as const;
export type TIndustry = (typeof INDUSTRIES)[number];

/** Settlement currencies a business may choose (a subset of the server's currency table). */
export const SETTLEMENT_CURRENCIES = ['USD', 'EUR', 'GBP', 'HKD', 'CNY'] as const;
export type TSettlementCurrency = (typeof SETTLEMENT_CURRENCIES)[number];

/** Spec §9: an owner at or above this share must be listed (and marked owner). */
export const BENEFICIARY_THRESHOLD_PERCENT = 25;
/** Spec §9: an additional industry above this share of revenue must be declared. */
export const ADDITIONAL_INDUSTRY_THRESHOLD_PERCENT = 40;
export const KYC_OWNERS_MAX = 10;
export const KYC_WEBSITES_MAX = 10;

export const KycReviewState = {
  notSubmitted: 'notSubmitted',
  underReview: 'underReview',
  rejected: 'rejected',
  approved: 'approved',
} as const;
export type TKycReviewState = (typeof KycReviewState)[keyof typeof KycReviewState];
export const KYC_REVIEW_STATES = ['notSubmitted', 'underReview', 'rejected', 'approved'] as const;

export const KYC_STEPS = ['business', 'industry', 'bank', 'owners', 'declaration'] as const;
export type TKycStep = (typeof KYC_STEPS)[number];

// ---------------------------------------------------------------------------------------------
// KYC files (spec §5: type checked from the content, at most FILE_MAX_BYTES each, FILE_MAX_COUNT per field)

export const KYC_FILE_FIELDS = ['businessDocuments', 'idPhotos', 'additionalDocuments'] as const;
export type TKycFileField = (typeof KYC_FILE_FIELDS)[number];

export const DOCUMENT_FILE_TYPES = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png', 'bmp'] as const;
export const IMAGE_FILE_TYPES = ['jpg', 'jpeg', 'png', 'bmp'] as const;
export type TKycFileType = (typeof DOCUMENT_FILE_TYPES)[number];

/** Extensions each field accepts (for the picker's `accept`; the server checks the content). */
export const KYC_FIELD_TYPES: Record<TKycFileField, readonly TKycFileType[]> = {
  businessDocuments: DOCUMENT_FILE_TYPES,
  idPhotos: IMAGE_FILE_TYPES,
  additionalDocuments: DOCUMENT_FILE_TYPES,
};
export const KYC_FILE_MAX_BYTES = FILE_MAX_BYTES;
export const KYC_FILE_MAX_COUNT = FILE_MAX_COUNT;
/** Stored id photos of one business across all owners (each owner still lists at most KYC_FILE_MAX_COUNT). */
export const KYC_ID_PHOTOS_MAX_STORED = FILE_MAX_COUNT * KYC_OWNERS_MAX;

export const ZKycFile = z.object({
  fileId: z.number().int(),
  field: z.enum(KYC_FILE_FIELDS),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** ISO 8601 UTC */
  uploadedAt: z.string(),
});
export type TKycFile = z.infer<typeof ZKycFile>;
export const ZKycFileList = z.array(ZKycFile);

/** Multipart text fields of kycUpload (sent before the files). */
export const ZKycUploadFields = z.object({
  businessId: z.coerce.number().int().positive(),
  field: z.enum(['businessDocuments', 'idPhotos']),
});
export type TKycUploadFields = z.infer<typeof ZKycUploadFields>;

export const ZBusinessIdQuery = z.object({ businessId: z.coerce.number().int().positive() });
export type TBusinessIdQuery = z.infer<typeof ZBusinessIdQuery>;
export const ZBusinessIdParams = ZBusinessIdQuery;

export const ZKycFileParams = z.object({ fileId: z.coerce.number().int().positive() });
export const ZKycFileQuery = z.object({ inline: z.stringbool().optional() });

export const ZKycDeleteFileBody = z.object({
  businessId: z.coerce.number().int().positive(),
  fileId: z.coerce.number().int().positive(),
});
export type TKycDeleteFileBody = z.infer<typeof ZKycDeleteFileBody>;

// ---------------------------------------------------------------------------------------------
// KYC profile: complete (submit) schemas; the server checks the same rules plus the cross-field ones

const COUNTRY = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/);
const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = (max: number) => z.string().trim().min(1).max(max);
const fileIds = z.array(z.number().int().positive()).min(1).max(FILE_MAX_COUNT);

export const ZKycBusiness = z.object({
  registrationPlace: z.enum(REGISTRATION_PLACES),
  entityType: z.enum(ENTITY_TYPES),
  legalName: text(200),
  registrationNumber: text(64),
  /** Company registration number (required for a company). */
  crn: z.string().trim().max(64).optional(),
  vatNumber: z.string().trim().max(64).optional(),
  registeredAddress: text(200),
  registeredAddress2: z.string().trim().max(200).optional(),
  city: text(100),
  postalCode: z.string().trim().max(20).optional(),
  /** YYYY-MM-DD */
  formationDate: DATE,
  documentFileIds: fileIds,
});
export type TKycBusiness = z.infer<typeof ZKycBusiness>;

export const ZShopChecklist = z.object({
  refundPolicy: z.literal(true),
  contactInfo: z.literal(true),
  termsOfService: z.literal(true),
  shippingPolicy: z.literal(true),
  testOrdersAllowed: z.literal(true),
});
export type TShopChecklist = z.infer<typeof ZShopChecklist>;
export const SHOP_CHECKLIST_ITEMS = ['refundPolicy', 'contactInfo', 'termsOfService', 'shippingPolicy', 'testOrdersAllowed'] as const;

export const ZKycWebsite = z.object({
  url: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .regex(/^https?:\/\/[^\s/$.?#].[^\s]*$/i),
  checklist: ZShopChecklist,
});
export type TKycWebsite = z.infer<typeof ZKycWebsite>;

export const ZKycIndustry = z.object({
  mainIndustry: z.enum(INDUSTRIES),
  /** Percent of revenue from the main industry, 1-100. */
  mainIndustryShare: z.number().int().min(1).max(100),
  /** true when another industry brings more than 40% of revenue: it must then be declared. */
  hasAdditionalIndustry: z.boolean(),
  additionalIndustry: z.enum(INDUSTRIES).optional(),
  additionalIndustryShare: z.number().int().min(1).max(100).optional(),
  productDescription: text(2000),
  websites: z.array(ZKycWebsite).min(1).max(KYC_WEBSITES_MAX),
  monthlyTurnover: z.enum(TURNOVER_BANDS),
});
export type TKycIndustry = z.infer<typeof ZKycIndustry>;

export const ZKycBank = z.object({
  bankName: text(200),
  accountHolder: text(200),
  accountNumber: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9 -]+$/),
  branch: z.string().trim().max(200).optional(),
  swiftCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/),
  settlementCurrency: z.enum(SETTLEMENT_CURRENCIES),
});
export type TKycBank = z.infer<typeof ZKycBank>;

export const ZKycOwner = z.object({
  roles: z.array(z.enum(OWNER_ROLES)).min(1).max(OWNER_ROLES.length),
  firstName: text(100),
  lastName: text(100),
  phone: z.string().trim().min(1).max(32),
  /** YYYY-MM-DD */
  dateOfBirth: DATE,
  /** ISO 3166-1 alpha-2 */
  nationality: COUNTRY,
  idIssueCountry: COUNTRY,
  idType: z.enum(ID_TYPES),
  idNumber: text(64),
  idPhotoFileIds: fileIds,
  /** Percent of the business owned, 0-100 (0 for a director or applicant who owns nothing). */
  ownershipPercent: z.number().min(0).max(100),
  address: text(200),
  city: text(100),
  state: z.string().trim().max(100).optional(),
  postalCode: z.string().trim().max(20).optional(),
});
export type TKycOwner = z.infer<typeof ZKycOwner>;

export const ZKycDeclaration = z.object({
  /** Every beneficiary of 25% or more and every director is listed. */
  allOwnersListed: z.literal(true),
  /** The applicant declaration is accepted. */
  accepted: z.literal(true),
});
export type TKycDeclaration = z.infer<typeof ZKycDeclaration>;

export const ZKycProfile = z.object({
  business: ZKycBusiness,
  industry: ZKycIndustry,
  bank: ZKycBank,
  owners: z.array(ZKycOwner).min(1).max(KYC_OWNERS_MAX),
  declaration: ZKycDeclaration,
});
export type TKycProfile = z.infer<typeof ZKycProfile>;

// ---------------------------------------------------------------------------------------------
// KYC drafts: the same fields, every one optional and strings possibly empty, saved step by step

const draftText = (max: number) => z.string().trim().max(max).optional();
const draftFileIds = z.array(z.number().int().positive()).max(FILE_MAX_COUNT).optional();

export const ZKycBusinessDraft = z.object({
  registrationPlace: z.enum(REGISTRATION_PLACES).optional(),
  entityType: z.enum(ENTITY_TYPES).optional(),
  legalName: draftText(200),
  registrationNumber: draftText(64),
  crn: draftText(64),
  vatNumber: draftText(64),
  registeredAddress: draftText(200),
  registeredAddress2: draftText(200),
  city: draftText(100),
  postalCode: draftText(20),
  formationDate: draftText(10),
  documentFileIds: draftFileIds,
});
export type TKycBusinessDraft = z.infer<typeof ZKycBusinessDraft>;

export const ZKycWebsiteDraft = z.object({
  url: draftText(300),
  checklist: z
    .object({
      refundPolicy: z.boolean().optional(),
      contactInfo: z.boolean().optional(),
      termsOfService: z.boolean().optional(),
      shippingPolicy: z.boolean().optional(),
      testOrdersAllowed: z.boolean().optional(),
    })
    .optional(),
});

export const ZKycIndustryDraft = z.object({
  mainIndustry: z.enum(INDUSTRIES).optional(),
  mainIndustryShare: z.number().int().min(0).max(100).optional(),
  hasAdditionalIndustry: z.boolean().optional(),
  additionalIndustry: z.enum(INDUSTRIES).optional(),
  additionalIndustryShare: z.number().int().min(0).max(100).optional(),
  productDescription: draftText(2000),
  websites: z.array(ZKycWebsiteDraft).max(KYC_WEBSITES_MAX).optional(),
  monthlyTurnover: z.enum(TURNOVER_BANDS).optional(),
});
export type TKycIndustryDraft = z.infer<typeof ZKycIndustryDraft>;

export const ZKycBankDraft = z.object({
  bankName: draftText(200),
  accountHolder: draftText(200),
  accountNumber: draftText(64),
  branch: draftText(200),
  swiftCode: draftText(11),
  settlementCurrency: z.enum(SETTLEMENT_CURRENCIES).optional(),
});
export type TKycBankDraft = z.infer<typeof ZKycBankDraft>;

export const ZKycOwnerDraft = z.object({
  roles: z.array(z.enum(OWNER_ROLES)).max(OWNER_ROLES.length).optional(),
  firstName: draftText(100),
  lastName: draftText(100),
  phone: draftText(32),
  dateOfBirth: draftText(10),
  nationality: draftText(2),
  idIssueCountry: draftText(2),
  idType: z.enum(ID_TYPES).optional(),
  idNumber: draftText(64),
  idPhotoFileIds: draftFileIds,
  ownershipPercent: z.number().min(0).max(100).optional(),
  address: draftText(200),
  city: draftText(100),
  state: draftText(100),
  postalCode: draftText(20),
});
export type TKycOwnerDraft = z.infer<typeof ZKycOwnerDraft>;

export const ZKycOwnersDraft = z.array(ZKycOwnerDraft).max(KYC_OWNERS_MAX);

export const ZKycDeclarationDraft = z.object({
  allOwnersListed: z.boolean().optional(),
  accepted: z.boolean().optional(),
});
export type TKycDeclarationDraft = z.infer<typeof ZKycDeclarationDraft>;

export const ZKycDraftData = z.object({
  business: ZKycBusinessDraft.optional(),
  industry: ZKycIndustryDraft.optional(),
  bank: ZKycBankDraft.optional(),
  owners: ZKycOwnersDraft.optional(),
  declaration: ZKycDeclarationDraft.optional(),
});
export type TKycDraftData = z.infer<typeof ZKycDraftData>;

/** Saves one step; the step's data replaces what the draft held for that step. */
export const ZKycSaveDraftBody = z.discriminatedUnion('step', [
  z.object({ businessId: z.coerce.number().int().positive(), step: z.literal('business'), data: ZKycBusinessDraft }),
  z.object({ businessId: z.coerce.number().int().positive(), step: z.literal('industry'), data: ZKycIndustryDraft }),
  z.object({ businessId: z.coerce.number().int().positive(), step: z.literal('bank'), data: ZKycBankDraft }),
  z.object({ businessId: z.coerce.number().int().positive(), step: z.literal('owners'), data: ZKycOwnersDraft }),
  z.object({ businessId: z.coerce.number().int().positive(), step: z.literal('declaration'), data: ZKycDeclarationDraft }),
]);
export type TKycSaveDraftBody = z.infer<typeof ZKycSaveDraftBody>;

export const ZKycDraft = z.object({
  businessId: z.number().int(),
  reviewState: z.enum(KYC_REVIEW_STATES),
  /** false once submitted (until a rejection reopens it). */
  editable: z.boolean(),
  data: ZKycDraftData,
  /** Files uploaded for this business (the draft refers to them by fileId). */
  files: ZKycFileList,
  /** ISO 8601 UTC, null before the first save. */
  updatedAt: z.string().nullable(),
});
export type TKycDraft = z.infer<typeof ZKycDraft>;

export const ZKycSubmitBody = z.object({ businessId: z.coerce.number().int().positive() });
export type TKycSubmitBody = z.infer<typeof ZKycSubmitBody>;

/** What /activate shows. */
export const ZKycStatus = z.object({
  businessId: z.number().int(),
  merchantNo: z.string(),
  businessName: z.string(),
  /** Merchant status (`MerchantStatus`); 40 is fully active. */
  businessStatus: z.number().int(),
  email: z.string(),
  emailVerified: z.boolean(),
  reviewState: z.enum(KYC_REVIEW_STATES),
  /** The reviewer's reason when reviewState is 'rejected', else empty. */
  rejectReason: z.string(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Review passed and at least one payment gateway is open. */
  gatewayOpened: z.boolean(),
});
export type TKycStatus = z.infer<typeof ZKycStatus>;
