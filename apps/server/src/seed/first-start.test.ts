import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { verifyRollups } from '../platform/rollups';
import { createTestDb, emptyDatabaseUrl } from '../../test/test-db';
import type { Db } from '../db/database';
import { openDatabase } from '../db/open';
import { DEMO_SIGN_IN } from './demo';
import { seedWhenEmpty } from './first-start';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CHILD = path.join('apps', 'server', 'test', 'first-start-child.ts');

let target: { url: string; cleanup: () => Promise<void> };
let dataDir: string;
beforeAll(async () => {
  target = await emptyDatabaseUrl();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-first-start-'));
});
afterAll(async () => {
  await target.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function indexNames(db: Db, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and sql is not null`.execute(db);
  return rows.map((r) => r.name).sort();
}

/** Starts the first start (test/first-start-child.ts) and kills it with SIGKILL once its seed has written a chunk. */
async function killFirstStartMidSeed(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: target.url,
      DATA_DIR: dataDir,
      SEED_ON_EMPTY: 'true',
      // Two chunks of 20,000: the first is written, with the bulk load's indexes dropped, when the child stops.
      DEMO_TRANSACTIONS: '40000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
      if (output.includes('seed: first chunk written')) resolve();
    });
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`the first start exited (${code}) before its seed wrote a chunk:\n${output}`)));
  });
  child.kill('SIGKILL');
  await exited;
}

describe('a first start killed during the demo seed', () => {
  it('leaves nothing the next start serves: the next start loads the whole demo data again, and then serves it', async () => {
    await killFirstStartMidSeed();

    // The next start, as main.ts makes it (migrations, then the seed of an empty database), with a smaller seed.
    const handle = await openDatabase(
      { databaseUrl: target.url, databasePoolMax: 4, statementTimeoutMs: 0, preparedStatements: 200 },
      seedWhenEmpty({ seedOnEmpty: true, demoTransactions: 2_000 }, { log: () => undefined }),
    );
    const fresh = await createTestDb();
    try {
      const { db } = handle;
      // Every index of the schema is there: none is left dropped by the killed bulk load.
      expect(await indexNames(db, handle.dialect)).toEqual(await indexNames(fresh.db, fresh.dialect));
      // The demo data of this start alone, whole: none of the killed start's 20,000 transactions, a
      // ledger, and rollups equal to the rows they sum.
      const count = async (table: 'transactions' | 'ledger_entries' | 'merchants') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('merchants')).toBe(2);
      expect(await count('transactions')).toBeGreaterThanOrEqual(2_000);
      expect(await count('transactions')).toBeLessThan(3_000);
      expect(await count('ledger_entries')).toBeGreaterThan(0);
      expect((await verifyRollups(db)).problems).toEqual([]);

      // And it serves: the demo owner signs in.
      const config = {
        ...loadConfig({}, dataDir),
        databaseUrl: target.url,
        logLevel: 'silent' as const,
        webDist: path.join(dataDir, 'no-web'),
      };
      const app = await buildApp({ config, db });
      try {
        const res = await app.inject({
          method: 'POST',
          url: `${API_BASE}${ApiPath.login}`,
          payload: { merchantNo: DEMO_SIGN_IN.merchantNo, loginName: DEMO_SIGN_IN.loginName, password: DEMO_SIGN_IN.password },
        });
        expect(res.json()).toMatchObject({ code: 0 });
      } finally {
        await app.close();
      }
    } finally {
      await fresh.cleanup();
      await handle.destroy();
    }
  });
});
