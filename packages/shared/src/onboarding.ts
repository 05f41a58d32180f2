/**
 * Onboarding and identity: request and response schemas of the calls in `OnboardingPath`, and the
 * KYC enumerations. Every response is the usual `{code, msg, data}` envelope; below, "-> X" names
 * the schema of `data`. Calls that open a session answer `ZLoginResult` (same fields as admin/login).
 *
 * Flows (call sequences):
 * - Register: captchaSms {purpose:'signup', channel:'sms', target: mobile} -> signUp {email, mobile,
 *   smsCode, password, confirmPassword, ...} -> ZLoginResult (new business, not activated,
 *   isInitialLogin 1) and a verification mail to the email. The link opens
 *   `/verifyEmail?token=...` -> verifyEmail {token}. Expired link -> the §8 message; resendVerifyEmail {email}.
 * - Sign in by code: captchaSms {purpose:'signIn', channel:'email'|'sms', target} -> signIn {channel,
 *   target, code, businessId?} -> ZLoginResult. Email sign-in is refused while the email is not
 *   verified (also after an email change). With several businesses and no businessId, kycInfo
 *   has selectedMerAdminId and currBusinessId null: the guard goes to /selectMerchant, which calls
 *   kyc/switchBusinessLogIn. A sign-in by SMS code counts as the second step; by email code or
 *   password it does not.
 * - Two-step: a session with requires2FA 1 -> sendCode {purpose:'twoFA'} -> twoFAVerify {code} ->
 *   ZLoginResult (a new token; the old one is revoked). Settings: sendCode {purpose:'twoFAToggle'}
 *   -> twoFAToggle {enabled, code}.
 * - Forgot password by email: resetPwdSendEmail {email} (always "sent") -> mail link
 *   `/resetPassword?token=...` (30 min, single use) -> resetPwd {token, newPassword, confirmPassword}.
 *   By SMS: resetPwdSendSms {mobile} -> resetPwdVerifySmsCode {mobile, code} -> {token} (10 min)
 *   -> resetPwd. A reset sets the password of every login of the person and ends all their sessions.
 * - Settings: accountInfo -> ZAccountInfo. Change email: sendCode {purpose:'changeEmail'} (to the
 *   mobile) -> changeEmail {newEmail, code}; the email is unverified until the link sent to the new
 *   address is opened. Change mobile: changePhoneSendSms {newMobile} -> changePhone {newMobile, code}.
 *   Remove account: sendCode {purpose:'removeAccount'} -> removeAccount {confirm:true, code}.
 * - New business: createNewBusiness {businessName?} -> ZLoginResult of the new business.
 * - Account upgrade (accountInfo.upgradeRequired): upgradeSendCode {channel:'email', target} and
 *   {channel:'sms', target} -> upgradeVerify {email, emailCode, mobile, smsCode} -> ZSessionInfo
 *   (same token, kycInfo now present).
 * - Invitation: invite {email, roleId, ...} (permission Admin:Invite) -> mail link
 *   `/acceptInvitation?token=...` (7 days) -> invitationInfo ?token -> acceptInvitation {token, name,
 *   password, confirmPassword} -> ZLoginResult. Expired -> the §8 message.
 * - SSO: `npm run ops -- sso:ticket` prints `/sso?ticket=...` (60 s, single use) ->
 *   loginBySysAdmin {ticket} -> ZLoginResult with userInfo.sysAdmin true.
 * - KYC (every call names its businessId; another person's business answers "not found"):
 *   kycStatus ?businessId -> ZKycStatus (for /activate); kycDraft ?businessId -> ZKycDraft;
 *   kycSaveDraft {businessId, step, data} (any time before submission, partial data allowed);
 *   kycUpload multipart (businessId, field, files...) -> ZKycFile[]; kycFile GET (?inline=1 to
 *   preview); kycDeleteFile {businessId, fileId}; kycSubmit {businessId} -> ZKycStatus
 *   (reviewState 'underReview'). Additional documents: uploadAdditional/:businessId multipart
 *   (files...) -> ZKycFile[]; additionalFiles/:businessId -> ZKycFile[].
 */
import { z } from 'zod';
import { FILE_MAX_BYTES, FILE_MAX_COUNT, VERIFICATION_CODE_LENGTH } from './limits';
import { checkPassword } from './password';

// ---------------------------------------------------------------------------------------------
// Common fields

const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** E.164: a plus, the country code and the number, digits only (e.g. +85291234567). */
export const MOBILE_RE = /^\+[1-9]\d{6,14}$/;
const CODE_RE = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

export const ZEmail = z.string().trim().toLowerCase().min(1).max(254).regex(EMAIL_RE);
export const ZMobile = z.string().trim().min(1).max(16).regex(MOBILE_RE);
export const ZVerificationCode = z.string().trim().min(1).regex(CODE_RE);
/** Link tokens, reset tokens and SSO tickets: 43 base64url characters. */
export const ZLinkToken = z.string().trim().min(1).max(128);

