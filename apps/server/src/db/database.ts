import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
import type pg from 'pg';
import { namedStatements, preparedOnce } from './kept-statements';
import type { Database } from './types';
import { watchedKysely } from './watched-writes';

export type DialectName = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;
/** An open database transaction. */
export type Trx = Transaction<Database>;
/** What a repository function runs on: the database, or a transaction a service opened around several writes. */
export type DbOrTrx = Db | Trx;

export type DbHandle = {
  db: Db;
  dialect: DialectName;
  /** Filesystem path of the SQLite file, when the database is SQLite. */
  sqlitePath: string | null;
  destroy: () => Promise<void>;
};

export type CreateDbOptions = {
  /** PostgreSQL only: pool size. */
  poolMax?: number;
  /**
   * PostgreSQL only: how long a query waits for a connection of the pool (or for a new one to connect)
   * before it fails with a pool-wait error (db/errors.ts isPoolWaitTimeout); 0 or absent: as long as it takes.
   */
  poolWaitMs?: number;
  /** PostgreSQL only: statement_timeout of every connection (0 or absent: none). */
  statementTimeoutMs?: number;
  /** PostgreSQL only: how many SQL texts each connection keeps parsed as named statements (0: none; absent: 200). */
  preparedStatements?: number;
};

let pgModule: typeof pg | null = null;

/**
 * The pg driver, loaded on first use: a server on SQLite never loads it (pg and its protocol parser are
 * about 1.5 MB of heap that would sit idle; issue 13 §8). Synchronous, as `createDb` is.
 */
export function loadPg(): typeof pg {
  if (!pgModule) {
    pgModule = createRequire(import.meta.url)('pg') as typeof pg;
    // bigint columns (ids, epoch-millisecond timestamps, minor units) stay far below 2^53.
    pgModule.types.setTypeParser(20, (value: string) => Number(value));
  }
  return pgModule;
}

export type PgPool = pg.Pool;

/** The pg pool under each PostgreSQL Kysely instance, for the export reader's array-mode queries (platform/list.ts). */
const pgPools = new WeakMap<Db, pg.Pool>();

export function pgPoolOf(db: Db): pg.Pool | null {
  return pgPools.get(db) ?? null;
}

export function dialectOf(databaseUrl: string): DialectName {
  if (databaseUrl.startsWith('sqlite:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return 'postgres';
  throw new Error('DATABASE_URL must start with sqlite:, postgres:// or postgresql://');
}

/**
 * SQLite transactions begin with BEGIN IMMEDIATE: they take the write lock when they start, waiting for it
 * through busy_timeout. A plain (deferred) BEGIN reads first and asks for the lock at its first write; in
 * WAL mode, if another process (an operator command beside the server) committed in between, that
 * upgrade fails at once with "database is locked" whatever the timeout, and the whole transaction is lost.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * `read` for many callers at once, each given the result of a read that began after it asked: a caller
 * that comes while a read is out waits for the next one, which starts when that read ends and serves
 * every caller that came meanwhile. So at most two reads are out or queued, whatever the number of
 * callers, and none is given a reading older than its own ask (a write acknowledged before the ask is
 * always seen).
 */
export function readsAfterAsked<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  let queued: Promise<T> | null = null;
  const start = (): Promise<T> => {
    const out: Promise<T> = read().finally(() => {
      if (running === out) running = null;
    });
    running = out;
    return out;
  };
  return () => {
    if (!running) return start();
    queued ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = null;
        return start();
      });
    return queued;
  };
}

export function sqlitePathOf(databaseUrl: string): string {
  const raw = databaseUrl.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  return raw === ':memory:' ? raw : path.resolve(raw);
}

export function createDb(databaseUrl: string, options: CreateDbOptions = {}): DbHandle {
  const dialect = dialectOf(databaseUrl);
  if (dialect === 'sqlite') {
    const file = sqlitePathOf(databaseUrl);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    const db = watchedKysely(new ImmediateSqliteDialect({ database: preparedOnce(sqlite) }));
    return { db, dialect, sqlitePath: file === ':memory:' ? null : file, destroy: () => db.destroy() };
  }
  // DateStyle ISO whatever the server's default: a timestamp's text is 'YYYY-MM-DD HH:MI:SS', as pg's
  // own date parser expects.
  const settings = ['-c DateStyle=ISO'];
  if (options.statementTimeoutMs) settings.push(`-c statement_timeout=${options.statementTimeoutMs}`);
  const prepared = options.preparedStatements ?? 200;
  // A named statement is planned for its values at each run, as an unnamed one is (see namedStatements).
  if (prepared > 0) settings.push('-c plan_cache_mode=force_custom_plan');
  const pool = new (loadPg().Pool)({
    connectionString: databaseUrl,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.poolWaitMs ?? 0,
    options: settings.join(' '),
  });
  // An idle connection the server ends (a restart, a failover, pg_terminate_backend) is reported on the
  // pool; without a listener that would crash the process. The pool drops that client and opens a new one
  // for the next query, and a query that was running on it fails on its own.
  pool.on('error', () => undefined);
  if (prepared > 0) pool.on('connect', (client) => namedStatements(client, prepared));
  const db = watchedKysely(new PostgresDialect({ pool }));
  pgPools.set(db, pool);
  return { db, dialect, sqlitePath: null, destroy: () => db.destroy() };
}
