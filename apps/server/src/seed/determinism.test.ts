import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db';
import { seedDemo } from './demo';

/**
 * The README's promise: the same seed and the same moment (`npm run seed -- --seed N --now TIME`) give
 * the same data. Every table of two databases seeded apart is compared row by row; only what is meant
 * to differ is left out: password hashes (salted at random) and the migrator's own timestamps.
 */
async function seededTables(now: number, seed: number): Promise<Record<string, string[]>> {
  const t = await createTestDb();
  try {
    await seedDemo(t.db, now, { transactions: 3000, seed });
    const out: Record<string, string[]> = {};
    for (const table of await t.db.introspection.getTables()) {
      if (table.name === 'kysely_migration' || table.name === 'kysely_migration_lock') continue;
      const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(t.db)).rows;
      out[table.name] = rows.map(({ password_hash: _hash, ...row }) => JSON.stringify(row)).sort();
    }
    return out;
  } finally {
    await t.cleanup();
  }
}

describe('demo seed determinism', () => {
  it('the same seed and moment give the same rows in every table; another moment of the same day does not', async () => {
    const now = Date.UTC(2026, 10, 26, 9, 30);
    const [a, b, later] = await Promise.all([seededTables(now, 7), seededTables(now, 7), seededTables(now + 3 * 3600_000, 7)]);
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    for (const table of ['transactions', 'refunds', 'disputes', 'ledger_entries', 'withdrawals', 'waybills', 'websites']) {
      expect(a[table]?.length ?? 0, table).toBeGreaterThan(0);
    }
    for (const table of Object.keys(a)) expect(b[table], table).toEqual(a[table]);
    // Today's transactions and the funds replayed up to `now` depend on the time of day, not only the day.
    expect(later.transactions).not.toEqual(a.transactions);
  }, 120_000);
});
