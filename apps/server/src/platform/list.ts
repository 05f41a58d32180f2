/**
 * The server half of the one list contract (packages/shared/src/list.ts): keyset pages and the capped
 * count for every list of the product. Export batches are in keyset-walk.ts (read through
 * export-reader.ts) and the GET route in list-route.ts.
 *
 *   const list = (db: Db, scope: Scope, f: TThingFilters): KeysetList<...> => ({
 *     rows: () => base(db, scope, f).innerJoin(...).select(COLUMNS),     // scoped, filtered, with columns, unordered
 *     sort: { column: 'x.created_at', id: 'x.id', direction: 'desc', value: (r) => r.created_at },
 *   });
 *   keysetPage(db, list(db, scope, q), q, { count: base(db, scope, q) });   // one page, its next cursor and count
 *   keysetBatches(list(db, scope, f), { reader });                          // export: every row, 1,000 at a time
 *   registerList(app, { path, permission, query, page, list: (q, { db, scope }) => ... });   // the GET route
 *
 * - A next page (`after`) seeks past the previous page's last row with a row-value comparison on
 *   (sort column, id), which an index on (…, sort column, id) serves at any depth. A page number
 *   without a cursor (a jump) starts from the nearest page boundary cached for the same query (see
 *   `jumpStart`) and skips at most PAGE_BOUNDARIES.stride rows with OFFSET. Both give the same rows
 *   as OFFSET from the first row.
 * - One row more than the page is read to know whether a next page exists (`nextCursor`).
 * - The count is exact up to LIST_COUNT_CAP (a sub-select limited to one row more), then `capped`;
 *   a list with filters no index serves counts at most COUNT_SCAN.rows index rows (`scan`) and may
 *   answer a lower bound below the cap, also `capped` ("more than N"); a page without a cursor that
 *   is the last one makes the total exact;
 *   a list that knows its exact total cheaply (the transactions' daily rollups) passes `exactTotal`.
 *   The exact count beyond the cap is asked separately, after the page (list-count.ts, GET `<path>/count`).
 * - A cursor is only a position: one made under other filters, another sort or another list gives
 *   some rows of the current list (or none), never an error or a row outside the scope.
 */
import { sql, type SelectQueryBuilder, type StringReference } from 'kysely';
import { LIST_COUNT_CAP, formatCursor, parseCursor, type TListPage, type TListPaging } from '@mbo/shared/list';
import type { Db } from '../db/database';
import { exactCountAsked } from './list-count';

/** Where a next page starts: after the row with this sort value and id. */
export type Seek = { value: number; id: number };

export type SortKey<DB, TB extends keyof DB, Row> = {
  /** The sort column and the row id, as references of the rows query ('t.created_at', 't.id'). */
  column: StringReference<DB, TB>;
  id: StringReference<DB, TB>;
  direction: 'desc' | 'asc';
  /** The row's sort value as selected, for the next page's cursor. */
  value: (row: Row) => number;
};

export type KeysetList<DB, TB extends keyof DB, Row extends { id: number }> = {
  /**
   * The rows with their columns, scoped and filtered, unordered. `seek` is where a next page starts
   * (null on a first page or a page jump); a base query may use it to bound its range so the index
   * seek starts there (the transactions list does). `until` is where a slice of an export ends (the
   * export pool's slices, keysetBatches): the walk stops before it, and a base query may bound the
   * other end of its range there too. Without that bound the slice's last batch, which finds fewer
   * rows than its LIMIT, goes on reading the index to the end of the whole range: on SQLite 88-156 ms
   * for that batch of a million-row export, against about 1 ms for a full one.
   */
  rows: (seek: Seek | null, until?: Seek | null) => SelectQueryBuilder<DB, TB, Row>;
  sort: SortKey<DB, TB, Row>;
  /**
   * The same rows without the joins that only add columns (a page jump walks it to find where a deep
   * page starts, see `jumpStart`); `rows` when absent. A query builder over the same table aliases
   * as `rows` (typed loosely: its tables are a subset of theirs).
   */
  keys?: (seek: Seek | null) => unknown;
};

