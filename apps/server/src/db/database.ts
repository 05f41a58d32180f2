import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  sql,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type SqliteDialectConfig,
  type SqliteStatement,
  type Transaction,
} from 'kysely';
import type pg from 'pg';
import { CHANGE_WATCH, WATCH_TOPICS, type WatchTopic } from './change-watch';
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
  /** PostgreSQL only: false turns JIT compilation off on every connection (the export threads' pools). */
  jit?: boolean;
  /**
   * PostgreSQL only: false leaves plan_cache_mode at auto, so that a named statement run again and again
   * may keep a generic plan (the export threads' lines statements); else every run is planned anew.
   */
  customPlans?: boolean;
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

/** A statement that writes one of `tables`. */
function writeOf(tables: Record<string, unknown>): RegExp {
  return new RegExp(`^\\s*(?:insert\\s+into|update|delete\\s+from)\\s+"?(?:${Object.keys(tables).join('|')})"?[\\s(]`, 'i');
}
const WATCHED_WRITE = WATCH_TOPICS.map((topic) => [topic, writeOf(CHANGE_WATCH[topic].tables)] as const);
const LAST_USE_WRITE = /^\s*update\s+"?sessions"?\s+set\s+"?last_seen_at"?\s*=\s*(?:\?|\$\d+)\s+where/i;

/** The change-watch topics (db/change-watch.ts) a statement writes; a session's own last-use write is none. */
export function watchedWrites(statement: string): WatchTopic[] {
  const topics: WatchTopic[] = [];
  for (const [topic, write] of WATCHED_WRITE) if (write.test(statement)) topics.push(topic);
  if (topics[0] === 'auth' && LAST_USE_WRITE.test(statement)) topics.shift();
  return topics;
}

export function writesAuthData(statement: string): boolean {
  return watchedWrites(statement).includes('auth');
}

type WriteListeners = Map<WatchTopic, Set<() => void>>;
const writeListeners = new WeakMap<object, WriteListeners>();

/**
 * Calls `listener` each time a statement of this process that wrote a table of `topic` (db/change-watch.ts)
 * is done: after its transaction committed or rolled back, or after the statement itself outside one
 * (when the driver releases the connection). A cache of that topic then re-reads its version before its
 * next answer, so the node that made a change honours it at once. Returns the unsubscribe function.
 */
export function onWatchedWrite(db: Db, topic: WatchTopic, listener: () => void): () => void {
  const set = writeListeners.get(db)?.get(topic);
  if (!set) return () => undefined;
  set.add(listener);
  return () => set.delete(listener);
}

/** A statement that only reads: a `select`, or a `with` whose text names no write. Anything else counts as a write. */
function readsOnly(statement: string): boolean {
  return READ.test(statement) || (WITH.test(statement) && !WRITE_WORD.test(statement));
}
const READ = /^\s*select\b/i;
const WITH = /^\s*with\b/i;
const WRITE_WORD = /\b(?:insert|update|delete|replace)\b/i;

function watchWrites(inner: Driver, notify: (topics: ReadonlySet<WatchTopic>) => void, wrote: () => void): Driver {
  const patched = new WeakSet<DatabaseConnection>();
  const topicsOf = new WeakMap<DatabaseConnection, Set<WatchTopic>>();
  const dirty = new WeakSet<DatabaseConnection>();
  const driver: Driver = {
    init: () => inner.init(),
    async acquireConnection() {
      const connection = await inner.acquireConnection();
      if (!patched.has(connection)) {
        patched.add(connection);
        const execute = connection.executeQuery.bind(connection);
        connection.executeQuery = (query) => {
          if (!readsOnly(query.sql)) {
            wrote();
            dirty.add(connection);
          }
          for (const topic of watchedWrites(query.sql)) {
            const topics = topicsOf.get(connection);
            if (topics) topics.add(topic);
            else topicsOf.set(connection, new Set([topic]));
          }
          return execute(query);
        };
      }
      return connection;
    },
    beginTransaction: (c, settings) => inner.beginTransaction(c, settings),
    commitTransaction: (c) => inner.commitTransaction(c),
    rollbackTransaction: (c) => inner.rollbackTransaction(c),
    async releaseConnection(connection) {
      await inner.releaseConnection(connection);
      if (dirty.has(connection)) {
        dirty.delete(connection);
        wrote();
      }
      const topics = topicsOf.get(connection);
      if (topics) {
        topicsOf.delete(connection);
        notify(topics);
      }
    },
    destroy: () => inner.destroy(),
  };
  if (inner.savepoint) driver.savepoint = inner.savepoint.bind(inner);
  if (inner.rollbackToSavepoint) driver.rollbackToSavepoint = inner.rollbackToSavepoint.bind(inner);
  if (inner.releaseSavepoint) driver.releaseSavepoint = inner.releaseSavepoint.bind(inner);
  return driver;
}