const ZNewPassword = z.string().refine((v) => checkPassword(v) === null, { message: 'password.rule' });

// ---------------------------------------------------------------------------------------------
// Verification codes

/** Seconds a code stays valid, before another may be sent to the same destination and purpose. */
export const CODE_TTL_SECONDS = 600;
export const CODE_RESEND_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;

export const CODE_PURPOSES = [
  'signup',
  'signIn',
  'twoFA',
  'changePhone',
  'changeEmail',
  'resetPwd',
  'removeAccount',
  'twoFAToggle',
  'upgrade',
] as const;
export type TCodePurpose = (typeof CODE_PURPOSES)[number];

export const CODE_CHANNELS = ['sms', 'email'] as const;
export type TCodeChannel = (typeof CODE_CHANNELS)[number];

/** Purposes the public captchaSms call sends codes for (the rest have their own calls). */
export const PUBLIC_CODE_PURPOSES = ['signup', 'signIn'] as const;
/** Purposes of the signed-in sendCode call: the code goes to the person's own mobile (or email). */
export const SESSION_CODE_PURPOSES = ['twoFA', 'twoFAToggle', 'changeEmail', 'removeAccount'] as const;

/**
 * captchaSms: a code for sign-up (to the mobile being registered; channel sms only) or for
 * sign-in (to a registered email or mobile; an unknown destination answers the same as a known one
 * but nothing is sent).
 */
export const ZCaptchaBody = z.object({
  purpose: z.enum(PUBLIC_CODE_PURPOSES),
  channel: z.enum(CODE_CHANNELS),
  target: z.string().trim().min(1).max(254),
});
export type TCaptchaBody = z.infer<typeof ZCaptchaBody>;

export const ZSendCodeBody = z.object({
  purpose: z.enum(SESSION_CODE_PURPOSES),
  /** Default sms; email when the person has no mobile. */
  channel: z.enum(CODE_CHANNELS).optional(),
});
export type TSendCodeBody = z.infer<typeof ZSendCodeBody>;

