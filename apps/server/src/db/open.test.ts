import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabaseUrl } from '../../test/test-db';
import { openDatabase } from './open';

let target: { url: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  target = await emptyDatabaseUrl();
});
afterAll(async () => {
  await target.cleanup();
});

describe('a first start of several nodes at once', () => {
  it('runs the migrations and the seed once, under one lock; the other nodes wait and find the work done', async () => {
    const config = { databaseUrl: target.url, databasePoolMax: 4, statementTimeoutMs: 0, preparedStatements: 200 };
    const events: string[] = [];
    const node = (name: string) =>
      openDatabase(config, async ({ db }) => {
        events.push(`${name}:start`);
        // Stands for the demo seed of an empty database: it takes a while, during which no other node may start its own.
        const rows = await db.selectFrom('job_leases').select('name').execute();
        if (rows.length === 0) {
          await new Promise((r) => setTimeout(r, 300));
          await db.insertInto('job_leases').values({ name: 'seeded', holder: name, lease_until: 0, last_run_at: null }).execute();
          events.push(`${name}:seeded`);
        }
        events.push(`${name}:end`);
      });
    const handles = await Promise.all([node('a'), node('b'), node('c')]);
    try {
      // Each node's start-up work ran whole before the next one began: never interleaved.
      for (let i = 0; i < events.length; i += 1) {
        const [name, step] = events[i]!.split(':');
        if (step === 'start') expect(events.slice(i + 1).find((e) => e.startsWith(`${name}:end`))).toBeDefined();
        if (step === 'seeded' || step === 'end') expect(events[i - 1]?.startsWith(`${name}:`)).toBe(true);
      }
      expect(events.filter((e) => e.endsWith(':seeded'))).toHaveLength(1);
      // The migrations were applied by exactly one of them.
      expect(handles.map((h) => h.applied.length > 0).filter(Boolean)).toHaveLength(1);
      expect(await handles[0]!.db.selectFrom('job_leases').select('name').execute()).toEqual([{ name: 'seeded' }]);
    } finally {
      for (const h of handles) await h.destroy();
    }
  });
});
