import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { Config } from '../config';
import { createDb, loadPg, type DbHandle } from './database';
import { checkSchema, migrateToLatest, readSchemaState } from './migrate';
import { ensureCurrencies } from './currencies';

/** Work that must run once, before any node serves: the schema, the currencies, and the caller's own (the demo seed). */
export type StartupWork = (handle: DbHandle) => Promise<void>;

export type OpenedDatabase = DbHandle & {
  /** Migrations this open applied. */
  applied: string[];
  /** Applied migrations of a newer build, all declared compatible (this build runs on them; db/migrate.ts). */
  newer: string[];
};

/**
 * Opens DATABASE_URL and brings its schema up to date: what the server, seed and ops commands all do
 * first. With several nodes starting together, the migrations and `afterMigrate` run under one
 * database-wide lock (startupLock): the others wait, then find the work done. With `migrateOnStart`
 * false (MIGRATE_ON_START, the migrations being a deployment step of their own) nothing is migrated:
 * the schema is only checked, and a SchemaError says what to run when this build cannot serve it.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolMax' | 'statementTimeoutMs' | 'preparedStatements'> &
    Partial<Pick<Config, 'databasePoolWaitMs' | 'migrateOnStart'>>,
  afterMigrate?: StartupWork,
): Promise<OpenedDatabase> {
  const handle = createDb(config.databaseUrl, {
    poolMax: config.databasePoolMax,
    poolWaitMs: config.databasePoolWaitMs,
    statementTimeoutMs: config.statementTimeoutMs,
    preparedStatements: config.preparedStatements,
  });
  try {
    const { applied, newer } = await startupLock(handle, config.databaseUrl, async () => {
      let done: string[] = [];
      if (config.migrateOnStart === false) await checkSchema(handle.db, handle.dialect);
      else {
        done = await migrateToLatest(handle.db, handle.dialect);
        await ensureCurrencies(handle.db);
      }
      await afterMigrate?.(handle);
      const state = await readSchemaState(handle.db, handle.dialect);
      return { applied: done, newer: state.foreign.map((f) => f.name) };
    });
    // SQLite picks an index from table statistics it only gathers when asked; without them a filter
    // can walk the date index instead of its own (seconds instead of a millisecond at millions of
    // rows). `optimize` (0x10002: every table) refreshes them where they are missing or stale, sampling so it stays quick.
    // PostgreSQL's autovacuum keeps its own statistics.
    if (handle.dialect === 'sqlite') await refreshSqliteStatistics(handle);
    return { ...handle, applied, newer };
  } catch (error) {
    await handle.destroy();
    throw error;
  }
}

/** The advisory-lock key of the start-up work (any constant the product owns). */
export const STARTUP_LOCK_KEY = 7_212_026_001;
const SQLITE_LOCK_WAIT_MS = 10 * 60_000;

/**
 * Runs `work` while holding a lock that every process opening the same database takes:
 * PostgreSQL's session advisory lock on a connection of its own, held until the work ends (a process
 * that dies releases it with its connection); SQLite's own write lock on a lock file beside the
 * database (BEGIN EXCLUSIVE, waited for through busy_timeout), released with the transaction or the
 * process.
 */
export async function startupLock<T>(handle: DbHandle, databaseUrl: string, work: () => Promise<T>): Promise<T> {
  if (handle.dialect === 'postgres') {
    const client = new (loadPg().Client)({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
      }
    } finally {
      await client.end();
    }
  }
  if (!handle.sqlitePath) return work();
  const lock = new SqliteDatabase(`${handle.sqlitePath}.start-lock`);
  try {
    // better-sqlite3 is synchronous: a busy_timeout would block this process's event loop, so the lock is
    // polled instead, as long as a first start may take (a demo seed of hundreds of thousands of rows).
    lock.pragma('busy_timeout = 0');
    for (const deadline = Date.now() + SQLITE_LOCK_WAIT_MS; ;) {
      try {
        lock.exec('begin exclusive');
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    try {
      return await work();
    } finally {
      lock.exec('rollback');
    }
  } finally {
    lock.close();
  }
}

/**
 * `optimize` samples pages of every table. With the connection's page cache at its size (16 MB,
 * better-sqlite3's default) those pages stayed cached though no request had asked for them: about
 * 11 MB of idle memory after start (issue 13 §8). The cache is kept at 512 KB while it runs (the
 * sampling reads each page once; the OS cache backs it), then given its size back. It runs on the
 * server's own connection, which holds the statistics in memory from then on: another connection's
 * ANALYZE would not reach it.
 */
async function refreshSqliteStatistics(handle: DbHandle): Promise<void> {
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(handle.db);
  const size = Number(rows[0]?.cache_size ?? -2000);
  await sql`pragma cache_size = -512`.execute(handle.db);
  try {
    await sql`pragma analysis_limit = 20000`.execute(handle.db);
    await sql`pragma optimize = 0x10002`.execute(handle.db);
  } finally {
    await sql`pragma cache_size = ${sql.lit(size)}`.execute(handle.db);
  }
}

/** DATABASE_URL without its password, for printing. */
export function describeDatabase(databaseUrl: string): string {
  return databaseUrl.replace(/(\/\/[^:/@]+):[^@]*@/, '$1:***@');
}