export type CountSpec<CDB, CTB extends keyof CDB, CO> = {
  /**
   * What to count: the same rows as the list, without the joins that only add columns; or a function
   * that builds it, when an exact total usually answers instead (building a query is not free).
   */
  count: SelectQueryBuilder<CDB, CTB, CO> | (() => SelectQueryBuilder<CDB, CTB, CO>);
  /** An exact total known cheaply elsewhere, or null to count rows up to the cap. */
  exactTotal?: () => Promise<number | null>;
  /**
   * For filters no index serves (the transactions' amount bounds): the rows an index reads for the
   * other conditions, each with `hit` 1 when it also matches those filters, 0 when not. The count then
   * reads at most COUNT_SCAN.rows of them (see `scannedCount`) instead of `count`.
   */
  scan?: () => SelectQueryBuilder<CDB, CTB, { hit: number }>;
};

/**
 * The most rows a count with `scan` reads. A filter that matches 1 row in 200 made the capped count
 * read the whole range to find 10,001 matches: 2.3 s of the only SQLite thread for a minimum amount
 * over 6 months of the 5M-row bench database, where its page took 10 ms. 5,000 index rows cost a few
 * ms, no more than the page itself.
 */
export const COUNT_SCAN = { rows: 5_000 };

export function ordered<DB, TB extends keyof DB, Row extends { id: number }>(
  list: KeysetList<DB, TB, Row>,
  seek: Seek | null,
  until: Seek | null = null,
) {
  const { column, id, direction } = list.sort;
  const col = sql.ref(column);
  const idCol = sql.ref(id);
  const past = direction === 'desc' ? sql.raw('<') : sql.raw('>');
  // The other side: rows before the slice's end.
  const before = direction === 'desc' ? sql.raw('>') : sql.raw('<');
  return list
    .rows(seek, until)
    .$if(seek !== null, (qb) => qb.where(sql<boolean>`(${col}, ${idCol}) ${past} (${seek?.value ?? 0}, ${seek?.id ?? 0})`))
    .$if(until !== null, (qb) => qb.where(sql<boolean>`(${col}, ${idCol}) ${before} (${until?.value ?? 0}, ${until?.id ?? 0})`))
    .orderBy(col, direction)
    .orderBy(idCol, direction);
}

/** The sort value and id of a list's rows, ordered, without their columns: what a page jump walks. */
export function orderedKeys<DB, TB extends keyof DB, Row extends { id: number }>(list: KeysetList<DB, TB, Row>, seek: Seek | null) {
  const { column, id, direction } = list.sort;
  const col = sql.ref(column);
  const idCol = sql.ref(id);
  const past = direction === 'desc' ? sql.raw('<') : sql.raw('>');
  const base = (list.keys ? list.keys(seek) : list.rows(seek)) as SelectQueryBuilder<DB, TB, object>;
  return base
    .clearSelect()
    .select([sql<number | string>`${col}`.as('k_value'), sql<number | string>`${idCol}`.as('k_id')])
    .$if(seek !== null, (qb) => qb.where(sql<boolean>`(${col}, ${idCol}) ${past} (${seek?.value ?? 0}, ${seek?.id ?? 0})`))
    .orderBy(col, direction)
    .orderBy(idCol, direction);
}

/**
 * Page boundaries of recent queries (issue 13 §7): for one list query (its SQL and parameters, so
 * the scope and filters are part of the key), the row after which row position `stride * n` starts.
 * A jump to a deep page starts at the nearest boundary at or before its first row: with one, it
 * skips fewer than `stride` rows; without, it walks the keys (an index-only walk, no columns, no
 * joins) once to that boundary and remembers it. Rows written after a boundary was found would
 * shift the positions, so a boundary is forgotten after `ttlMs`, and at once when the list's exact
 * total (the transactions' rollups) changes. In-process: each API node keeps its own.
 */
export const PAGE_BOUNDARIES = { stride: 1_000, ttlMs: 60_000, maxQueries: 500, maxPerQuery: 2_000 };

type Boundaries = { createdAt: number; total: number | null; marks: Map<number, Seek> };
const boundaryCache = new Map<string, Boundaries>();

