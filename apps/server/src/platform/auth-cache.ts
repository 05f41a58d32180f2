import type { Db } from '../db/database';
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
import { VERSION_CHECK_MS, VersionWatch, type VersionWatchOptions } from './version-watch';

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
 *   on another node is honoured there within `checkMs` plus one query by requests that only read.
 * - A request that changes something (`current`: every method but GET and HEAD) reads the counter
 *   first, whatever the last read's age (one primary-key read): a sign-out, password change, disabled
 *   admin or narrowed role acknowledged on any node is honoured by the next write on every node.
 * - A statement of this process that wrote auth data (db/watched-writes.ts onWatchedWrite) makes the next
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

export type AuthCacheOptions = VersionWatchOptions & {
  /** Most sessions kept; the oldest loaded go first. */
  maxSessions?: number;
};

/** The staleness bound across API nodes (ms). */
export const AUTH_VERSION_CHECK_MS = VERSION_CHECK_MS;

export class AuthCache {
  readonly #db: Db;
  readonly #maxSessions: number;
  readonly #sessions = new Map<string, SessionEntry>();
  readonly #access = new Map<string, Access>();
  readonly #watch: VersionWatch;
  readonly #stats = { sessionLoads: 0, accessLoads: 0, lastUseWrites: 0 };

  constructor(db: Db, options: AuthCacheOptions = {}) {
    this.#db = db;
    this.#maxSessions = options.maxSessions ?? 50_000;
    this.#watch = new VersionWatch(
      db,
      'auth',
      () => {
        this.#sessions.clear();
        this.#access.clear();
      },
      options,
    );
  }

  close(): void {
    this.#watch.close();
  }

  /** Reads of the version, sessions and access, and last-use writes so far, for tests and the bench. */
  get stats(): { versionReads: number; sessionLoads: number; accessLoads: number; lastUseWrites: number } {
    return { versionReads: this.#watch.reads, ...this.#stats };
  }

  #fresh(): Promise<void> {
    return this.#watch.fresh();
  }

  /**
   * The answer of `session()` when it needs no query and no write, without waiting: the session, or
   * null when the token cannot be one or the session reached its absolute limit; undefined when only
   * `session()` can say (version read due, session not cached or idle as far as this node knows, last
   * use to record).
   */
  knownSession(token: string, now: number, limits: SessionLimits): SessionContext | null | undefined {
    if (!looksLikeToken(token)) return null;
    if (!this.#watch.isFresh()) return undefined;
    const key = hashToken(token);
    const entry = this.#sessions.get(key);
    if (!entry) return undefined;
    if (now - entry.createdAt >= limits.maxAgeMs) {
      this.#sessions.delete(key);
      return null;
    }
    if (now - entry.lastSeenAt >= limits.idleMs || now - entry.lastSeenAt >= TOUCH_INTERVAL_MS) return undefined;
    return entry.context;
  }

  /**
   * The usable session behind `token` at `now`, or null; records its use (at most one write a minute).
   * `current`: the counter is read first whatever the last read's age (a request that changes something).
   */
  async session(token: string, now: number, limits: SessionLimits, o: { current?: boolean } = {}): Promise<SessionContext | null> {
    if (!looksLikeToken(token)) return null;
    await (o.current ? this.#watch.current() : this.#fresh());
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
      this.#stats.lastUseWrites += 1;
      await touchSession(this.#db, entry.context.sessionId, now);
    }
    return entry.context;
  }

  async #load(key: string): Promise<SessionEntry | null> {
    const generation = this.#watch.generation;
    this.#stats.sessionLoads += 1;
    const stored = await readSession(this.#db, key);
    if (!stored) {
      this.#sessions.delete(key);
      return null;
    }
    const entry: SessionEntry = { context: stored.context, createdAt: stored.createdAt, lastSeenAt: stored.lastSeenAt };
    if (generation === this.#watch.generation) {
      this.#sessions.delete(key);
      this.#sessions.set(key, entry);
      if (this.#sessions.size > this.#maxSessions) {
        const oldest = this.#sessions.keys().next();
        if (!oldest.done) this.#sessions.delete(oldest.value);
      }
    }
    return entry;
  }

  /** The answer of `access()` when it is cached and the version needs no read, without waiting; else undefined. */
  knownAccess(session: Pick<SessionContext, 'roleId' | 'merchantId'>): Access | undefined {
    return this.#watch.isFresh() ? this.#access.get(`${session.merchantId}:${session.roleId}`) : undefined;
  }

  /** What the session's role grants within what its merchant opened (permissions.ts loadAccess), cached. */
  async access(session: Pick<SessionContext, 'roleId' | 'merchantId'>): Promise<Access> {
    await this.#fresh();
    const key = `${session.merchantId}:${session.roleId}`;
    const cached = this.#access.get(key);
    if (cached) return cached;
    const generation = this.#watch.generation;
    this.#stats.accessLoads += 1;
    const access = await loadAccess(this.#db, session.roleId, session.merchantId);
    if (generation === this.#watch.generation) this.#access.set(key, access);
    return access;
  }
}
