import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabaseUrl } from '../../test/test-db';
import { createDb } from './database';
import { allMigrations, SchemaError } from './migrate';
import { openDatabase } from './open';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/*
 * Expand, then contract (db/migrate.ts): a build meets a schema that a newer build migrated (a rollback,
 * or an older node during a rolling deploy). It runs on it when every migration it does not know was
 * declared compatible by the build that applied it, and refuses with a message saying what to do when
 * one was declared breaking.
 */

let target: { url: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  target = await emptyDatabaseUrl();
});
afterAll(async () => {
  await target.cleanup();
});

const config = (migrateOnStart = true) => ({
  databaseUrl: target.url,
  databasePoolMax: 2,
  statementTimeoutMs: 0,
  preparedStatements: 0,
  migrateOnStart,
});

async function open(migrateOnStart = true): Promise<string[]> {
  const handle = await openDatabase(config(migrateOnStart));
  await handle.destroy();
  return handle.newer;
}

/** What a newer build leaves: its migration applied and, unless `compatible` is null, what it declared. */
async function recordNewer(name: string, compatible: boolean | null): Promise<void> {
  const { db, destroy } = createDb(target.url);
  try {
    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(db);
    if (compatible !== null)
      await sql`insert into migration_compatibility (name, compatible) values (${name}, ${compatible ? 1 : 0})`.execute(db);
  } finally {
    await destroy();
  }
}

async function bookkeeping(): Promise<{ applied: string[]; compatibility: Record<string, number> }> {
  const { db, destroy } = createDb(target.url);
  try {
    const applied = (await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(db))
      .rows;
    const rows = (await sql<{ name: string; compatible: number }>`select name, compatible from migration_compatibility`.execute(db)).rows;
    return {
      applied: applied.map((r) => `${r.name}@${r.timestamp}`),
      compatibility: Object.fromEntries(rows.map((r) => [r.name, Number(r.compatible)])),
    };
  } finally {
    await destroy();
  }
}

async function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: target.url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

describe('migrations as a deployment step of their own (MIGRATE_ON_START=false, npm run migrate)', () => {
  it('a server that may not migrate refuses an empty or older schema, saying what to run; after `npm run migrate` it starts', async () => {
    await expect(open(false)).rejects.toThrow(SchemaError);
    await expect(open(false)).rejects.toThrow(/behind this build: \d+ of its \d+ migrations not applied .*Run `npm run migrate`/);
    // The server itself exits with that message before it listens.
    const server = await run('apps/server/src/main.ts', [], { MIGRATE_ON_START: 'false', SEED_ON_EMPTY: 'false', PORT: '0' });
    expect(server.code).toBe(1);
    expect(server.output).toContain('database schema: the database schema is behind this build');

    const check = await run('apps/server/src/cli/migrate.ts', ['--check'], {});
    expect(check.code).toBe(1);
    const migrate = await run('apps/server/src/cli/migrate.ts', [], {});
    expect(migrate.output).toContain('applied: 0001-foundation');
    expect(migrate.code).toBe(0);
    expect((await run('apps/server/src/cli/migrate.ts', ['--check'], {})).code).toBe(0);
    expect(await open(false)).toEqual([]);
  });
});

describe('a schema migrated by a newer build', () => {
  it('records for every applied migration what it was declared; a database migrated before the record keeps its rows and gets it', async () => {
    await open();
    const names = Object.keys(allMigrations('sqlite'));
    const first = await bookkeeping();
    expect(Object.keys(first.compatibility).sort()).toEqual(names);
    expect(first.compatibility['0021-card-testing']).toBe(1);
    expect(first.compatibility['0008-system-management']).toBe(0);

    // A database migrated by a build before the record: Kysely's rows only.
    const { db, destroy } = createDb(target.url);
    await sql`drop table migration_compatibility`.execute(db);
    await destroy();
    await open();
    expect(await bookkeeping()).toEqual(first);
  });

  it('runs on migrations it does not know when they were declared compatible, and says so', async () => {
    await recordNewer('9000-future-column', true);
    expect(await open()).toEqual(['9000-future-column']);
    expect(await open(false)).toEqual(['9000-future-column']);
    expect((await run('apps/server/src/cli/migrate.ts', ['--check'], {})).code).toBe(0);
  });

  it('refuses one declared breaking (or not declared at all), with a message saying what to do', async () => {
    await recordNewer('9001-future-drop', false);
    for (const migrate of [true, false]) {
      await expect(open(migrate)).rejects.toThrow(SchemaError);
      await expect(open(migrate)).rejects.toThrow(
        /migration 9001-future-drop applied, which this build does not know and which a newer build declared breaking .*Run a build that knows them, or restore the backup/,
      );
    }
    const server = await run('apps/server/src/main.ts', [], { SEED_ON_EMPTY: 'false', PORT: '0' });
    expect(server.code).toBe(1);
    expect(server.output).toContain('database schema: the database has migration 9001-future-drop applied');

    const { db, destroy } = createDb(target.url);
    await sql`delete from migration_compatibility where name = '9001-future-drop'`.execute(db);
    await destroy();
    await expect(open()).rejects.toThrow(/9001-future-drop/);
  });
});