/** The dialect, its driver telling `listeners` of watched writes (see onWatchedWrite) and `wrote` of every write. */
function watchedDialect(base: Dialect, listeners: WriteListeners, wrote: () => void): Dialect {
  const notify = (topics: ReadonlySet<WatchTopic>) => {
    for (const topic of topics) for (const l of listeners.get(topic) ?? []) l();
  };
  return {
    createAdapter: () => base.createAdapter(),
    createDriver: () => watchWrites(base.createDriver(), notify, wrote),
    createQueryCompiler: () => base.createQueryCompiler(),
    createIntrospector: (db) => base.createIntrospector(db),
  };
}

function watchedKysely(base: Dialect, wrote: () => void = () => undefined): Db {
  const listeners: WriteListeners = new Map(WATCH_TOPICS.map((topic) => [topic, new Set<() => void>()]));
  const db = new Kysely<Database>({ dialect: watchedDialect(base, listeners, wrote) });
  writeListeners.set(db, listeners);
  return db;
}

/**
 * A value that moves whenever the data committed in the database may have changed, read without
 * writing anything: what answers kept in one API process are checked against before each use
 * (platform/kept-answers.ts). It may move without a change (a conservative reading), never stay put
 * across one. Read it before reading the data it will be kept with.
 *
 * - SQLite: `pragma data_version`, which moves when another connection (an operator command, an
 *   export thread, another process) commits, and a count of this connection's own writes, bumped when
 *   a write statement runs and again when its connection is released (after its commit or rollback).
 *   The pragma runs on the server's one connection without waiting for it (better-sqlite3 is
 *   synchronous), so the version is a plain string: no promise on the hot path. A read of the data
 *   waits for the connection, so it comes after a transaction that was open when the version was
 *   read, whose writes were already counted.
 * - PostgreSQL: `pg_current_snapshot()`: its xmin, xmax and in-progress ids say exactly which
 *   transactions a query sees, and they only move forward. The same snapshot text later means that no
 *   transaction committed or began writing in between, on any node. One round trip, shared by the
 *   callers that came while the previous read was out (readsAfterAsked).
 */
export type DataVersion = () => string | Promise<string>;
const dataVersions = new WeakMap<Db, DataVersion>();

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

export function dataVersionOf(db: Db): DataVersion {
  const version = dataVersions.get(db);
  if (!version) throw new Error('not a database made by createDb');
  return version;
}

type RowOf = (values: unknown[]) => Record<string, unknown>;

/**
 * `(v) => ({ [names[0]]: v[0], ... })` as one object literal, so every row of a statement shares one
 * hidden class. Duplicate names keep the last value, as better-sqlite3's own row objects do.
 */
export function arrayRowMaker(names: readonly string[]): RowOf {
  const body = `return {${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ')}};`;
  // The names are the statement's own result column names, quoted as JSON string literals.
  return new Function('v', body) as RowOf;
}

/** A statement as Kysely's SQLite driver uses it, and whether it is still being iterated. */
type KeptStatement = SqliteStatement & { readonly busy: boolean };

/**
 * A statement as Kysely uses it, whose rows are read as arrays (better-sqlite3's raw mode) and made
 * into objects by a function compiled once per statement (arrayRowMaker): better-sqlite3 builds a row
 * object column by column, which was most of the time of a short query returning a page of 25 columns.
 * A name the literal could not carry as an own property (`__proto__`) keeps the object mode.
 */
function rawRows(statement: SqliteDatabase.Statement): KeptStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((c) => c.name);
  if (names.includes('__proto__')) return statement;
  const row = arrayRowMaker(names);
  return {
    reader: true,
    all(parameters) {
      const arrays = statement.raw(true).all(parameters) as unknown[][];
      const out = new Array<Record<string, unknown>>(arrays.length);
      for (let i = 0; i < arrays.length; i += 1) out[i] = row(arrays[i]!);
      return out;
    },
    run: (parameters) => statement.run(parameters),
    iterate: (parameters) => statement.raw(false).iterate(parameters),
    get busy() {
      return statement.busy;
    },
  };
}

