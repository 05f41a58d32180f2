import type { Selectable } from 'kysely';
import type { Db, DbOrTrx } from '../db/database';
import type { ActionTokensTable } from '../db/types';
import { LockKind, lockKeys } from '../db/keyed-lock';
import { giveBackIpAttempt, ipKey, passAddressLimit } from './attempt-limiter';
import { generateToken, hashToken } from './session';

/** One-time links and tickets: only the SHA-256 of the token is stored, like session tokens. */
export type ActionPurpose =
  | 'verifyEmail'
  | 'resetPwd'
  | 'invitation'
  | 'sso'
  /** WebAuthn challenges (domains/auth/passkeys.ts): registration, sign-in, and a signed-in admin's own passkey. */
  | 'passkeyRegister'
  | 'passkeySignIn'
  | 'passkeyCheck';

export type NewActionToken = {
  purpose: ActionPurpose;
  personId?: number | null;
  adminId?: number | null;
  merchantId?: number | null;
  target?: string;
  ttlMs: number;
  now: number;
};

/**
 * Issues a token. Earlier unused tokens of the same purpose for the same person (or admin) stop
 * working, so only the newest link sent is good.
 */
export async function createActionToken(db: DbOrTrx, t: NewActionToken): Promise<string> {
  const token = generateToken();
  const retireEarlier = (holder: 'person_id' | 'admin_id', id: number) =>
    db
      .updateTable('action_tokens')
      .set({ used_at: t.now })
      .where('purpose', '=', t.purpose)
      .where(holder, '=', id)
      .where('used_at', 'is', null)
      .execute();
  if (t.personId != null) await retireEarlier('person_id', t.personId);
  if (t.adminId != null) await retireEarlier('admin_id', t.adminId);
  await db
    .insertInto('action_tokens')
    .values({
      purpose: t.purpose,
      token_hash: hashToken(token),
      person_id: t.personId ?? null,
      admin_id: t.adminId ?? null,
      merchant_id: t.merchantId ?? null,
      target: t.target ?? '',
      created_at: t.now,
      expires_at: t.now + t.ttlMs,
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Issues a token for a person unless one of the same purpose was issued to them less than `minGapMs`
 * ago (null then). The check and the new token are one transaction serialised per person and purpose
 * (db/keyed-lock.ts), so requests that arrive together, on one node or several, issue one link: one mail.
 */
export async function createActionTokenUnlessRecent(
  db: Db,
  t: NewActionToken & { personId: number },
  minGapMs: number,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    await lockKeys(trx, [[LockKind.personLink, `${t.purpose}\n${t.personId}`]]);
    const last = await trx
      .selectFrom('action_tokens')
      .select('created_at')
      .where('purpose', '=', t.purpose)
      .where('person_id', '=', t.personId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && t.now - last.created_at < minGapMs) return null;
    return createActionToken(trx, t);
  });
}

const TOKEN_COLUMNS = ['id', 'person_id', 'admin_id', 'merchant_id', 'target', 'created_at', 'expires_at'] as const;

/** A token's row as a lookup answers it (its hash and purpose stay behind). */
export type ActionTokenRow = Pick<Selectable<ActionTokensTable>, (typeof TOKEN_COLUMNS)[number]>;

export type TokenLookup = { ok: true; row: ActionTokenRow } | { ok: false; reason: 'invalid' | 'expired'; row: ActionTokenRow | null };

function findToken(db: Db, purpose: ActionPurpose, token: string) {
  return db
    .selectFrom('action_tokens')
    .select([...TOKEN_COLUMNS, 'used_at'])
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/**
 * Looks a token up, counted against the client address (platform/attempt-limiter.ts) like any guess
 * of a secret: a token that names no link is a failure, a real one (even used or expired: its holder
 * is not guessing) gives the try back. There is no account to count against until a token matches,
 * and a token is 256 random bits, so the address's budget is the limit that matters.
 */
async function lookUp(db: Db, purpose: ActionPurpose, token: string, now: number, ip: string): Promise<TokenLookup> {
  await passAddressLimit(db, ip, now);
  const row = await findToken(db, purpose, token);
  if (row) await giveBackIpAttempt(db, ipKey(ip));
  if (!row || row.used_at !== null) return { ok: false, reason: 'invalid', row: row ?? null };
  if (row.expires_at <= now) return { ok: false, reason: 'expired', row };
  return { ok: true, row };
}

/** Reads a token without using it up (to show what a link is about). */
export function peekActionToken(db: Db, purpose: ActionPurpose, token: string, now: number, ip: string): Promise<TokenLookup> {
  return lookUp(db, purpose, token, now, ip);
}

/** Uses a token up. The conditional update makes two simultaneous uses end with one winner. */
export async function consumeActionToken(db: Db, purpose: ActionPurpose, token: string, now: number, ip: string): Promise<TokenLookup> {
  const peek = await lookUp(db, purpose, token, now, ip);
  if (!peek.ok) return peek;
  const res = await db
    .updateTable('action_tokens')
    .set({ used_at: now })
    .where('id', '=', peek.row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return { ok: false, reason: 'invalid', row: peek.row };
  return peek;
}
