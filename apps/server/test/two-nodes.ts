import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb, type Db, type DbHandle } from '../src/db/database';
import { createClock, type TestClock } from './helpers';
import { createTestDb, type TestDb } from './test-db';

/**
 * Two API nodes on one test database, each with its own connection pool (as two server processes
 * behind a load balancer), sharing one clock: what the per-process caches are tested on.
 */
export type TwoNodes = {
  testDb: TestDb;
  clock: TestClock;
  /** The first node, on the test database's own pool. */
  a: FastifyInstance;
  /** The second node, on a pool of its own. */
  b: FastifyInstance;
  /** The second node's database. */
  second: DbHandle;
  close: () => Promise<void>;
};

export async function startTwoNodes(): Promise<TwoNodes> {
  const testDb = await createTestDb();
  const clock = createClock();
  const second = createDb(testDb.url, { poolMax: 3 });
  const node = async (db: Db): Promise<FastifyInstance> => {
    const config = {
      ...loadConfig({}, os.tmpdir()),
      databaseUrl: testDb.url,
      logLevel: 'silent' as const,
      webDist: path.join(os.tmpdir(), 'mbo-no-web-dist'),
    };
    const app = await buildApp({ config, db, now: clock.now });
    await app.ready();
    return app;
  };
  const a = await node(testDb.db);
  const b = await node(second.db);
  return {
    testDb,
    clock,
    a,
    b,
    second,
    close: async () => {
      await a.close();
      await b.close();
      await second.destroy();
      await testDb.cleanup();
    },
  };
}

/** Polls until `done` holds, and says how long that took (ms of real time). */
export async function within(limitMs: number, done: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await done()) return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error(`not honoured within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