const SCHEMA_CHANGE = /^\s*(alter|create|drop)\b/i;
/**
 * A `*` other than `count(*)`: the result's columns come from the table, so a statement kept from
 * before a migration added one would answer without it (SQLite) or fail (PostgreSQL). Never kept.
 */
const STAR = /\*(?!\))/;

/**
 * better-sqlite3 under Kysely prepares every statement anew for each query; the hot paths repeat a few
 * hundred SQL texts, so each is prepared once and kept (the oldest dropped past `max`). A kept statement
 * still being iterated (an export streaming) is busy: the query then gets a fresh one. A kept statement
 * knows its result columns from when it was prepared: `select *` is never kept (STAR), and a schema
 * change through this handle (a migration, a test's table) drops them all.
 */
function preparedOnce(sqlite: SqliteDatabase.Database, max = 500): SqliteDialectConfig['database'] {
  const kept = new Map<string, KeptStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      if (SCHEMA_CHANGE.test(text)) kept.clear();
      const hit = kept.get(text);
      if (hit && !hit.busy) return hit;
      const statement = rawRows(sqlite.prepare(text));
      if (!hit && !STAR.test(text)) {
        kept.set(text, statement);
        if (kept.size > max) kept.delete(kept.keys().next().value ?? '');
      }
      return statement;
    },
  };
}

/** The SQL texts a connection keeps parsed: data statements whose result columns are named in the text. */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * PostgreSQL parses and describes an unnamed statement again at every query. A SQL text seen a second
 * time on a connection is sent as a named statement from then on, so later runs only bind and execute
 * (the daily report's statement: 1.84-1.93 -> 1.63-1.69 ms at p50; issue 13 §6). At most `max` texts a connection,
 * the first ones repeated; past that, texts go unnamed as before. The connection runs with
 * `plan_cache_mode = force_custom_plan`: each run is still planned for its own values, as an unnamed
 * statement is, never with a generic plan that could suit one merchant's data and not another's. Only
 * queries with values go through here (Kysely's); `begin`, `commit` and other plain texts do not.
 */
function namedStatements(client: pg.PoolClient, max: number): void {
  const names = new Map<string, string>();
  const seen = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (text: string): string | undefined => {
    const name = names.get(text);
    if (name !== undefined || names.size >= max) return name;
    if (!seen.has(text)) {
      if (seen.size >= 4 * max) seen.clear();
      seen.add(text);
      return undefined;
    }
    if (!NAMEABLE.test(text) || STAR.test(text)) return undefined;
    const fresh = `mbo_${names.size + 1}`;
    names.set(text, fresh);
    return fresh;
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, values: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' && Array.isArray(values) ? named(text) : undefined;
    return name === undefined ? query(text, values, ...rest) : query({ name, text, values }, ...rest);
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
    const own = { writes: 0 };
    const db = watchedKysely(new ImmediateSqliteDialect({ database: preparedOnce(sqlite) }), () => {
      own.writes += 1;
    });
    const dataVersion = sqlite.prepare('pragma data_version').pluck();
    dataVersions.set(db, () => {
      try {
        return `${String(dataVersion.get())}:${own.writes}`;
      } catch {
        // The connection is closed or busy: a version never given before, so nothing kept is used.
        own.writes += 1;
        return `unknown:${own.writes}`;
      }
    });
    return { db, dialect, sqlitePath: file === ':memory:' ? null : file, destroy: () => db.destroy() };
  }
  // DateStyle ISO whatever the server's default: a timestamp's text is 'YYYY-MM-DD HH:MI:SS' (the export
  // SQL's times, platform/export.ts timeSql), as pg's own date parser expects too.
  const settings = ['-c DateStyle=ISO'];
  if (options.statementTimeoutMs) settings.push(`-c statement_timeout=${options.statementTimeoutMs}`);
  const prepared = options.preparedStatements ?? 200;
  // A named statement is planned for its values at each run, as an unnamed one is (see namedStatements).
  if (prepared > 0 && options.customPlans !== false) settings.push('-c plan_cache_mode=force_custom_plan');
  if (options.jit === false) settings.push('-c jit=off');
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
  dataVersions.set(
    db,
    readsAfterAsked(async () => {
      const { rows } = await sql<{ v: string }>`select pg_current_snapshot()::text as v`.execute(db);
      return rows[0]!.v;
    }),
  );
  return { db, dialect, sqlitePath: null, destroy: () => db.destroy() };
}