export const ZCodeSent = z.object({
  channel: z.enum(CODE_CHANNELS),
  /** The destination, partly masked (`+852****4567`, `ow***@example.com`). */
  sentTo: z.string(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export type TCodeSent = z.infer<typeof ZCodeSent>;

// ---------------------------------------------------------------------------------------------
// Sign-up and sign-in

export const ZSignUpBody = z
  .object({
    email: ZEmail,
    mobile: ZMobile,
    /** The code captchaSms sent to `mobile` for purpose signup. */
    smsCode: ZVerificationCode,
    password: ZNewPassword,
    confirmPassword: z.string(),
    /** The person's name; optional. */
    name: z.string().trim().max(64).optional(),
    /** Trading name of the first business; the email is used when empty. Replaced by the legal name on approval. */
    businessName: z.string().trim().max(128).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'password.mismatch', path: ['confirmPassword'] });
export type TSignUpBody = z.infer<typeof ZSignUpBody>;

export const ZSignInBody = z.object({
  channel: z.enum(CODE_CHANNELS),
  /** Email (channel email) or E.164 mobile (channel sms). */
  target: z.string().trim().min(1).max(254),
  code: ZVerificationCode,
  /** Business to open; absent with several businesses leaves the choice to /selectMerchant. */
  businessId: z.coerce.number().int().positive().optional(),
});
export type TSignInBody = z.infer<typeof ZSignInBody>;

export const ZCreateBusinessBody = z.object({ businessName: z.string().trim().max(128).optional() });
export type TCreateBusinessBody = z.infer<typeof ZCreateBusinessBody>;

export const ZSsoLoginBody = z.object({ ticket: ZLinkToken });
export type TSsoLoginBody = z.infer<typeof ZSsoLoginBody>;

// ---------------------------------------------------------------------------------------------
// Email verification

export const ZVerifyEmailBody = z.object({ token: ZLinkToken });
export type TVerifyEmailBody = z.infer<typeof ZVerifyEmailBody>;
export const ZVerifyEmailResult = z.object({ email: z.string() });
export type TVerifyEmailResult = z.infer<typeof ZVerifyEmailResult>;

/** Always answers success (nothing is sent for an unknown or already verified address). */
export const ZResendVerifyEmailBody = z.object({ email: ZEmail });
export type TResendVerifyEmailBody = z.infer<typeof ZResendVerifyEmailBody>;

/** Link lifetimes. */
export const EMAIL_VERIFY_TTL_HOURS = 24;
export const RESET_LINK_TTL_MINUTES = 30;
export const RESET_TOKEN_TTL_MINUTES = 10;
export const INVITATION_TTL_DAYS = 7;
export const SSO_TICKET_TTL_SECONDS = 60;

// ---------------------------------------------------------------------------------------------
// Password reset

export const ZResetPwdSendEmailBody = z.object({ email: ZEmail });
export type TResetPwdSendEmailBody = z.infer<typeof ZResetPwdSendEmailBody>;

export const ZResetPwdSendSmsBody = z.object({ mobile: ZMobile });
export type TResetPwdSendSmsBody = z.infer<typeof ZResetPwdSendSmsBody>;

export const ZResetPwdVerifySmsBody = z.object({ mobile: ZMobile, code: ZVerificationCode });
export type TResetPwdVerifySmsBody = z.infer<typeof ZResetPwdVerifySmsBody>;

export const ZResetToken = z.object({ token: z.string(), expiresInSeconds: z.number().int() });
export type TResetToken = z.infer<typeof ZResetToken>;

export const ZResetPwdBody = z
  .object({ token: ZLinkToken, newPassword: ZNewPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'password.mismatch', path: ['confirmPassword'] });
export type TResetPwdBody = z.infer<typeof ZResetPwdBody>;

// ---------------------------------------------------------------------------------------------
// Two-step verification and settings

export const ZTwoFAVerifyBody = z.object({ code: ZVerificationCode });
export type TTwoFAVerifyBody = z.infer<typeof ZTwoFAVerifyBody>;

export const ZTwoFAToggleBody = z.object({ enabled: z.boolean(), code: ZVerificationCode });
export type TTwoFAToggleBody = z.infer<typeof ZTwoFAToggleBody>;

export const ZAccountInfo = z.object({
  /** true: an old merchant-number account without a person; it must add and verify email and mobile. */
  upgradeRequired: z.boolean(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  mobile: z.string(),
  twoFAEnabled: z.boolean(),
  /** zhCn, zhHk or en: the language of the mails and SMS the person receives. */
  language: z.string(),
});
export type TAccountInfo = z.infer<typeof ZAccountInfo>;

export const ZChangeEmailBody = z.object({ newEmail: ZEmail, code: ZVerificationCode });
export type TChangeEmailBody = z.infer<typeof ZChangeEmailBody>;

export const ZChangePhoneSendSmsBody = z.object({ newMobile: ZMobile });
export type TChangePhoneSendSmsBody = z.infer<typeof ZChangePhoneSendSmsBody>;

export const ZChangePhoneBody = z.object({ newMobile: ZMobile, code: ZVerificationCode });
export type TChangePhoneBody = z.infer<typeof ZChangePhoneBody>;

export const ZRemoveAccountBody = z.object({ confirm: z.literal(true), code: ZVerificationCode });
export type TRemoveAccountBody = z.infer<typeof ZRemoveAccountBody>;

export const ZUpgradeSendCodeBody = z.object({ channel: z.enum(CODE_CHANNELS), target: z.string().trim().min(1).max(254) });
export type TUpgradeSendCodeBody = z.infer<typeof ZUpgradeSendCodeBody>;

export const ZUpgradeVerifyBody = z.object({
  email: ZEmail,
  emailCode: ZVerificationCode,
  mobile: ZMobile,
  smsCode: ZVerificationCode,
});
export type TUpgradeVerifyBody = z.infer<typeof ZUpgradeVerifyBody>;

// ---------------------------------------------------------------------------------------------
// Invitations

export const ZInviteBody = z.object({
  email: ZEmail,
  /** A role of the inviter's merchant; only an administrator may grant the administrator role. */
  roleId: z.coerce.number().int().positive(),
  name: z.string().trim().max(64).optional(),
  /** Gateways the new administrator is limited to; absent or empty: every gateway. */
  gatewayNos: z
    .array(z.string().regex(/^\d{1,20}$/))
    .max(100)
    .optional(),
  mayViewAccount: z.boolean().optional(),
});
export type TInviteBody = z.infer<typeof ZInviteBody>;

export const ZInvitation = z.object({
  adminId: z.number().int(),
  email: z.string(),
  loginName: z.string(),
  /** ISO 8601 UTC */
  expiresAt: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZResendInvitationBody = z.object({ adminId: z.coerce.number().int().positive() });
export type TResendInvitationBody = z.infer<typeof ZResendInvitationBody>;

export const ZInvitationTokenQuery = z.object({ token: ZLinkToken });
export type TInvitationTokenQuery = z.infer<typeof ZInvitationTokenQuery>;

export const ZInvitationInfo = z.object({
  merchantNo: z.string(),
  merchantName: z.string(),
  email: z.string(),
  /** The login name to use with the merchant number on the login page (the email). */
  loginName: z.string(),
  expiresAt: z.string(),
});
export type TInvitationInfo = z.infer<typeof ZInvitationInfo>;

export const ZAcceptInvitationBody = z
  .object({
    token: ZLinkToken,
    name: z.string().trim().min(1).max(64),
    password: ZNewPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'password.mismatch', path: ['confirmPassword'] });
export type TAcceptInvitationBody = z.infer<typeof ZAcceptInvitationBody>;

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
