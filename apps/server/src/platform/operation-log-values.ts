import type { FastifyReply } from 'fastify';
import { AppError } from './errors';
import type { SessionContext } from './session';

/*
 * What an operation-log entry says about who acted, how they signed in and what they changed
 * (issue 50 §4), kept apart from the recording itself (operation-log.ts).
 *
 * - Actor kind: an administrator, a system administrator who came in by SSO, an operator command or a
 *   scheduled job.
 * - Authentication method: from the session (authMethodOf).
 * - Before and after values: the object as the repository or service that changed it read and wrote
 *   it, masked here (maskSecrets) before anything is stored, so no caller can forget it.
 */

export const ACTOR_KINDS = ['admin', 'sso', 'operator', 'job'] as const;
export type TActorKind = (typeof ACTOR_KINDS)[number];
export function actorKindOf(source: string, sysAdmin: boolean): TActorKind {
  if (source === 'ops') return 'operator';
  if (source === 'job') return 'job';
  return sysAdmin ? 'sso' : 'admin';
}

/**
 * How the session signed in: the session's own `authMethod` (password, password_code, password_passkey,
 * code, passkey, sso, invitation, scheduled; @mbo/shared/passkeys), else worked out from the session
 * as it was before sessions recorded it.
 */
export function authMethodOf(auth: SessionContext | null): string {
  if (!auth) return '';
  const declared = (auth as { authMethod?: unknown }).authMethod;
  if (typeof declared === 'string' && declared !== '') return declared;
  if (auth.sysAdmin) return 'sso';
  return auth.twoFaPassed ? 'password_code' : 'password';
}

/** Fields never stored in clear: passwords, sign keys, codes, tokens, secrets, card data. */
const HIDDEN = /password|passwd|pwd|secret|sign_?key|token|otp|(^|_)code$|cvv|cvc|cvn|track_?(1|2|data)|^pin$/i;
/** Fields shown by their last four characters: bank account numbers and card numbers that are kept. */
const LAST_FOUR = /account_?(no|number)|iban|bank_?account$|card_?(no|number)|^pan$/i;
/** Card numbers inside text (13 to 19 digits, maybe spaced): shown as their last four. */
const PAN_IN_TEXT = /\b(?:\d[ -]?){9,15}(\d{4})\b/g;

function lastFour(value: string): string {
  const digits = value.replace(/[^0-9A-Za-z]/g, '');
  return digits.length <= 4 ? '****' : `****${digits.slice(-4)}`;
}

/** Card numbers in free text (an entry's content or target, a value) shown by their last four digits. */
export function maskText(text: string): string {
  return text.replace(PAN_IN_TEXT, (_m, four: string) => `****${four}`);
}

/** A copy of `value` with every secret masked; text is kept short (the entry is not a backup). */
export function maskSecrets(value: unknown, key = '', depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => maskSecrets(v, key, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = maskSecrets(v, k, depth + 1);
    return out;
  }
  // An empty secret says only that there was none (a sign key before it is issued).
  if (value === '') return '';
  if (key && LAST_FOUR.test(key)) return lastFour(String(value));
  if (key && HIDDEN.test(key)) return '******';
  if (typeof value === 'string') return maskText(value).slice(0, 500);
  if (typeof value === 'bigint') return String(value);
  return value;
}

/** The stored text of a before or after value: masked JSON, empty when there is none. */
export function changeText(value: unknown): string {
  if (value === undefined) return '';
  const text = JSON.stringify(maskSecrets(value));
  return text.length > 4000 ? `${text.slice(0, 3999)}…` : text;
}

/* How a request's entry reads its target and outcome from the request and the answer (operation-log.ts). */

export function pickTarget(fields: readonly string[], ...sources: unknown[]): string {
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    const record = source as Record<string, unknown>;
    for (const field of fields) {
      const v = record[field];
      if (typeof v === 'string' || typeof v === 'number') return `${field}=${String(v)}`;
    }
  }
  return '';
}

export function paramsTarget(params: unknown): string {
  if (typeof params !== 'object' || params === null) return '';
  return Object.entries(params as Record<string, unknown>)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
}

/** The envelope of a JSON answer, when the answer is one. */
export function envelopeOf(reply: FastifyReply, payload: unknown): { code: number; data: unknown } | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.includes('json')) return null;
  try {
    const parsed: unknown = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { code?: unknown }).code === 'number') {
      return parsed as { code: number; data: unknown };
    }
  } catch {
    return null;
  }
  return null;
}

export function failureKey(error: unknown): string {
  if (error instanceof AppError) return error.key;
  const validation = (error as { validation?: unknown } | null)?.validation;
  if (Array.isArray(validation)) return 'opLog.invalidInput';
  return 'error.internal';
}
