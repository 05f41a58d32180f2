import { sql } from 'kysely';
import { CHANGE_WATCH, type WatchTopic } from '../db/change-watch';
import { readsAfterAsked, type Db } from '../db/database';
import { onWatchedWrite } from '../db/watched-writes';

/*
 * What a cache kept in one API process needs to stay correct beside other processes on the same
 * database: the topic's change counter (db/change-watch.ts), which the database's own triggers bump in
 * the same transaction as any change of a watched table, whatever makes it (this node, another API node,
 * an operator command, a job).
 *
 * - `fresh()` reads the counter at most every `checkMs` (1 s), inline before an answer from the cache;
 *   when it moved, `onChange` drops what the cache holds. `isFresh()` says, without waiting, that no
 *   read is due: the caches answer a hit synchronously then (no promise on the hot path). So a change made elsewhere is honoured here
 *   within `checkMs` plus one query.
 * - A statement of this process that wrote a watched table (db/watched-writes.ts onWatchedWrite) makes the
 *   next `fresh()` re-read the counter, once that statement's transaction is over: the node that made a
 *   change honours it on the very next request.
 * - `current()` reads the counter whatever the last read's age, with a read that begins after the call:
 *   a change committed anywhere before it is honoured. The session cache asks it for every request that
 *   changes something, so that a sign-out on one node stops writes on every node at once.
 * - Reads run one at a time and callers that come while one is out share the next one
 *   (db/database.ts readsAfterAsked): a burst of requests costs at most two reads.
 * - `generation` moves with every drop: a load that began under an older generation is answered but not
 *   kept, so a row read before a change committed cannot outlive it in the cache.
 */

export type VersionWatchOptions = {
  /** How long a read of the version is trusted (ms): the staleness bound across nodes. */
  checkMs?: number;
  /** Monotonic time for the version check (tests may pass their own). */
  monotonic?: () => number;
};

export const VERSION_CHECK_MS = 1000;

export class VersionWatch {
  readonly #db: Db;
  readonly #state: string;
  readonly #checkMs: number;
  readonly #monotonic: () => number;
  readonly #onChange: () => void;
  readonly #unsubscribe: () => void;
  #generation = 0;
  #version: number | null = null;
  #checkedAt = Number.NEGATIVE_INFINITY;
  /** Bumped by each local write: a version read begun before it does not count as fresh. */
  #writes = 0;
  readonly #read = readsAfterAsked(() => this.#readVersion());
  /** Reads of the counter, for tests and the bench. */
  reads = 0;

  constructor(db: Db, topic: WatchTopic, onChange: () => void, options: VersionWatchOptions = {}) {
    this.#db = db;
    this.#state = CHANGE_WATCH[topic].state;
    this.#onChange = onChange;
    this.#checkMs = options.checkMs ?? VERSION_CHECK_MS;
    this.#monotonic = options.monotonic ?? (() => performance.now());
    this.#unsubscribe = onWatchedWrite(db, topic, () => this.#localWrite());
  }

  /** Moves with every drop of the cache (see the file comment). */
  get generation(): number {
    return this.#generation;
  }

  close(): void {
    this.#unsubscribe();
    this.drop();
  }

  drop(): void {
    this.#generation += 1;
    this.#onChange();
  }

  #localWrite(): void {
    this.#writes += 1;
    this.#checkedAt = Number.NEGATIVE_INFINITY;
  }

  /** Whether the last read of the version is still trusted (no read is needed before answering from the cache). */
  isFresh(): boolean {
    return this.#monotonic() - this.#checkedAt < this.#checkMs;
  }

  /** Re-reads the version when the last read is older than checkMs or a local write came after it. */
  async fresh(): Promise<void> {
    if (this.isFresh()) return;
    await this.#read();
  }

  /** Re-reads the version with a read that begins after this call, however recent the last one. */
  current(): Promise<void> {
    return this.#read();
  }

  async #readVersion(): Promise<void> {
    const startedAt = this.#monotonic();
    const writes = this.#writes;
    this.reads += 1;
    const { rows } = await sql<{ version: number | string }>`select version from ${sql.table(this.#state)} where id = 1`.execute(this.#db);
    const version = Number(rows[0]?.version ?? 0);
    if (version !== this.#version) {
      this.drop();
      this.#version = version;
    }
    if (writes === this.#writes) this.#checkedAt = startedAt;
  }
}
