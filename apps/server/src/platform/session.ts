import { hash, randomBytes } from 'node:crypto';
import { AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import type { TAuthMethod } from '@mbo/shared/passkeys';
import type { Db } from '../db/database';
import { sessionScope, type AdminScope } from './scope';
import { MINUTE_MS } from './time';

/** last_seen_at is written at most this often per session, so reads do not each cost a write. */
export const TOUCH_INTERVAL_MS = MINUTE_MS;

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored: a copy of the sessions table does not let anyone sign in. */
export function hashToken(token: string): string {
  // The one-shot digest: no Hash object per request (it is on every signed-in request's path).
  return hash('sha256', token, 'hex');
}

export function looksLikeToken(value: string): boolean {
  return TOKEN_RE.test(value);
}

export type SessionContext = {
  sessionId: number;
  adminId: number;
  /** The admin's login name: who applied for a refund, in the records. */
  loginName: string;
  merchantId: number;
  personId: number | null;
  roleId: number;
  isOwner: boolean;
  sysAdmin: boolean;
  twoFaPassed: boolean;
  /** The person has two-step verification on and this session has not passed it yet. */
  requires2FA: boolean;
  /** false after a code sign-in that left the choice among several businesses to the person. */
  businessSelected: boolean;
  /** How the session was opened (never changes on a session; the operation log records it). */
  authMethod: TAuthMethod;
  /**
   * The holder's last check (sign-in, second step, fresh check) as of when this context was loaded:
   * it may be older than the row in a cached context, so the guard (fresh-check.ts) reads the row.
   */
  lastCheckAt: number | null;
  scope: AdminScope;
};

export type NewSession = {
  adminId: number;
  merchantId: number;
  personId: number | null;
  sysAdmin: boolean;
  twoFaPassed: boolean;
  /** Default true. */
  businessSelected?: boolean;
  /** Default 'password' (tests and tools that open a session directly). */
  authMethod?: TAuthMethod;
  /** Default `now`: every sign-in is a check; a session moved to another business keeps the old time. */
  lastCheckAt?: number | null;
  ip: string;
  userAgent: string;
  now: number;
};

export async function createSession(db: Db, s: NewSession): Promise<{ token: string; sessionId: number }> {
  const token = generateToken();
  const row = await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      admin_id: s.adminId,
      merchant_id: s.merchantId,
      person_id: s.personId,
      sys_admin: s.sysAdmin ? 1 : 0,
      two_fa_passed: s.twoFaPassed ? 1 : 0,
      business_selected: s.businessSelected === false ? 0 : 1,
      auth_method: s.authMethod ?? 'password',
      last_check_at: s.lastCheckAt === undefined ? s.now : s.lastCheckAt,
      ip: s.ip.slice(0, 64),
      user_agent: s.userAgent.slice(0, 512),
      created_at: s.now,
      last_seen_at: s.now,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, sessionId: row.id };
}

/** How long a session lives: `idleMs` since its last use, and at most `maxAgeMs` since it was opened. */
export type SessionLimits = { idleMs: number; maxAgeMs: number };

/** A session as stored, with what the time checks need (see findActiveSession). */
export type StoredSession = { context: SessionContext; createdAt: number; lastSeenAt: number };

/**
 * The session stored under a token digest, when its row, admin and merchant still allow it: not
 * revoked, its admin still normal and of the session's merchant, its merchant neither deleted nor
 * disabled. Time limits are not checked here (findActiveSession, auth-cache.ts).
 */
