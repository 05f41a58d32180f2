import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/test-db';
import { createDb, type DbHandle } from './database';

/**
 * PostgreSQL connections keep SQL texts they run again as named statements (kept-statements.ts,
 * namedStatements). On SQLite the same queries run through the kept prepared statements; the answers
 * must be the same on both, a column added by a migration included.
 */
let t: TestDb;
const handles: DbHandle[] = [];
beforeAll(async () => {
  t = await createTestDb();
  await sql`create table scratch (id integer primary key, name text not null)`.execute(t.db);
  await sql`insert into scratch (id, name) values (1, 'a'), (2, 'b'), (3, 'c')`.execute(t.db);
});
afterAll(async () => {
  for (const h of handles) await h.destroy();
  await t.cleanup();
});

function open(preparedStatements?: number): DbHandle {
  const h = createDb(t.url, preparedStatements === undefined ? {} : { preparedStatements });
  handles.push(h);
  return h;
}

/** The scratch table, which the schema's types do not know. */
type Any = Kysely<{ scratch: { id: number; name: string; extra: number | null } }>;

/** The statements the transaction's own connection keeps, after running `run` in it. */
async function keptAfter(h: DbHandle, run: (trx: Any) => Promise<void>): Promise<string[]> {
  return (h.db as unknown as Any).transaction().execute(async (trx) => {
    await run(trx);
    if (h.dialect !== 'postgres') return [];
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements where name like 'mbo_%'`.execute(trx);
    return rows.map((r) => r.statement);
  });
}

const byName = (db: Any, id: number) => db.selectFrom('scratch').select(['id', 'name']).where('id', '=', id).execute();
const everything = (db: Any) => db.selectFrom('scratch').selectAll().orderBy('id').execute();
const counted = (db: Any) =>
  db
    .selectFrom('scratch')
    .select(sql<number>`count(*)`.as('n'))
    .where('id', '>', 0)
    .execute();

describe('named statements', () => {
  it('a text run twice on a connection is kept and answers each run with its own values; `select *` is never kept', async () => {
    const h = open();
    const answers: unknown[] = [];
    const kept = await keptAfter(h, async (db) => {
      for (const id of [1, 2, 3, 2]) answers.push(await byName(db, id));
      for (let i = 0; i < 3; i += 1) answers.push((await counted(db))[0]?.n);
      await everything(db);
      await everything(db);
    });
    expect(answers).toEqual([[{ id: 1, name: 'a' }], [{ id: 2, name: 'b' }], [{ id: 3, name: 'c' }], [{ id: 2, name: 'b' }], 3, 3, 3]);
    if (h.dialect === 'postgres') {
      expect(kept.some((s) => s.startsWith('select "id", "name" from "scratch"'))).toBe(true);
      expect(kept.some((s) => s.includes('count(*)'))).toBe(true);
      expect(kept.filter((s) => /\*(?!\))/.test(s))).toEqual([]);
      const mode = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(h.db);
      expect(mode.rows[0]?.plan_cache_mode).toBe('force_custom_plan');
    }
  });

  it('after a migration adds a column, a kept text still answers and `select *` shows the new column', async () => {
    const h = open();
    const db = h.db as unknown as Any;
    for (let i = 0; i < 3; i += 1) await byName(db, 1);
    await everything(db);
    await everything(db);
    await sql`alter table scratch add column extra integer`.execute(t.db);
    expect(await byName(db, 1)).toEqual([{ id: 1, name: 'a' }]);
    expect((await everything(db))[0]).toEqual({ id: 1, name: 'a', extra: null });
  });

  it('keeps at most the configured number of texts a connection, and none when it is 0', async () => {
    const queries = [1, 2, 3, 4, 5].map(
      (n) => (db: Any) =>
        db
          .selectFrom('scratch')
          .select(sql<number>`${sql.lit(n)}`.as('n'))
          .where('id', '=', 1)
          .execute(),
    );
    for (const [max, expected] of [
      [2, 2],
      [0, 0],
    ] as const) {
      const h = open(max);
      const results: unknown[] = [];
      const kept = await keptAfter(h, async (db) => {
        for (let round = 0; round < 3; round += 1) for (const q of queries) results.push((await q(db))[0]?.n);
      });
      expect(results).toEqual([1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5]);
      if (h.dialect === 'postgres') expect(kept).toHaveLength(expected);
    }
  });
});
