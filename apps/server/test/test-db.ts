import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type DbHandle } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { ensureCurrencies } from '../src/db/seed/currencies';

export type TestDb = DbHandle & {
  url: string;
  /** What a server started as a child process opens to reach this same database (on PostgreSQL: the schema). */
  processUrl: string;
  cleanup: () => Promise<void>;
};

/**
 * A real, empty, migrated database for one test file: a temporary SQLite file by default, or a
 * fresh PostgreSQL schema when TEST_DATABASE_URL points at a server.
 */
export async function createTestDb(): Promise<TestDb> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl && /^postgres(ql)?:\/\//.test(pgUrl)) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const handle = createDb(pgUrl, { searchPath: schema, poolMax: 5 });
    await migrateToLatest(handle.db, handle.dialect);
    await ensureCurrencies(handle.db);
    return {
      ...handle,
      url: pgUrl,
      processUrl: `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      cleanup: async () => {
        await handle.destroy();
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop schema if exists ${schema} cascade`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-test-'));
  const url = `sqlite:${path.join(dir, 'test.sqlite')}`;
  const handle = createDb(url);
  await migrateToLatest(handle.db, handle.dialect);
  await ensureCurrencies(handle.db);
  return {
    ...handle,
    url,
    processUrl: url,
    cleanup: async () => {
      await handle.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The URL of a new database with nothing in it, not even the schema (what a first start meets): a new
 * PostgreSQL database when TEST_DATABASE_URL points at a server, else a new SQLite file.
 */
export async function emptyDatabaseUrl(): Promise<{ url: string; cleanup: () => Promise<void> }> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl && /^postgres(ql)?:\/\//.test(pgUrl)) {
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-empty-'));
  return { url: `sqlite:${path.join(dir, 'first.sqlite')}`, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}
