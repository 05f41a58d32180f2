/**
 * API paths of onboarding and identity (register, sign-in by code, password reset, email
 * verification, two-step verification, settings, account upgrade, invitations, single sign-on and
 * KYC), below the `/v3api` base like `ApiPath`. The first group are the spec's own §7 paths; the
 * rest follow its `controller/action` style. `kyc/switchBusinessLogIn` stays in `ApiPath`.
 * The request and response schemas of each call are in `./onboarding`.
 */
export const OnboardingPath = {
  // Spec §7
  signUp: '/kyc/isc/signup',
  captchaSms: '/kyc/isc/captchaSms',
  signIn: '/kyc/isc/signIn',
  createNewBusiness: '/kyc/createNewBusiness',
  changePhoneSendSms: '/kyc/changePhone/sendSms',
  resetPwdSendEmail: '/kyc/isc/resetpwd/sendEmail',
  resetPwdSendSms: '/kyc/isc/resetpwd/sms',
  resetPwdVerifySmsCode: '/kyc/isc/resetPwd/verifySmsCode',
  resetPwd: '/kyc/isc/resetPwd',
  loginBySysAdmin: '/admin/login_by_sysadmin',

  // Email verification (public: the link is opened signed out as often as signed in)
  verifyEmail: '/kyc/isc/verifyEmail',
  resendVerifyEmail: '/kyc/isc/verifyEmail/resend',

  // Signed in: codes to the person's own mobile or email (two-step, 2FA on/off, change email, remove account)
  sendCode: '/kyc/sendCode',
  twoFAVerify: '/kyc/twoFA/verify',
  twoFAToggle: '/kyc/twoFA/toggle',

  // Settings
  accountInfo: '/kyc/account/info',
  changeEmail: '/kyc/changeEmail',
  changePhone: '/kyc/changePhone',
  removeAccount: '/kyc/removeAccount',

  // Account upgrade (an old merchant-number account adds and verifies email and mobile)
  upgradeSendCode: '/kyc/upgrade/sendCode',
  upgradeVerify: '/kyc/upgrade/verify',

  // Invitations
  invite: '/admin/invite',
  resendInvitation: '/admin/invite/resend',
  invitationInfo: '/admin/invitation/info',
  acceptInvitation: '/admin/invitation/accept',

  // KYC
  kycStatus: '/kyc/status',
  kycDraft: '/kyc/draft',
  kycSaveDraft: '/kyc/draft/save',
  kycUpload: '/kyc/file/upload',
  kycFile: '/kyc/file/:fileId',
  kycDeleteFile: '/kyc/file/delete',
  kycSubmit: '/kyc/submit',
  uploadAdditional: '/kyc/uploadAdditional/:businessId',
  additionalFiles: '/kyc/additionalFiles/:businessId',
} as const;

/**
 * Web pages the server's messages link to (`<APP_URL><path>?<param>=<token>`), so the web router
 * and the mail templates agree. `/sso` is the spec's own route.
 */
export const OnboardingLink = {
  verifyEmail: { path: '/verifyEmail', param: 'token' },
  resetPassword: { path: '/resetPassword', param: 'token' },
  acceptInvitation: { path: '/acceptInvitation', param: 'token' },
  sso: { path: '/sso', param: 'ticket' },
  activate: { path: '/activate', param: '' },
  /** Pages that notices point to: sign-in (a lock notice) and forgot password (someone registering with a known address). */
  signIn: { path: '/loginNew', param: '' },
  forgotPassword: { path: '/forgotPassword', param: '' },
} as const;

/** Fills `:name` segments of a path, e.g. `fillPath(OnboardingPath.kycFile, { fileId: 7 })`. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (whole, name: string) => (name in params ? encodeURIComponent(String(params[name])) : whole));
}
