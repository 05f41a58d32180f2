import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthenticatorTransport } from '@simplewebauthn/server';
import type { TLoginResult } from '@mbo/shared/auth';
import type { TAuthenticationResponse, TPasskey, TPasskeyRegisterBody, TPasskeySignInBody, TWebAuthnOptions } from '@mbo/shared/passkeys';
import { consumeActionToken, createActionToken, type ActionPurpose } from '../../platform/action-tokens';
import { writeLoginLog } from '../../platform/audit';
import { isUniqueViolation } from '../../db/errors';
import { businessError, notFoundError } from '../../platform/errors';
import { recordFreshCheck } from '../../platform/fresh-check';
import { looksLikeToken, type SessionContext } from '../../platform/session';
import * as repo from './passkey-repository';
import { findAccountForLogin } from './repository';
import { completeSignIn, reopenAfterSecondStep, type AuthDeps, type Client } from './service';

/*
 * Passkeys (issue 50 §1; README.md "Passkeys"). The relying party is APP_URL: its host name is the
 * rpID and its origin the only origin accepted. Each ceremony's challenge is a one-time action token
 * (platform/action-tokens.ts: 256 random bits, SHA-256 stored, 5 minutes, used up by the answer, counted
 * against the client address like any token), so any API node can check the answer.
 */

export type PasskeyDeps = AuthDeps & { appUrl: string };

const CHALLENGE_TTL_MS = 5 * 60_000;
export const MAX_PASSKEYS = 10;

export function relyingParty(appUrl: string) {
  const url = new URL(appUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'Merchant Back Office' };
}

/** The token behind the challenge the authenticator signed (clientDataJSON.challenge is base64url of the token's text). */
function tokenOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = typeof data === 'object' && data !== null && 'challenge' in data ? data.challenge : null;
    if (typeof challenge !== 'string') return null;
    const token = Buffer.from(challenge, 'base64url').toString('utf8');
    return looksLikeToken(token) ? token : null;
  } catch {
    return null;
  }
}

/** Uses up the challenge an answer signed: the token, its admin (null for sign-in) and the challenge as the library expects it. */
async function takeChallenge(deps: PasskeyDeps, purpose: ActionPurpose, clientDataJSON: string, client: Client) {
  const token = tokenOf(clientDataJSON);
  if (!token) throw businessError('passkey.invalid');
  const found = await consumeActionToken(deps.db, purpose, token, deps.now(), client.ip);
  if (!found.ok) throw businessError(found.reason === 'expired' ? 'passkey.expired' : 'passkey.invalid');
  return { adminId: found.row.admin_id, expectedChallenge: Buffer.from(token, 'utf8').toString('base64url') };
}

function issueChallenge(deps: PasskeyDeps, purpose: ActionPurpose, session: SessionContext | null): Promise<string> {
  return createActionToken(deps.db, {
    purpose,
    adminId: session?.adminId ?? null,
    merchantId: session?.merchantId ?? null,
    ttlMs: CHALLENGE_TTL_MS,
    now: deps.now(),
  });
}

const transportsOf = (row: { transports: string }) => (row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : []);

export async function listPasskeys(deps: PasskeyDeps, session: SessionContext): Promise<TPasskey[]> {
  const rows = await repo.listPasskeys(deps.db, session.adminId);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    createdAt: Number(r.created_at),
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
  }));
}

export async function registrationOptions(deps: PasskeyDeps, session: SessionContext): Promise<TWebAuthnOptions> {
  if ((await repo.countPasskeys(deps.db, session.adminId)) >= MAX_PASSKEYS) throw businessError('passkey.tooMany', { max: MAX_PASSKEYS });
  const rp = relyingParty(deps.appUrl);
  const existing = await repo.listPasskeys(deps.db, session.adminId);
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: `${session.loginName}`,
    userID: new TextEncoder().encode(`admin:${session.adminId}`),
    challenge: await issueChallenge(deps, 'passkeyRegister', session),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    // Discoverable, so sign-in needs no login name; verified, so a passkey alone is two factors.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_TTL_MS,
  });
  return options as unknown as TWebAuthnOptions;
}

export async function registerPasskey(
  deps: PasskeyDeps,
  session: SessionContext,
  body: TPasskeyRegisterBody,
  client: Client,
): Promise<TPasskey> {
  const challenge = await takeChallenge(deps, 'passkeyRegister', body.response.response.clientDataJSON, client);
  if (challenge.adminId !== session.adminId) throw businessError('passkey.invalid');
  if ((await repo.countPasskeys(deps.db, session.adminId)) >= MAX_PASSKEYS) throw businessError('passkey.tooMany', { max: MAX_PASSKEYS });
  const rp = relyingParty(deps.appUrl);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: body.response,
      expectedChallenge: challenge.expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch {
    throw businessError('passkey.invalid');
  }
  if (!verification.verified) throw businessError('passkey.invalid');
  const { credential } = verification.registrationInfo;
  const now = deps.now();
  try {
    const id = await repo.insertPasskey(deps.db, {
      adminId: session.adminId,
      merchantId: session.merchantId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? body.response.response.transports ?? []).join(','),
      name: body.name,
      now,
    });
    return { id, name: body.name, createdAt: now, lastUsedAt: null };
  } catch (error) {
    if (isUniqueViolation(error, 'credential_id')) throw businessError('passkey.duplicate');
    throw error;
  }
}

