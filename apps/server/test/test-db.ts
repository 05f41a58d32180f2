import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDb, type DbHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { ensureCurrencies } from '../src/db/currencies';
import { forTestFile } from './for-test-file';

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

export type TestDb = DbHandle & {
  /** The database's URL: what another connection or a server started as a child process opens to reach it. */
  url: string;
  cleanup: () => Promise<void>;
};

/**
 * A real, empty, migrated database for one test file: a temporary SQLite file by default, or a new
 * PostgreSQL database when TEST_DATABASE_URL points at a server. A database, not a schema in a shared
 * one: the migrator looks for its bookkeeping table by listing the tables of every schema, and test
 * files that run at the same time (two workers) drop their schemas under each other's listing.
 *
 * It is a copy of a template migrated once (`migratedTemplate`), not migrated again for each file:
 * running the migrations took 0.4-0.6 s a database on PostgreSQL and 0.1-0.35 s on SQLite, for about
 * 65 databases a run; a copy takes a few milliseconds (SQLite) or about 0.1 s (PostgreSQL). The tests
 * of the migrations themselves start from `emptyDatabaseUrl()`.
 */
export async function createTestDb(): Promise<TestDb> {
  const copy = await copyOfTemplate();
  const handle = createDb(copy.url, isPostgres(copy.url) ? { poolMax: 5 } : {});
  return {
    ...handle,
    url: copy.url,
    cleanup: async () => {
      await handle.destroy();
      await copy.cleanup();
    },
  };
}

/** The migrated database of one test file, for tests below the API: made before its first test, dropped after its last. */
export function testDbForFile(): TestDb {
  const fields = { db: true, dialect: true, sqlitePath: true, url: true, destroy: true, cleanup: true } as const;
  return forTestFile(createTestDb, (d) => d.cleanup(), fields);
}

/** What the template holds depends on the migrations and the reference data: its name says which. */
function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = path.join(serverSrc, 'db', 'migrations');
  for (const file of fs.readdirSync(migrations).sort()) hash.update(file).update(fs.readFileSync(path.join(migrations, file)));
  for (const file of ['db/migrate.ts', 'db/currencies.ts']) hash.update(fs.readFileSync(path.join(serverSrc, file)));
  return hash.digest('hex').slice(0, 16);
}

async function migrate(url: string): Promise<void> {
  const handle = createDb(url, isPostgres(url) ? { poolMax: 1 } : {});
  try {
    await migrateToLatest(handle.db, handle.dialect);
    await ensureCurrencies(handle.db);
  } finally {
    await handle.destroy();
  }
}

let template: Promise<string> | undefined;

/**
 * The migrated template (SQLite: a file `mbo-test-template-<key>.sqlite` in the temporary folder;
 * PostgreSQL: a database `mbo_tpl_<key>` made once per server under an advisory lock, so workers
 * started together make it once). The key changes with the migrations.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const pgUrl = process.env.TEST_DATABASE_URL;
    const key = templateKey();
    if (isPostgres(pgUrl)) {
      const name = `mbo_tpl_${key}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      try {
        await admin.query('select pg_advisory_lock(7262611)');
        const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount === 0) {
          await admin.query(`create database ${name}_new`);
          const url = new URL(pgUrl);
          url.pathname = `/${name}_new`;
          await migrate(url.toString());
          await admin.query(`alter database ${name}_new rename to ${name}`);
        }
      } finally {
        await admin.query('select pg_advisory_unlock(7262611)').catch(() => undefined);
        await admin.end();
      }
      return name;
    }
    // One file per version of the schema, kept between runs: written under a name of its own, then
    // renamed into place, so workers making it at the same time never read a half-written one.
    const file = path.join(os.tmpdir(), `mbo-test-template-${key}.sqlite`);
    if (!fs.existsSync(file)) {
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await migrate(`sqlite:${partial}`);
      fs.renameSync(partial, file);
    }
    return file;
  })().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return template;
}

async function copyOfTemplate(): Promise<{ url: string; cleanup: () => Promise<void> }> {
  const source = await migratedTemplate();
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (isPostgres(pgUrl)) return newPostgresDatabase(pgUrl, source);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-test-'));
  const file = path.join(dir, 'test.sqlite');
  fs.copyFileSync(source, file);
  return { url: `sqlite:${file}`, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function newPostgresDatabase(pgUrl: string, template?: string): Promise<{ url: string; cleanup: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    cleanup: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const isPostgres = (url: string | undefined): url is string => Boolean(url && /^postgres(ql)?:\/\//.test(url));

/**
 * The URL of a new database with nothing in it, not even the schema (what a first start meets): a new
 * PostgreSQL database when TEST_DATABASE_URL points at a server, else a new SQLite file.
 */
export async function emptyDatabaseUrl(): Promise<{ url: string; cleanup: () => Promise<void> }> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (isPostgres(pgUrl)) return newPostgresDatabase(pgUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-test-'));
  return { url: `sqlite:${path.join(dir, 'test.sqlite')}`, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}
