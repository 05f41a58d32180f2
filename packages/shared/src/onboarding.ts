/**
 * Onboarding and identity: request and response schemas of the calls in `OnboardingPath` (the KYC calls
 * are in kyc.ts). Every response is the usual `{code, msg, data}` envelope; below, "-> X" names
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
 */
import { z } from 'zod';
import { VERIFICATION_CODE_LENGTH } from './limits';
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
  /** A locked account: the code, with the password, unlocks it (sign-in-unlock.ts). */
  'unlock',
  /** The fresh check before money moves (passkeys.ts): a code to the signed-in admin's own address. */
  'freshCheck',
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