export async function removePasskey(deps: PasskeyDeps, session: SessionContext, id: number): Promise<void> {
  if (!(await repo.deletePasskey(deps.db, session.adminId, id))) throw notFoundError();
}

/** Options for an assertion: any discoverable credential (sign-in) or the session admin's own (second step, fresh check). */
export async function assertionOptions(deps: PasskeyDeps, session: SessionContext | null): Promise<TWebAuthnOptions> {
  const rp = relyingParty(deps.appUrl);
  const own = session ? await repo.listPasskeys(deps.db, session.adminId) : [];
  if (session && own.length === 0) throw businessError('passkey.none');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    challenge: await issueChallenge(deps, session ? 'passkeyCheck' : 'passkeySignIn', session),
    allowCredentials: own.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  return options as unknown as TWebAuthnOptions;
}

type StoredCredential = { id: number | bigint; credential_id: string; public_key: string; counter: number | bigint; transports: string };

/**
 * Checks a signed challenge against a stored credential: origin, rpID, user verification, the signature
 * and a counter that went forward (a cloned authenticator shows an older one). Any failure is the same
 * "could not be verified", so the answer does not say which check failed.
 */
async function verifyAssertion(deps: PasskeyDeps, response: TAuthenticationResponse, expectedChallenge: string, pk: StoredCredential) {
  const rp = relyingParty(deps.appUrl);
  const counter = Number(pk.counter);
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: { id: pk.credential_id, publicKey: Buffer.from(pk.public_key, 'base64url'), counter, transports: transportsOf(pk) },
    });
  } catch {
    throw businessError('passkey.invalid');
  }
  if (!result.verified) throw businessError('passkey.invalid');
  if (!(await repo.recordPasskeyUse(deps.db, Number(pk.id), counter, result.authenticationInfo.newCounter, deps.now()))) {
    throw businessError('passkey.invalid');
  }
}

/** An assertion by one of the session admin's own passkeys, on a challenge issued to that admin. */
async function checkOwnAssertion(deps: PasskeyDeps, session: SessionContext, response: TAuthenticationResponse, client: Client) {
  const challenge = await takeChallenge(deps, 'passkeyCheck', response.response.clientDataJSON, client);
  if (challenge.adminId !== session.adminId) throw businessError('passkey.invalid');
  const pk = await repo.findAdminPasskey(deps.db, session.adminId, response.id);
  if (!pk) throw businessError('passkey.invalid');
  await verifyAssertion(deps, response, challenge.expectedChallenge, pk);
}

/**
 * Sign-in with a passkey: the merchant number scopes the credential (a credential of another merchant
 * is refused like an unknown one); the admin and merchant status rules are those of password sign-in.
 * A verified passkey is two factors, so the session needs no second step.
 */
export async function signInWithPasskey(deps: PasskeyDeps, body: TPasskeySignInBody, client: Client): Promise<TLoginResult> {
  const challenge = await takeChallenge(deps, 'passkeySignIn', body.response.response.clientDataJSON, client);
  if (challenge.adminId !== null) throw businessError('passkey.invalid');
  const pk = await repo.findMerchantPasskey(deps.db, body.merchantNo, body.response.id);
  if (!pk) throw businessError('passkey.invalid');
  await verifyAssertion(deps, body.response, challenge.expectedChallenge, pk);
  const account = await findAccountForLogin(deps.db, pk.merchant_no, pk.login_name);
  if (!account) throw businessError('passkey.invalid');
  return completeSignIn(deps, account, { merchantNo: pk.merchant_no, loginName: pk.login_name }, client, 'login.passkey');
}

/** The second step with a passkey: like the code, it replaces the session by one that has passed it. */
export async function passTwoFactorWithPasskey(
  deps: PasskeyDeps,
  session: SessionContext,
  response: TAuthenticationResponse,
  client: Client,
): Promise<TLoginResult> {
  await checkOwnAssertion(deps, session, response, client);
  const result = await reopenAfterSecondStep(deps, session, 'passkey', client);
  await writeLoginLog(deps.db, {
    merchantId: session.merchantId,
    adminId: session.adminId,
    merchantNo: result.userInfo.merchantNo,
    loginName: result.userInfo.loginName,
    ip: client.ip,
    userAgent: client.userAgent,
    success: true,
    reason: 'login.twoFactorPasskey',
    now: deps.now(),
  });
  return result;
}

/** The fresh check by passkey. */
export async function passFreshCheckWithPasskey(
  deps: PasskeyDeps,
  session: SessionContext,
  response: TAuthenticationResponse,
  client: Client,
): Promise<number> {
  await checkOwnAssertion(deps, session, response, client);
  const now = deps.now();
  await recordFreshCheck(deps.db, session.sessionId, now);
  return now;
}
