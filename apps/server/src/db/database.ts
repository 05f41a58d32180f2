import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Database } from './types';

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
  /** PostgreSQL only: schema to put first on the search path (tests use a fresh schema per file). */
  searchPath?: string;
  /** PostgreSQL only: pool size. */
  poolMax?: number;
  /** PostgreSQL only: statement_timeout of every connection (0 or absent: none). */
  statementTimeoutMs?: number;
};

// bigint columns (ids, epoch-millisecond timestamps, minor units) stay far below 2^53.
pg.types.setTypeParser(20, (value: string) => Number(value));

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
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: sqlite }) });
    return { db, dialect, sqlitePath: file === ':memory:' ? null : file, destroy: () => db.destroy() };
  }
  const settings = [
    ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
    ...(options.statementTimeoutMs ? [`-c statement_timeout=${options.statementTimeoutMs}`] : []),
  ];
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolMax ?? 10,
    ...(settings.length ? { options: settings.join(' ') } : {}),
  });
  // An idle connection the server ends (a restart, a failover, pg_terminate_backend) is reported on the
  // pool; without a listener that would crash the process. The pool drops that client and opens a new one
  // for the next query, and a query that was running on it fails on its own.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pgPools.set(db, pool);
  return { db, dialect, sqlitePath: null, destroy: () => db.destroy() };
}
