import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type DbHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { ensureCurrencies } from '../src/db/seed/currencies';

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
 */
export async function createTestDb(): Promise<TestDb> {
  const empty = await emptyDatabaseUrl();
  const handle = createDb(empty.url, isPostgres(empty.url) ? { poolMax: 5 } : {});
  await migrateToLatest(handle.db, handle.dialect);
  await ensureCurrencies(handle.db);
  return {
    ...handle,
    url: empty.url,
    cleanup: async () => {
      await handle.destroy();
      await empty.cleanup();
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
  if (isPostgres(pgUrl)) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-test-'));
  return { url: `sqlite:${path.join(dir, 'test.sqlite')}`, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}
