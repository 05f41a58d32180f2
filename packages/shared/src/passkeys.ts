/**
 * Passkeys (WebAuthn) and the fresh check before money moves (issue 50 §1-2; server README in
 * domains/auth). The browser does the ceremony with @simplewebauthn/browser; the server keeps only the
 * public half of each credential.
 *
 * Passkey sign-in: passkeySignInOptions -> navigator.credentials.get (a discoverable credential: no
 * login name typed) -> passkeySignIn {merchantNo, response} -> ZLoginResult. The merchant number
 * scopes the look-up: a credential of another merchant is refused as an unknown one.
 */
import { z } from 'zod';
import { ZVerificationCode } from './onboarding';

/** How a session was opened; the operation log records it beside each entry. */
export const AUTH_METHODS = [
  'password',
  /** Password, then the second step by a code. Unlock by password and code too. */
  'password_code',
  /** Password, then the second step by a passkey. */
  'password_passkey',
  /** Sign-in (or sign-up) by a code sent to the email or mobile. */
  'code',
  'passkey',
  /** Customer service's one-time ticket (sys_admin sessions). */
  'sso',
  /** Accepting an invitation: its link plus the password chosen there. */
  'invitation',
  /** The session a report schedule's run opens for its owner. */
  'scheduled',
] as const;
export type TAuthMethod = (typeof AUTH_METHODS)[number];

/** The envelope code of a refusal for want of a fresh check (the web opens its prompt on it). */
export const FRESH_CHECK_CODE = 1428;
/** A check older than this asks again before money moves. */
export const FRESH_CHECK_MAX_AGE_MS = 5 * 60_000;
/** Default refund threshold (whole units of the refund's currency) above which a refund asks for a fresh check. */
export const DEFAULT_REFUND_CHECK_THRESHOLD = 1000;

export const PasskeyPath = {
  list: '/auth/passkeys',
  registerOptions: '/auth/passkeys/registerOptions',
  register: '/auth/passkeys/register',
  remove: '/auth/passkeys/remove',
  signInOptions: '/auth/passkeys/signInOptions',
  signIn: '/auth/passkeys/signIn',
  /** Options for an assertion by the session's own passkeys: the second step and the fresh check. */
  checkOptions: '/auth/passkeys/checkOptions',
  /** Second step with a passkey instead of a code (session with the second step pending). */
  twoFactor: '/auth/passkeys/twoFactor',
  freshCheckSendCode: '/auth/freshCheck/sendCode',
  freshCheck: '/auth/freshCheck',
  securitySettings: '/auth/securitySettings',
  saveSecuritySettings: '/auth/securitySettings/save',
} as const;

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/);

/** What the browser library hands back after navigator.credentials.create (RegistrationResponseJSON). */
export const ZRegistrationResponse = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16384),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.object({}).catchall(z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** What the browser library hands back after navigator.credentials.get (AuthenticationResponseJSON). */
export const ZAuthenticationResponse = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(2048),
    userHandle: b64url(512).optional(),
  }),
  clientExtensionResults: z.object({}).catchall(z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type TAuthenticationResponse = z.infer<typeof ZAuthenticationResponse>;

/** Options for navigator.credentials.create/get as the browser library takes them (opaque to the web app). */
export const ZWebAuthnOptions = z.object({ challenge: z.string() }).catchall(z.unknown());
export type TWebAuthnOptions = z.infer<typeof ZWebAuthnOptions>;

export const ZPasskeyName = z.string().trim().min(1).max(60);

export const ZPasskeyRegisterBody = z.object({ name: ZPasskeyName, response: ZRegistrationResponse });
export type TPasskeyRegisterBody = z.infer<typeof ZPasskeyRegisterBody>;

export const ZPasskey = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
});
export type TPasskey = z.infer<typeof ZPasskey>;
export const ZPasskeyList = z.array(ZPasskey);

export const ZPasskeyIdBody = z.object({ id: z.coerce.number().int().positive() });

export const ZPasskeySignInBody = z.object({
  merchantNo: z.string().trim().min(1).max(20).regex(/^\d+$/),
  response: ZAuthenticationResponse,
});
export type TPasskeySignInBody = z.infer<typeof ZPasskeySignInBody>;

export const ZPasskeyAssertionBody = z.object({ response: ZAuthenticationResponse });

export const FRESH_CHECK_CHANNELS = ['sms', 'email'] as const;
export const ZFreshCheckSendCodeBody = z.object({ channel: z.enum(FRESH_CHECK_CHANNELS) });

/** Passing the fresh check: a passkey assertion, or the code sent by freshCheckSendCode. */
export const ZFreshCheckBody = z.union([
  z.object({ method: z.literal('passkey'), response: ZAuthenticationResponse }),
  z.object({ method: z.literal('code'), channel: z.enum(FRESH_CHECK_CHANNELS), code: ZVerificationCode }),
]);
export type TFreshCheckBody = z.infer<typeof ZFreshCheckBody>;

/** When the check passed (ms). */
export const ZFreshCheckResult = z.object({ checkedAt: z.number().int() });

export const ZSecuritySettings = z.object({
  /** Whole units of the refund's currency; refunds above it ask for a fresh check. 0: every refund asks. */
  refundCheckThreshold: z.number().int().min(0),
  /** Ways the fresh-check prompt can offer: a passkey when the admin has one, codes to the addresses on file. */
  canPasskey: z.boolean(),
  codeChannels: z.array(z.enum(FRESH_CHECK_CHANNELS)),
});
export type TSecuritySettings = z.infer<typeof ZSecuritySettings>;

export const ZSaveSecuritySettingsBody = z.object({ refundCheckThreshold: z.coerce.number().int().min(0).max(1_000_000_000) });