/** Forgets every cached page boundary (tests; an operator command after a bulk change). */
export function clearPageBoundaries(): void {
  boundaryCache.clear();
}

function boundariesOf(key: string, total: number | null, now: number): Boundaries {
  const found = boundaryCache.get(key);
  if (found && now - found.createdAt <= PAGE_BOUNDARIES.ttlMs && found.total === total) {
    // Most recently used last, so the oldest key is the first to go.
    boundaryCache.delete(key);
    boundaryCache.set(key, found);
    return found;
  }
  boundaryCache.delete(key);
  while (boundaryCache.size >= PAGE_BOUNDARIES.maxQueries) {
    const oldest = boundaryCache.keys().next().value;
    if (oldest === undefined) break;
    boundaryCache.delete(oldest);
  }
  const fresh: Boundaries = { createdAt: now, total, marks: new Map() };
  boundaryCache.set(key, fresh);
  return fresh;
}

/**
 * Where the page at row `offset` starts: a seek (after that row) and the rows still to skip from it
 * (fewer than the stride). Null seek: from the first row.
 */
async function jumpStart<DB, TB extends keyof DB, Row extends { id: number }>(
  list: KeysetList<DB, TB, Row>,
  offset: number,
  total: number | null,
): Promise<{ seek: Seek | null; skip: number }> {
  const stride = PAGE_BOUNDARIES.stride;
  if (offset < stride) return { seek: null, skip: offset };
  const compiled = orderedKeys(list, null).compile();
  const entry = boundariesOf(`${compiled.sql}\n${JSON.stringify(compiled.parameters)}`, total, Date.now());
  const target = Math.floor(offset / stride) * stride;
  let at = 0;
  let seek: Seek | null = null;
  for (const [position, mark] of entry.marks) {
    if (position <= target && position > at) {
      at = position;
      seek = mark;
    }
  }
  if (at < target) {
    const row = (await orderedKeys(list, seek)
      .limit(1)
      .offset(target - at - 1)
      .executeTakeFirst()) as { k_value: number | string; k_id: number | string } | undefined;
    // Past the last row: the page is empty either way.
    if (!row) return { seek, skip: offset - at };
    seek = { value: Number(row.k_value), id: Number(row.k_id) };
    at = target;
    if (entry.marks.size < PAGE_BOUNDARIES.maxPerQuery) entry.marks.set(at, seek);
  }
  return { seek, skip: offset - at };
}

function cursorOf<DB, TB extends keyof DB, Row extends { id: number }>(list: KeysetList<DB, TB, Row>, row: Row): string {
  return formatCursor(Number(list.sort.value(row)), Number(row.id));
}

