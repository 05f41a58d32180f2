import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP, type TListPage } from '@mbo/shared/list';
import { createMerchant } from '../../test/factories';
import { createTestDb, type TestDb } from '../../test/test-db';
import type { Flag } from '../db/types';
import { exportReaderFactory } from './export-reader';
import { keysetBatches } from './keyset-walk';
import { keysetPage } from './list';

/*
 * The list helper on a real table (login attempts: merchant, time, id, outcome), on SQLite or on
 * PostgreSQL with TEST_DATABASE_URL. Times repeat on purpose: the id must break the ties so no row is
 * skipped or shown twice between pages.
 */

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.cleanup();
});

type Row = { id: number; created_at: number; success: Flag };

async function insertLogs(merchantId: number, times: readonly number[]) {
  const rows = times.map((created_at, i) => ({
    merchant_id: merchantId,
    admin_id: null,
    merchant_no: 'm',
    login_name: 'x',
    ip: '203.0.113.1',
    user_agent: '',
    success: (i % 3 === 0 ? 0 : 1) as Flag,
    reason: 'login.ok',
    created_at,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db.db
      .insertInto('login_logs')
      .values(rows.slice(i, i + 500))
      .execute();
}

const base = (merchantId: number, success?: Flag) =>
  db.db
    .selectFrom('login_logs')
    .where('merchant_id', '=', merchantId)
    .$if(success !== undefined, (qb) => qb.where('success', '=', success ?? 0));

const logList = (merchantId: number, direction: 'asc' | 'desc', success?: Flag) =>
  ({
    rows: () => base(merchantId, success).select(['id', 'created_at', 'success']),
    sort: { column: 'created_at', id: 'id', direction, value: (r: Row) => r.created_at },
  }) as const;

function page(merchantId: number, direction: 'asc' | 'desc', q: { page?: number; limit: number; after?: string }, success?: Flag) {
  return keysetPage(
    db.db,
    logList(merchantId, direction, success),
    { page: q.page ?? 1, limit: q.limit, after: q.after },
    { count: base(merchantId, success) },
  );
}

/** Every row by following `nextCursor` from the first page. */
async function walk(merchantId: number, direction: 'asc' | 'desc', limit: number): Promise<TListPage<Row>[]> {
  const pages = [await page(merchantId, direction, { limit })];
  for (let p = pages[0]!; p.nextCursor !== null;) {
    p = await page(merchantId, direction, { page: pages.length + 1, limit, after: p.nextCursor });
    pages.push(p);
  }
  return pages;
}

async function allRows(merchantId: number): Promise<Row[]> {
  return base(merchantId).select(['id', 'created_at', 'success']).execute();
}

const byTimeThenId = (a: Row, b: Row) => a.created_at - b.created_at || a.id - b.id;

describe('keyset pages', () => {
  let m: number;
  beforeAll(async () => {
    m = (await createMerchant(db.db)).id;
    // 23 rows on 4 distinct times: runs of equal sort values cross every page boundary.
    await insertLogs(
      m,
      Array.from({ length: 23 }, (_, i) => 1_000 + (i % 4) * 10),
    );
  });

  it('newest first: every row once, in (time, id) descending order, across equal times', async () => {
    const pages = await walk(m, 'desc', 5);
    expect(pages.map((p) => p.list.length)).toEqual([5, 5, 5, 5, 3]);
    const expected = (await allRows(m)).sort(byTimeThenId).reverse();
    expect(pages.flatMap((p) => p.list.map((r) => r.id))).toEqual(expected.map((r) => r.id));
    expect(pages.every((p) => p.total === 23 && !p.capped)).toBe(true);
    expect(pages.at(-1)?.nextCursor).toBeNull();
  });

  it('oldest first: the same rows ascending', async () => {
    const pages = await walk(m, 'asc', 4);
    const expected = (await allRows(m)).sort(byTimeThenId);
    expect(pages.flatMap((p) => p.list.map((r) => r.id))).toEqual(expected.map((r) => r.id));
  });

  it('a cursor alone (no page number, as an API client sends it) gives the next rows, never the first page again', async () => {
    const expected = (await allRows(m)).sort(byTimeThenId).reverse();
    const seen: number[] = [];
    let after: string | undefined;
    // At most one page more than the rows need: a list that ignored the cursor would repeat page 1.
    for (let i = 0; i < 6; i += 1) {
      const p = await page(m, 'desc', { limit: 5, after });
      seen.push(...p.list.map((r) => r.id));
      if (p.nextCursor === null) break;
      after = p.nextCursor;
    }
    expect(seen).toEqual(expected.map((r) => r.id));
  });

  it('a page number (OFFSET) and the cursor chain give the same rows on every page', async () => {
    for (const direction of ['desc', 'asc'] as const) {
      const chained = await walk(m, direction, 6);
      for (let i = 0; i < chained.length; i += 1) {
        const jumped = await page(m, direction, { page: i + 1, limit: 6 });
        expect(
          jumped.list.map((r) => r.id),
          `${direction} page ${i + 1}`,
        ).toEqual(chained[i]!.list.map((r) => r.id));
        expect(jumped.nextCursor).toBe(chained[i]!.nextCursor);
      }
    }
  });

  it('a cursor made under other filters, another order or another list is only a position: no error, nothing outside the list', async () => {
    const other = (await createMerchant(db.db)).id;
    await insertLogs(other, [5_000, 5_000, 5_001]);
    const descCursor = (await page(m, 'desc', { limit: 5 })).nextCursor!;
    const foreignCursor = (await page(other, 'desc', { limit: 1 })).nextCursor!;
    const mine = new Set((await allRows(m)).map((r) => r.id));
    for (const [direction, after, success] of [
      ['asc', descCursor, undefined],
      ['desc', descCursor, 0],
      ['desc', foreignCursor, undefined],
      ['asc', foreignCursor, 1],
      ['desc', '0_0', undefined],
      ['asc', '999999999999999_999999999999999', undefined],
    ] as const) {
      const p = await page(m, direction, { page: 2, limit: 50, after }, success);
      expect(p.list.every((r) => mine.has(r.id) && (success === undefined || r.success === success))).toBe(true);
    }
    expect((await page(m, 'desc', { limit: 5, after: '0_0' })).list).toEqual([]);
    expect((await page(m, 'desc', { limit: 5, after: foreignCursor })).list).toHaveLength(5);
  });

  it('export batches: every row once, in the list order, through Kysely and through the export reader (arrays)', async () => {
    const expected = (await allRows(m)).sort(byTimeThenId).reverse();
    const readers = [null, exportReaderFactory(db.url, db.db)];
    for (const reader of readers) {
      const seen: Row[] = [];
      for await (const batch of keysetBatches(logList(m, 'desc'), { batchRows: 4, reader })) seen.push(...batch);
      expect(seen.map((r) => [r.id, Number(r.created_at)])).toEqual(expected.map((r) => [r.id, r.created_at]));
    }
  });
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('keyset walk slices', () => {
  it('slices cut at the bounds give the rows of the whole walk, in order, both ways, whatever the slice size', async () => {
    const m = (await createMerchant(db.db)).id;
    // 61 rows over 9 distinct times: slice bounds fall inside runs of equal times.
    await insertLogs(
      m,
      Array.from({ length: 61 }, (_, i) => 5_000 + (i % 9) * 10),
    );
    for (const direction of ['desc', 'asc'] as const) {
      for (const reader of [null, exportReaderFactory(db.url, db.db)]) {
        const walk = keysetBatches(logList(m, direction), { batchRows: 4, reader });
        const whole: number[] = [];
        for await (const batch of walk) whole.push(...batch.map((r) => r.id));
        expect(whole).toHaveLength(61);
        for (const every of [1, 7, 20, 61, 100]) {
          const bounds: { value: number; id: number }[] = [];
          for await (const b of walk.bounds(every)) bounds.push(b);
          expect(bounds, `${direction} every ${every}`).toHaveLength(Math.ceil(61 / every));
          const sliced: number[] = [];
          for (let k = 0; k < bounds.length; k += 1) {
            for await (const batch of walk.slice(bounds[k]!, bounds[k + 1] ?? null)) sliced.push(...batch.map((r) => r.id));
          }
          expect(sliced, `${direction} every ${every}`).toEqual(whole);
        }
      }
    }
  });

  it('a slice hands its end to the list, which may bound its range there (inclusive of ties): the rows are those of the whole walk', async () => {
    const m = (await createMerchant(db.db)).id;
    await insertLogs(
      m,
      Array.from({ length: 50 }, (_, i) => 7_000 + (i % 6) * 10),
    );
    for (const direction of ['desc', 'asc'] as const) {
      const ends: (number | null)[] = [];
      // As the transactions list does: the slice's end narrows the range's far end, so the last batch stops there.
      const bounded = {
        ...logList(m, direction),
        rows: (_seek: unknown, until?: { value: number; id: number } | null) => {
          ends.push(until ? until.value : null);
          return base(m)
            .$if(!!until && direction === 'desc', (qb) => qb.where('created_at', '>=', until?.value ?? 0))
            .$if(!!until && direction === 'asc', (qb) => qb.where('created_at', '<=', until?.value ?? 0))
            .select(['id', 'created_at', 'success']);
        },
      };
      const walk = keysetBatches(bounded, { batchRows: 3, reader: exportReaderFactory(db.url, db.db) });
      const whole: number[] = [];
      for await (const batch of walk) whole.push(...batch.map((r) => r.id));
      const bounds = await collect(walk.bounds(8));
      ends.length = 0;
      const sliced: number[] = [];
      for (let k = 0; k < bounds.length; k += 1) {
        for await (const batch of walk.slice(bounds[k]!, bounds[k + 1] ?? null)) sliced.push(...batch.map((r) => r.id));
      }
      expect(sliced, direction).toEqual(whole);
      expect(whole).toHaveLength(50);
      // Every slice but the last handed its end to the list.
      expect(new Set(ends.filter((e) => e !== null)), direction).toEqual(new Set(bounds.slice(1).map((b) => b.value)));
    }
  });

  it('the first slice starts at the first key: a row that sorts before it, written later, is not read', async () => {
    const m = (await createMerchant(db.db)).id;
    await insertLogs(m, [100, 200, 300]);
    const walk = keysetBatches(logList(m, 'desc'), { batchRows: 2 });
    const [first] = await collect(walk.bounds(10));
    await insertLogs(m, [400]);
    const rows: number[] = [];
    for await (const batch of walk.slice(first!, null)) rows.push(...batch.map((r) => r.created_at));
    expect(rows.map(Number)).toEqual([300, 200, 100]);
  });

  it('a walk of no rows has no bounds', async () => {
    const m = (await createMerchant(db.db)).id;
    expect(await collect(keysetBatches(logList(m, 'desc')).bounds(5))).toEqual([]);
  });
});

describe('count', () => {
  it('is exact up to the cap, then the cap with `capped`; an exact total from elsewhere wins', async () => {
    const m = (await createMerchant(db.db)).id;
    await insertLogs(
      m,
      Array.from({ length: LIST_COUNT_CAP }, (_, i) => 1_000 + i),
    );
    expect(await page(m, 'desc', { limit: 1 })).toMatchObject({ total: LIST_COUNT_CAP, capped: false });
    await insertLogs(m, [999]);
    expect(await page(m, 'desc', { limit: 1 })).toMatchObject({ total: LIST_COUNT_CAP, capped: true });
    const q = { page: 1, limit: 1 };
    const exact = await keysetPage(db.db, logList(m, 'desc'), q, { count: base(m), exactTotal: () => Promise.resolve(LIST_COUNT_CAP + 1) });
    expect(exact).toMatchObject({ total: LIST_COUNT_CAP + 1, capped: false });
    const unknown = await keysetPage(db.db, logList(m, 'desc'), q, { count: base(m), exactTotal: () => Promise.resolve(null) });
    expect(unknown).toMatchObject({ total: LIST_COUNT_CAP, capped: true });
  });
});
