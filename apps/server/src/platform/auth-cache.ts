import { onAuthWrite, type Db } from '../db/database';
import { loadAccess, type Access } from './permissions';
import {
  hashToken,
  looksLikeToken,
  readSession,
  sessionExpired,
  touchSession,
  TOUCH_INTERVAL_MS,
  type SessionContext,
  type SessionLimits,
} from './session';

/*
 * The session, its role's permissions and its gateway scope, kept in this process so that a request
 * costs no SQL to authenticate (issue 13 §1).
 *
 * - Sessions are kept by the SHA-256 of their token, access by (merchant, role). Misses (unknown or
 *   ended tokens) are not kept: each costs its query, as before.
 * - The database keeps one counter, `auth_state.version`, that its own triggers bump in the same
 *   transaction as any change a cached session depends on (logout, password change ending the other
 *   sessions, second step passed, role permissions edited, role reassigned, admin disabled or deleted,
 *   gateways assigned, merchant disabled, modules opened: migration 0015, db/auth-watch.ts). Whatever
 *   makes the change (this node, another API node, an operator command) is caught.
 * - This process reads that counter at most every `checkMs` (1 s), inline before an answer that
 *   needs a session; when it moved, everything cached is dropped and read again. So a change made
 *   on another node is honoured there within `checkMs` plus one query.
 * - A statement of this process that wrote auth data (db/database.ts onAuthWrite) makes the next
 *   request re-read the counter first, once that statement's transaction is over: the node that made
 *   a change honours it on the very next request.
 * - A load that began before the cache was dropped is answered but not kept (`generation`), so a row
 *   read before a change committed cannot outlive it in the cache.
 * - Idle and absolute expiry are checked on every request from the cached creation time and last
 *   use, exactly as the database would (the last use is written at most once a minute, write-through).
 *   When the cached last use says idle, the row is read again before refusing, as another node may have
 *   recorded a later use.
 */

type SessionEntry = {
  context: SessionContext;
  createdAt: number;
  /** last_seen_at as stored (this node writes it when it is a minute old). */
  lastSeenAt: number;
};

export type AuthCacheOptions = {
  /** How long a read of the auth version is trusted (ms): the staleness bound across nodes. */
  checkMs?: number;
  /** Most sessions kept; the oldest loaded go first. */
  maxSessions?: number;
  /** Monotonic time for the version check (tests may pass their own). */
  monotonic?: () => number;
};

export const AUTH_VERSION_CHECK_MS = 1000;

export class AuthCache {
  readonly #db: Db;
  readonly #checkMs: number;
  readonly #maxSessions: number;
  readonly #monotonic: () => number;
  readonly #sessions = new Map<string, SessionEntry>();
  readonly #access = new Map<string, Access>();
  readonly #unsubscribe: () => void;
  /** Bumped whenever the cache is dropped: loads begun under an older generation are not kept. */
  #generation = 0;
  #version: number | null = null;
  #checkedAt = Number.NEGATIVE_INFINITY;
  /** Bumped by each local auth write: a version read begun before it does not count as fresh. */
  #writes = 0;
  #checking: Promise<void> | null = null;
  /** Reads of the version and of sessions, for tests and the bench. */
  readonly stats = { versionReads: 0, sessionLoads: 0, accessLoads: 0, lastUseWrites: 0 };

  constructor(db: Db, options: AuthCacheOptions = {}) {
    this.#db = db;
    this.#checkMs = options.checkMs ?? AUTH_VERSION_CHECK_MS;
    this.#maxSessions = options.maxSessions ?? 50_000;
    this.#monotonic = options.monotonic ?? (() => performance.now());
    this.#unsubscribe = onAuthWrite(db, () => this.#localWrite());
  }

  close(): void {
    this.#unsubscribe();
    this.#drop();
  }

  #localWrite(): void {
    this.#writes += 1;
    this.#checkedAt = Number.NEGATIVE_INFINITY;
    this.#checking = null;
  }

  #drop(): void {
    this.#generation += 1;
    this.#sessions.clear();
    this.#access.clear();
  }

  /** Re-reads the auth version when the last read is older than checkMs or a local write came after it. */
  async #fresh(): Promise<void> {
    if (this.#monotonic() - this.#checkedAt < this.#checkMs) return;
    if (!this.#checking) {
      const startedAt = this.#monotonic();
      const writes = this.#writes;
      const check = (async () => {
        this.stats.versionReads += 1;
        const row = await this.#db.selectFrom('auth_state').select('version').where('id', '=', 1).executeTakeFirst();
        const version = Number(row?.version ?? 0);
        if (version !== this.#version) {
          this.#drop();
          this.#version = version;
        }
        if (writes === this.#writes) this.#checkedAt = startedAt;
      })().finally(() => {
        if (this.#checking === check) this.#checking = null;
      });
      this.#checking = check;
    }
    await this.#checking;
  }

  /** The usable session behind `token` at `now`, or null; records its use (at most one write a minute). */
  async session(token: string, now: number, limits: SessionLimits): Promise<SessionContext | null> {
    if (!looksLikeToken(token)) return null;
    await this.#fresh();
    const key = hashToken(token);
    let entry = this.#sessions.get(key);
    if (entry && now - entry.createdAt >= limits.maxAgeMs) {
      this.#sessions.delete(key);
      return null;
    }
    if (!entry || now - entry.lastSeenAt >= limits.idleMs) {
      // Not cached, or idle as far as this node knows: the row decides (another node may have used it).
      entry = (await this.#load(key)) ?? undefined;
      if (!entry) return null;
      if (sessionExpired(entry, now, limits)) {
        this.#sessions.delete(key);
        return null;
      }
    }
    if (now - entry.lastSeenAt >= TOUCH_INTERVAL_MS) {
      // Set before the write, so concurrent requests of the same session write once.
      entry.lastSeenAt = now;
      this.stats.lastUseWrites += 1;
      await touchSession(this.#db, entry.context.sessionId, now);
    }
    return entry.context;
  }

  async #load(key: string): Promise<SessionEntry | null> {
    const generation = this.#generation;
    this.stats.sessionLoads += 1;
    const stored = await readSession(this.#db, key);
    if (!stored) {
      this.#sessions.delete(key);
      return null;
    }
    const entry: SessionEntry = { context: stored.context, createdAt: stored.createdAt, lastSeenAt: stored.lastSeenAt };
    if (generation === this.#generation) {
      this.#sessions.delete(key);
      this.#sessions.set(key, entry);
      if (this.#sessions.size > this.#maxSessions) {
        const oldest = this.#sessions.keys().next();
        if (!oldest.done) this.#sessions.delete(oldest.value);
      }
    }
    return entry;
  }

  /** What the session's role grants within what its merchant opened (permissions.ts loadAccess), cached. */
  async access(session: Pick<SessionContext, 'roleId' | 'merchantId'>): Promise<Access> {
    await this.#fresh();
    const key = `${session.merchantId}:${session.roleId}`;
    const cached = this.#access.get(key);
    if (cached) return cached;
    const generation = this.#generation;
    this.stats.accessLoads += 1;
    const access = await loadAccess(this.#db, session.roleId, session.merchantId);
    if (generation === this.#generation) this.#access.set(key, access);
    return access;
  }
}