/** Rows counted up to one more than the cap, so a huge range costs no more than the cap. */
async function cappedCount<CDB, CTB extends keyof CDB, CO>(db: Db, spec: CountSpec<CDB, CTB, CO>['count']) {
  const count = typeof spec === 'function' ? spec() : spec;
  const row = await db
    .selectFrom(
      count
        .clearSelect()
        .select(sql<number>`1`.as('one'))
        .limit(LIST_COUNT_CAP + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return { total: Math.min(n, LIST_COUNT_CAP), capped: n > LIST_COUNT_CAP };
}

/**
 * The count of a list with `scan`: exact (up to the cap) when its first COUNT_SCAN.rows index rows are
 * all there is; otherwise the matches among them, as a lower bound (`capped`: "more than N").
 */
async function scannedCount<CDB, CTB extends keyof CDB>(db: Db, scan: () => SelectQueryBuilder<CDB, CTB, { hit: number }>) {
  const row = await db
    .selectFrom(scan().limit(COUNT_SCAN.rows).as('c'))
    .select([sql<number | string>`count(*)`.as('n'), sql<number | string>`coalesce(sum(hit), 0)`.as('hits')])
    .executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  if (Number(row.n) < COUNT_SCAN.rows) return { total: Math.min(hits, LIST_COUNT_CAP), capped: hits > LIST_COUNT_CAP };
  return { total: Math.min(hits, LIST_COUNT_CAP), capped: true };
}

function countOf<CDB, CTB extends keyof CDB, CO>(db: Db, counting: CountSpec<CDB, CTB, CO>) {
  return counting.scan ? scannedCount(db, counting.scan) : cappedCount(db, counting.count);
}

/** One page of a list, its next cursor, and its count (exact, or capped at LIST_COUNT_CAP). */
export async function keysetPage<DB, TB extends keyof DB, Row extends { id: number }, CDB, CTB extends keyof CDB, CO>(
  db: Db,
  list: KeysetList<DB, TB, Row>,
  q: TListPaging,
  counting: CountSpec<CDB, CTB, CO>,
): Promise<TListPage<Row>> {
  // Asked by a count route (list-count.ts): the exact count, no page.
  const spec = counting.count;
  const exact = await exactCountAsked(db, typeof spec === 'function' ? spec : () => spec, counting.exactTotal, () => countOf(db, counting));
  if (exact) return pageOf(list, [], exact, q);
  const cursor = q.after !== undefined ? parseCursor(q.after) : null;
  const offset = cursor === null ? pageOffset(q) : 0;
  let rows: Row[];
  let count: { total: number; capped: boolean };
  if (offset >= PAGE_BOUNDARIES.stride) {
    // A deep jump: the count first (an exact total that changed invalidates the cached boundaries).
    const exact = counting.exactTotal ? await counting.exactTotal() : null;
    count = exact !== null ? { total: exact, capped: false } : await countOf(db, counting);
    const start = await jumpStart(list, offset, exact);
    rows = await ordered(list, start.seek)
      .limit(q.limit + 1)
      .$if(start.skip > 0, (qb) => qb.offset(start.skip))
      .execute();
    return pageOf(list, rows, count, q);
  }
  const page = ordered(list, cursor)
    .limit(q.limit + 1)
    .$if(offset > 0, (qb) => qb.offset(offset));
  const exactTotal = counting.exactTotal;
  // The counting starts beside the page, not after it: without an exact total (a filtered list) the
  // capped count is the longer of the two queries, and on PostgreSQL each runs on its own connection.
  const counted = exactTotal
    ? exactTotal().then((exact) => (exact !== null ? { total: exact, capped: false } : countOf(db, counting)))
    : countOf(db, counting);
  [rows, count] = await Promise.all([page.execute(), counted]);
  if (count.capped && cursor === null) {
    // A lower bound from a partial count can be improved from the page itself: the last page of a
    // numbered walk knows the exact total, any other page that more rows than it holds exist.
    const seen = offset + Math.min(rows.length, q.limit);
    count = rows.length > q.limit ? { total: Math.max(count.total, seen), capped: true } : { total: seen, capped: false };
  }
  return pageOf(list, rows, count, q);
}

function pageOf<DB, TB extends keyof DB, Row extends { id: number }>(
  list: KeysetList<DB, TB, Row>,
  rows: Row[],
  count: { total: number; capped: boolean },
  q: TListPaging,
): TListPage<Row> {
  const hasMore = rows.length > q.limit;
  const list_ = hasMore ? rows.slice(0, q.limit) : rows;
  const last = list_[list_.length - 1];
  return { list: list_, ...count, page: q.page, limit: q.limit, nextCursor: hasMore && last ? cursorOf(list, last) : null };
}

/** Rows to skip for a page number. */
export function pageOffset(q: Pick<TListPaging, 'page' | 'limit'>): number {
  return (q.page - 1) * q.limit;
}

/** The envelope of a list that pages by number only (a report's days, announcements): no cursor, exact total. */
export function numberedPage<T>(list: T[], total: number, q: Pick<TListPaging, 'page' | 'limit'>): TListPage<T> {
  return { list, total, capped: false, page: q.page, limit: q.limit, nextCursor: null };
}

/** The answer when nothing can match (a gateway filter outside the caller's scope). */
export function emptyPage<T>(q: Pick<TListPaging, 'page' | 'limit'>): TListPage<T> {
  return numberedPage<T>([], 0, q);
}

/** The same page with its rows turned into what the route answers. */
export function mapPage<T, U>(page: TListPage<T>, toRow: (row: T) => U): TListPage<U> {
  return { ...page, list: page.list.map(toRow) };
}