export async function readSession(db: Db, tokenHash: string): Promise<StoredSession | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('admins as a', 'a.id', 's.admin_id')
    .innerJoin('merchants as m', 'm.id', 's.merchant_id')
    .leftJoin('persons as p', 'p.id', 's.person_id')
    .select([
      's.id',
      's.admin_id',
      's.merchant_id',
      's.person_id',
      's.sys_admin',
      's.two_fa_passed',
      's.business_selected',
      's.auth_method',
      's.last_check_at',
      's.last_seen_at',
      's.created_at',
      's.revoked_at',
      'a.merchant_id as admin_merchant_id',
      'a.login_name',
      'a.status as admin_status',
      'a.role_id',
      'a.is_owner',
      'a.all_gateways',
      'm.status as merchant_status',
      'p.two_fa_enabled',
    ])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  if (row.revoked_at !== null) return null;
  if (row.admin_merchant_id !== row.merchant_id) return null;
  if (row.admin_status !== AdminStatus.normal) return null;
  if (row.merchant_status === MerchantStatus.deleted || row.merchant_status === MerchantStatus.disabled) return null;

  const gatewayIds = row.all_gateways === 1 ? null : await findAssignedGatewayIds(db, row.admin_id, row.merchant_id);
  const twoFaPassed = row.two_fa_passed === 1;
  return {
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    context: {
      sessionId: row.id,
      adminId: row.admin_id,
      loginName: row.login_name,
      merchantId: row.merchant_id,
      personId: row.person_id,
      roleId: row.role_id,
      isOwner: row.is_owner === 1,
      sysAdmin: row.sys_admin === 1,
      twoFaPassed,
      requires2FA: row.two_fa_enabled === 1 && !twoFaPassed,
      businessSelected: row.business_selected === 1,
      authMethod: row.auth_method as TAuthMethod,
      lastCheckAt: row.last_check_at,
      scope: sessionScope(row.merchant_id, row.admin_id, gatewayIds),
    },
  };
}

/** Ended by its idle or absolute limit at `now`, judged on the stored last use (written at most once a minute). */
export function sessionExpired(s: { createdAt: number; lastSeenAt: number }, now: number, limits: SessionLimits): boolean {
  return now - s.lastSeenAt >= limits.idleMs || now - s.createdAt >= limits.maxAgeMs;
}

/**
 * Records a use of the session at `now` (the caller writes at most once per TOUCH_INTERVAL_MS). The
 * statement keeps the shape db/watched-writes.ts recognises as a last-use write, which is not an auth change.
 */
export async function touchSession(db: Db, sessionId: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<', now)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The session behind a token, when it is still usable (readSession), not idle longer than
 * `limits.idleMs` and not older than `limits.maxAgeMs` (an active session still ends, so a stolen token
 * does not live forever). Reads the database every time: requests go through auth-cache.ts instead.
 */
export async function findActiveSession(db: Db, token: string, now: number, limits: SessionLimits): Promise<SessionContext | null> {
  if (!looksLikeToken(token)) return null;
  const stored = await readSession(db, hashToken(token));
  if (!stored || sessionExpired(stored, now, limits)) return null;
  if (now - stored.lastSeenAt >= TOUCH_INTERVAL_MS) await touchSession(db, stored.context.sessionId, now);
  return stored.context;
}

/** Gateways an admin limited to some gateways may see; the merchant filter keeps a stray row from crossing merchants. */
export async function findAssignedGatewayIds(db: Db, adminId: number, merchantId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('admin_gateways as ag')
    .innerJoin('gateways as g', 'g.id', 'ag.gateway_id')
    .select('g.id')
    .where('ag.admin_id', '=', adminId)
    .where('g.merchant_id', '=', merchantId)
    .orderBy('g.id')
    .execute();
  return rows.map((r) => r.id);
}

export async function revokeSession(db: Db, sessionId: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes every open session of an admin except `keepSessionId` (after a password change). */
export async function revokeOtherSessions(db: Db, adminId: number, keepSessionId: number, now: number): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('admin_id', '=', adminId)
    .where('id', '<>', keepSessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes every open session of an admin, the caller's own included (a login without a person locked out). */
export async function revokeAdminSessions(db: Db, adminId: number, now: number): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('admin_id', '=', adminId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Revokes every open session of a person: those opened as the person and those of any admin row linked
 * to them, except `keepSessionId` (the session that changed the password stays open).
 */
export async function revokePersonSessions(db: Db, personId: number, now: number, keepSessionId?: number): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .$if(keepSessionId !== undefined, (qb) => qb.where('id', '<>', keepSessionId ?? 0))
    .where((eb) =>
      eb.or([eb('person_id', '=', personId), eb('admin_id', 'in', eb.selectFrom('admins').select('id').where('person_id', '=', personId))]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
