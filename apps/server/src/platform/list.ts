/**
 * The server half of the one list contract (packages/shared/src/list.ts): keyset pages, the capped
 * count and export batches for every list of the product.
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
 *   a list that knows its exact total cheaply (the transactions' daily rollups) passes `exactTotal`.
 * - A cursor is only a position: one made under other filters, another sort or another list gives
 *   some rows of the current list (or none), never an error or a row outside the scope.
 */
import SqliteDatabase from 'better-sqlite3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type SelectQueryBuilder, type StringReference } from 'kysely';
import type { z } from 'zod';
import { EXPORT_BATCH_ROWS, LIST_COUNT_CAP, formatCursor, parseCursor, type TListPage, type TListPaging } from '@mbo/shared/list';
import type { TPermission } from '@mbo/shared/permissions';
import { arrayRowMaker, dataVersionOf, dialectOf, pgPoolOf, sqlitePathOf, type Db, type DialectName, type PgPool } from '../db/database';
import { copyRows } from '../db/pg-copy';
import { JSON_TYPE, ok, okResponse } from './envelope';
import { requireSession } from './request-context';
import { narrowToGateway, type Scope } from './scope';
import { selectInPlace } from './sql-select';

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
};

function ordered<DB, TB extends keyof DB, Row extends { id: number }>(
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
function orderedKeys<DB, TB extends keyof DB, Row extends { id: number }>(list: KeysetList<DB, TB, Row>, seek: Seek | null) {
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

/** One page of a list, its next cursor, and its count (exact, or capped at LIST_COUNT_CAP). */
export async function keysetPage<DB, TB extends keyof DB, Row extends { id: number }, CDB, CTB extends keyof CDB, CO>(
  db: Db,
  list: KeysetList<DB, TB, Row>,
  q: TListPaging,
  counting: CountSpec<CDB, CTB, CO>,
): Promise<TListPage<Row>> {
  const cursor = q.after !== undefined ? parseCursor(q.after) : null;
  const offset = cursor === null ? pageOffset(q) : 0;
  let rows: Row[];
  let count: { total: number; capped: boolean };
  if (offset >= PAGE_BOUNDARIES.stride) {
    // A deep jump: the count first (an exact total that changed invalidates the cached boundaries).
    const exact = counting.exactTotal ? await counting.exactTotal() : null;
    count = exact !== null ? { total: exact, capped: false } : await cappedCount(db, counting.count);
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
    ? exactTotal().then((exact) => (exact !== null ? { total: exact, capped: false } : cappedCount(db, counting.count)))
    : cappedCount(db, counting.count);
  [rows, count] = await Promise.all([page.execute(), counted]);
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

/**
 * What an export reads its batches with, instead of Kysely's result objects: rows come from the driver
 * as arrays (better-sqlite3 raw mode, pg `rowMode: 'array'`) and each array becomes a plain object
 * through a function made once per statement, `(v) => ({ id: v[0], amount: v[1], ... })`: one object
 * literal of a fixed shape (arrayRowMaker in db/database.ts; the app's own SQLite queries read their
 * rows the same way). Building a result object column by column was most of an export's cost (about
 * 9 µs a row of 25 columns in better-sqlite3's object mode, about 2 µs in a loop over the raw arrays);
 * the literal costs a few tens of nanoseconds.
 */
export type ExportReader = {
  all(sql: string, parameters: readonly unknown[]): Record<string, unknown>[] | Promise<Record<string, unknown>[]>;
  /**
   * A batch as CSV lines made whole by the database (ExportReadPlan.lines), with the sort value and id of
   * its last row (`key`: their SQL references in the statement); null when this statement cannot be
   * read so, or when a line of this batch is not exact (the caller reads it with `all` instead).
   */
  lines?(sql: string, parameters: readonly unknown[], key: LinesKey): CsvLines | null | Promise<CsvLines | null>;
  /**
   * A batch as sheet XML made by SQLite (ExportReadPlan.xml), as `lines` for CSV: null when this
   * statement cannot be read so, or when a cell of this batch is not exact.
   */
  xml?(sql: string, parameters: readonly unknown[], key: LinesKey): XmlRows | null;
  close(): void;
};

/** The sort value and id of a walk's rows as SQL references in its statement, and its direction. */
export type LinesKey = { value: string; id: string; direction: 'asc' | 'desc' };

/** Rows of an export as CSV lines (ExportReader.lines): `rows` lines as UTF-8 bytes, and the key of the last one. */
export type CsvLines = { bytes: Buffer; rows: number; last: Seek | null };

/** Rows of an export as sheet XML (ExportReader.xml): `rows` rows with their numbers' placeholders, and the key of the last one. */
export type XmlRows = { xml: Buffer; rows: number; last: Seek | null };

type RowOf = ReturnType<typeof arrayRowMaker>;

/** Result columns a packed statement can name as they are: plain, unique identifiers. */
function plainNames(names: readonly string[]): boolean {
  return new Set(names).size === names.length && names.every((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n));
}

/** Declared column types whose values a JSON array carries exactly: integers and text. */
const JSON_EXACT_TYPE = /^(INTEGER|INT|BIGINT|TEXT|VARCHAR(\(\d+\))?)$/i;

/**
 * The statement's rows as one JSON array each (`select json_array(...)` over the statement, prepareOver),
 * when every result column is a table column of integers or text with a plain, unique name; null otherwise.
 * better-sqlite3 hands each value to JavaScript for about 0.15 µs (4.5 µs a row of 25 columns); one
 * text a row and JSON.parse cost 2.75 µs for the same values. Either way the statement keeps its ORDER
 * BY and LIMIT and is read in its order; keysetBatches checks the order of every batch anyway.
 */
function packedRows(conn: SqliteDatabase.Database, text: string, columns: SqliteDatabase.ColumnDefinition[]) {
  const names = columns.map((c) => c.name);
  if (!plainNames(names) || !columns.every((c) => c.type !== null && JSON_EXACT_TYPE.test(c.type))) return null;
  return prepareOver(conn, text, `json_array(${names.map((n) => `"${n}"`).join(', ')}) as "row"`).pluck(true);
}

/**
 * What an export reader may select instead of the statement's own columns (export.ts, csvSqlPlan):
 * `select` over the statement (prepareOver), its values named `names` (`id` among them); a row
 * that is not `exact` is read whole instead.
 */
export type ExportReadPlan = {
  rows?: { select: string; names: readonly string[]; exact: (row: Record<string, unknown>) => boolean };
  /**
   * When SQLite makes every cell: `line`, the SQL of a row's whole CSV line, and `exact`, whether a
   * batch of such lines (its UTF-8 bytes) is exactly what the columns' values give. The reader then
   * reads a batch as one blob (ExportReader.lines).
   */
  lines?: {
    line: string;
    exact: (bytes: Uint8Array, rows: number) => boolean;
    /** The same check of the lines as text, where the reader has them so (PostgreSQL: pg decodes every value). */
    exactText?: (text: string) => boolean;
  };
  /**
   * XLSX (export.ts, xlsxSqlPlan): `row`, the SQL of a row's sheet XML; `check`, the SQL of a text
   * to check per row (or null); `exact`, whether a batch's XML and check text are exactly what the
   * columns' values give. The reader then reads a batch as one blob (ExportReader.xml).
   */
  xml?: { row: string; check: string | null; exact: (xml: Buffer, check: string | null) => boolean };
};

/**
 * `select <select> from (<statement>)`, written in place of the statement's own select list when the
 * statement is plain (sql-select.ts): a plan's cells, or a whole row packed as JSON (callgrind over
 * 10,000 rows of the transaction export: 18.5 thousand instructions a row as a subquery, 14.8 in
 * place). A rewrite SQLite refuses (a name that became ambiguous) falls back to the subquery.
 */
function prepareOver(conn: SqliteDatabase.Database, text: string, select: string): SqliteDatabase.Statement {
  const inPlace = selectInPlace(text, select);
  if (inPlace !== null) {
    try {
      return conn.prepare(inPlace);
    } catch {
      // The subquery below.
    }
  }
  return conn.prepare(`select ${select} from (${text})`);
}

/**
 * A batch of the statement as what `made` joins (`joined`, aggregates of the values `select` names):
 * one blob of CSV lines (ExportReadPlan.lines) or one blob of sheet XML (ExportReadPlan.xml); then
 * its row count, and the sort value and id of its last row: `select <joined>, count(*), min(value),
 * group_concat(id, ',')` (max for an ascending walk) over the statement with `select`, the value and
 * the id in place of its select list (sql-select.ts); null when the statement is not plain enough for
 * that. One blob a batch instead of a few values a row, and no JavaScript a row: in the
 * transaction export of the bench database, 6.50-6.87 µs of CPU a row against 7.48-7.73 read as rows
 * (in turns) for CSV, the files byte for byte the same.
 *
 * The subquery keeps its ORDER BY and LIMIT (SQLite neither flattens a LIMIT subquery into an
 * aggregate nor drops an ORDER BY a LIMIT depends on), and the aggregate reads its rows in that order:
 * the lines and the ids come in the walk's order. The last row's sort value is the batch's least (its
 * greatest ascending) whatever the order; its id is the last of the ids. Not bare columns: SQLite
 * takes those from the first row of the batch. keysetBatches checks that the last key is past the
 * batch before; the tests compare whole walks and slices with the rows written one by one, across
 * runs of equal sort values.
 */
function batchStatement(conn: SqliteDatabase.Database, text: string, key: LinesKey, made: { select: string; joined: string }) {
  const statement = batchSql('sqlite', text, key, made);
  if (statement === null) return null;
  try {
    return conn.prepare(statement).raw(true);
  } catch {
    return null;
  }
}

/**
 * The SQL of batchStatement in a dialect: the batch's text, its row count and its last row's key.
 * SQLite: the last sort value and every id joined in the subquery's order (lastKey reads the last).
 * PostgreSQL does not promise to read a subquery in its order (`made.joined` orders its texts by the
 * walk's key, walkOrder): the last row's key is the least (descending walk) or greatest key as an
 * array, compared element by element, where the ids joined with an ORDER BY of their own cost a second
 * sort of the batch (a batch of 1,000 lines of the transaction export: 0.7 ms of PostgreSQL's CPU of 5.2).
 */
function batchSql(dialect: DialectName, text: string, key: LinesKey, made: { select: string; joined: string }): string | null {
  const inner = selectInPlace(text, `${made.select}, ${key.value} as "__kv", ${key.id} as "__kid"`);
  if (inner === null) return null;
  const least = key.direction === 'desc' ? 'min' : 'max';
  return dialect === 'sqlite'
    ? `select ${made.joined}, count(*), ${least}("__kv"), group_concat("__kid", ',') from (${inner})`
    : `select ${made.joined}, count(*)::int4, ${least}(array["__kv", "__kid"]) from (${inner}) as "__batch"`;
}

/** The ORDER BY of a walk's rows in an aggregate over batchSql's subquery. */
function walkOrder(key: LinesKey): string {
  return `order by "__kv" ${key.direction}, "__kid" ${key.direction}`;
}

/** The key of a batch's last row on SQLite: its sort value and the last of its ids (batchSql). */
function lastKey(value: unknown, ids: string): Seek {
  return { value: Number(value), id: Number(ids.slice(ids.lastIndexOf(',') + 1)) };
}

/**
 * SQLite export reader. With a plan, a batch is read through the plan, and when a row of it is not
 * exact the batch is read whole as well, in the same read transaction (one snapshot: the same rows),
 * and that row replaced by its whole self.
 */
export function openSqliteExportReader(file: string, plan: ExportReadPlan | null = null): ExportReader {
  const conn = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  type Entry = {
    stmt: SqliteDatabase.Statement;
    packed: boolean;
    row: RowOf;
    planned: { stmt: SqliteDatabase.Statement; row: RowOf } | null;
    /** The batch as lines (undefined until first asked; null when the statement cannot be read so). */
    lines?: SqliteDatabase.Statement | null;
    /** The batch as sheet XML, the same way. */
    xml?: SqliteDatabase.Statement | null;
  };
  const statements = new Map<string, Entry>();
  const whole = (entry: Entry, parameters: readonly unknown[]): Record<string, unknown>[] => {
    const { stmt, packed, row } = entry;
    const rows = stmt.all(...parameters) as unknown[];
    const out = new Array<Record<string, unknown>>(rows.length);
    if (packed) for (let i = 0; i < rows.length; i += 1) out[i] = row(JSON.parse(rows[i] as string) as unknown[]);
    else for (let i = 0; i < rows.length; i += 1) out[i] = row(rows[i] as unknown[]);
    return out;
  };
  const rowPlan = plan?.rows;
  const planned = conn.transaction((entry: Entry, parameters: readonly unknown[]): Record<string, unknown>[] => {
    const { stmt, row } = entry.planned!;
    const rows = stmt.all(...parameters) as unknown[][];
    const out = new Array<Record<string, unknown>>(rows.length);
    for (let i = 0; i < rows.length; i += 1) out[i] = row(rows[i]!);
    let byId: Map<number, Record<string, unknown>> | null = null;
    for (let i = 0; i < out.length; i += 1) {
      if (rowPlan!.exact(out[i]!)) continue;
      byId ??= new Map(whole(entry, parameters).map((r) => [Number(r.id), r]));
      const itself = byId.get(Number(out[i]!.id));
      if (!itself) throw new Error('an export row was missing from a second read of the same snapshot');
      out[i] = itself;
    }
    return out;
  });
  const entryOf = (text: string): Entry => {
    let entry = statements.get(text);
    if (!entry) {
      const stmt = conn.prepare(text).raw(true);
      const columns = stmt.columns();
      const packed = packedRows(conn, text, columns);
      entry = {
        stmt: packed ?? stmt,
        packed: packed !== null,
        row: arrayRowMaker(columns.map((c) => c.name)),
        planned: rowPlan ? { stmt: prepareOver(conn, text, rowPlan.select).raw(true), row: arrayRowMaker([...rowPlan.names]) } : null,
      };
      statements.set(text, entry);
    }
    return entry;
  };
  return {
    all(text, parameters) {
      const entry = entryOf(text);
      return entry.planned ? planned(entry, parameters) : whole(entry, parameters);
    },
    lines(text, parameters, key) {
      const lines = plan?.lines;
      if (!lines) return null;
      const entry = entryOf(text);
      // The lines as a blob, the bytes SQLite made: no text decoded into a JavaScript string and encoded
      // again for the file (about 0.7 µs a row of the transaction export: its cells in Chinese make a
      // two-byte string), and the check reads the bytes.
      entry.lines ??= batchStatement(conn, text, key, {
        select: `${lines.line} as "__line"`,
        joined: `cast(group_concat("__line", '') as blob)`,
      });
      if (!entry.lines) return null;
      const [out, rows, value, ids] = entry.lines.get(...parameters) as [Buffer | null, number, unknown, string | null];
      if (rows === 0) return { bytes: Buffer.alloc(0), rows: 0, last: null };
      if (out === null || ids === null || !lines.exact(out, rows)) return null;
      return { bytes: out, rows, last: lastKey(value, ids) };
    },
    xml(text, parameters, key) {
      const xml = plan?.xml;
      if (!xml) return null;
      const entry = entryOf(text);
      // The rows' XML as a blob: no text decoded into JavaScript and encoded again before deflate.
      entry.xml ??= batchStatement(conn, text, key, {
        select: `${xml.row} as "__xml", ${xml.check ?? 'NULL'} as "__check"`,
        joined: `cast(group_concat("__xml", '') as blob), group_concat("__check", '')`,
      });
      if (!entry.xml) return null;
      const [out, check, rows, value, ids] = entry.xml.get(...parameters) as [Buffer | null, string | null, number, unknown, string | null];
      if (rows === 0) return { xml: Buffer.alloc(0), rows: 0, last: null };
      if (out === null || ids === null || !xml.exact(out, check)) return null;
      return { xml: out, rows, last: lastKey(value, ids) };
    },
    close() {
      conn.close();
    },
  };
}

/**
 * A lines statement is sent as a named statement (one name per text in this thread, the same on each
 * connection; pg prepares it on a connection's first use): parsed once and, on the export threads'
 * connections (plan_cache_mode auto), planned once. Planning the statement, its select list of a few
 * dozen CASEs, took 3 ms of the 11 ms a batch of 1,000 rows cost on the bench database.
 */
const PG_LINES_NAMES = new Map<string, string>();
function pgLinesName(statement: string): string | undefined {
  let name = PG_LINES_NAMES.get(statement);
  if (name === undefined && PG_LINES_NAMES.size < 100) {
    name = `mbo_lines_${PG_LINES_NAMES.size + 1}`;
    PG_LINES_NAMES.set(statement, name);
  }
  return name;
}

/**
 * PostgreSQL: the same pool as the app (its search path included), rows as arrays. Once a statement's
 * first batch shows its result types, its next batches are read through a binary COPY when those types
 * and its parameters allow it (db/pg-copy.ts): the values read from their bytes, not parsed from text.
 */
export function openPgExportReader(pool: PgPool, plan: ExportReadPlan | null = null): ExportReader {
  type Entry = { row: RowOf; types: number[] };
  const entries = new Map<string, Entry>();
  /** The lines statement of each list statement (batchSql; null: it cannot be read so). */
  const linesOf = new Map<string, string | null>();
  return {
    /**
     * A batch as CSV lines made by PostgreSQL (csvSqlPlan on PostgreSQL), as on SQLite: the lines
     * joined in the walk's order (an ORDER BY in the aggregate: PostgreSQL does not promise to read a
     * subquery in its order), the row count, and the last row's sort value and id.
     */
    async lines(text, parameters, key) {
      const lines = plan?.lines;
      if (!lines) return null;
      let statement = linesOf.get(text);
      if (statement === undefined) {
        statement = batchSql('postgres', text, key, {
          select: `${lines.line} as "__line"`,
          joined: `string_agg("__line", '' ${walkOrder(key)})`,
        });
        linesOf.set(text, statement);
      }
      if (!statement) return null;
      const result = await pool.query<[string | null, number, unknown[] | null]>({
        name: pgLinesName(statement),
        text: statement,
        values: [...parameters],
        rowMode: 'array',
      });
      const [out, rows, last] = result.rows[0]!;
      if (rows === 0) return { bytes: Buffer.alloc(0), rows: 0, last: null };
      if (out === null || last === null) return null;
      // pg reads every value as a string (its protocol parser has no binary mode): the lines are checked
      // as that string, then written back as UTF-8.
      if (lines.exactText && !lines.exactText(out)) return null;
      const bytes = Buffer.from(out, 'utf8');
      if (!lines.exactText && !lines.exact(bytes, rows)) return null;
      return { bytes, rows, last: { value: Number(last[0]), id: Number(last[1]) } };
    },
    async all(text, parameters) {
      const entry = entries.get(text);
      if (entry) {
        // Null when its types or its parameters cannot be read so: then as below.
        const rows = await copyRows(pool, text, parameters, entry.types);
        if (rows) {
          const out = new Array<Record<string, unknown>>(rows.length);
          for (let i = 0; i < rows.length; i += 1) out[i] = entry.row(rows[i]!);
          return out;
        }
      }
      const result = await pool.query<unknown[]>({ text, values: [...parameters], rowMode: 'array' });
      let row = entry?.row;
      if (!row) {
        row = arrayRowMaker(result.fields.map((f) => f.name));
        entries.set(text, { row, types: result.fields.map((f) => f.dataTypeID) });
      }
      const out = new Array<Record<string, unknown>>(result.rows.length);
      for (let i = 0; i < result.rows.length; i += 1) out[i] = row(result.rows[i]!);
      return out;
    },
    close() {
      /* the pool stays the app's */
    },
  };
}

/**
 * The export reader of a database: SQLite files get a read-only connection of their own in raw mode;
 * PostgreSQL reads arrays through the app's pool; an in-memory SQLite database uses Kysely (null).
 */
export function exportReaderFactory(databaseUrl: string, db?: Db, plan: ExportReadPlan | null = null): (() => ExportReader) | null {
  if (dialectOf(databaseUrl) !== 'sqlite') {
    const pool = db ? pgPoolOf(db) : null;
    return pool ? () => openPgExportReader(pool, plan) : null;
  }
  const file = sqlitePathOf(databaseUrl);
  return file === ':memory:' ? null : () => openSqliteExportReader(file, plan);
}

/**
 * Every row of a list in keyset batches (one indexed query per batch, whatever the dialect), so an
 * export of a million rows never holds more than one batch in memory nor one long read transaction.
 * With `reader` the same SQL runs through the export reader (rows as arrays, see ExportReader).
 *
 * The walk can also be cut into slices that read apart (export-pool.ts runs them side by side in
 * worker threads): `bounds(every)` gives the key of the first row and of every `every`-th row after
 * it, walking the keys only (no columns, no joins), and `slice(from, until)` the rows from one key up
 * to the next. Slices cut at consecutive bounds give the rows of the whole walk, in its order, as far
 * as they were there when the bounds were read: the first slice starts at the first key, so rows
 * sorted before it that arrive during an export are left out, as a walk that had begun would.
 */
export type KeysetWalk<Row> = AsyncIterable<Row[]> & {
  /** The keys of rows 0, every, 2 * every, ... in the walk's order (nothing when there is no row). */
  bounds(every: number): AsyncGenerator<Seek>;
  /** The rows from `from` (included; the first row when null) up to `until` (left out; the end when null). */
  slice(from: Seek | null, until: Seek | null): AsyncGenerator<Row[]>;
  /**
   * The same rows, each batch as CSV lines where the reader makes them (ExportReader.lines), else as
   * rows: the export pool's CSV slices.
   */
  sliceLines(from: Seek | null, until: Seek | null): AsyncGenerator<Row[] | CsvLines>;
  /** The same rows, each batch as sheet XML where the reader makes it (ExportReader.xml), else as rows: the export pool's XLSX slices. */
  sliceXml(from: Seek | null, until: Seek | null): AsyncGenerator<Row[] | XmlRows>;
};

/** A table reference ('t.created_at') as SQL. */
function refSql(ref: string): string {
  return ref
    .split('.')
    .map((part) => `"${part.replace(/"/g, '""')}"`)
    .join('.');
}

/** Whether an export's batches are a keyset walk that can be cut into slices. */
export function isKeysetWalk<Row>(batches: AsyncIterable<readonly Row[]>): batches is KeysetWalk<Row> & AsyncIterable<readonly Row[]> {
  const walk = batches as Partial<KeysetWalk<Row>>;
  return typeof walk.slice === 'function' && typeof walk.bounds === 'function';
}

export function keysetBatches<DB, TB extends keyof DB, Row extends { id: number }>(
  list: KeysetList<DB, TB, Row>,
  o: { batchRows?: number; reader?: (() => ExportReader) | null } = {},
): KeysetWalk<Row> {
  const batchRows = o.batchRows ?? EXPORT_BATCH_ROWS;
  const { direction } = list.sort;
  const sign = direction === 'desc' ? -1 : 1;
  /** Every row past the one before (a batch out of order would make the next seek skip or repeat rows). */
  function inOrder(rows: readonly Row[], seek: Seek | null): void {
    let value = seek ? seek.value : Number.NaN;
    let rowId = seek ? seek.id : Number.NaN;
    for (const row of rows) {
      const v = Number(list.sort.value(row));
      const i = Number(row.id);
      // A reader's plan that left out the sort key would make the next seek skip or repeat rows.
      if (!Number.isFinite(v) || !Number.isFinite(i)) throw new Error('export rows came without their keyset key');
      if (!Number.isNaN(value) && sign * (v - value || i - rowId) <= 0) throw new Error('export rows came out of their keyset order');
      value = v;
      rowId = i;
    }
  }
  const key: LinesKey = { value: refSql(String(list.sort.column)), id: refSql(String(list.sort.id)), direction };
  async function* walk(from: Seek | null, until: Seek | null, as: 'rows' | 'lines' | 'xml'): AsyncGenerator<Row[] | CsvLines | XmlRows> {
    // Opened here, not by the caller, so the finally below always closes it.
    const reader = o.reader ? o.reader() : null;
    const fetch = (seek: Seek | null): Promise<Row[] | CsvLines | XmlRows> => {
      const query = ordered(list, seek, until).limit(batchRows);
      if (!reader) return query.execute();
      const compiled = query.compile();
      const made =
        as === 'lines' && reader.lines
          ? reader.lines(compiled.sql, compiled.parameters, key)
          : as === 'xml' && reader.xml
            ? reader.xml(compiled.sql, compiled.parameters, key)
            : null;
      const rows = () => Promise.resolve(reader.all(compiled.sql, compiled.parameters) as Row[] | Promise<Row[]>);
      if (made instanceof Promise) return made.then((m): Promise<Row[] | CsvLines> | CsvLines => m ?? rows());
      if (made) return Promise.resolve(made);
      return rows();
    };
    // Ids are integers: from (v, id) included is past (v, id + 1) in a descending walk, (v, id - 1) in an ascending one.
    let seek = from && { value: from.value, id: direction === 'desc' ? from.id + 1 : from.id - 1 };
    // The next batch is asked for before this one is handed on, so that a database in another
    // process (PostgreSQL) reads it while the caller formats this one.
    let next: Promise<Row[] | CsvLines | XmlRows> | null = null;
    try {
      next = fetch(seek);
      while (next) {
        const rows = await next;
        next = null;
        if (Array.isArray(rows)) {
          if (rows.length === 0) return;
          inOrder(rows, seek);
          if (rows.length === batchRows) {
            const last = rows[rows.length - 1]!;
            seek = { value: Number(list.sort.value(last)), id: Number(last.id) };
            next = fetch(seek);
          }
        } else {
          if (rows.rows === 0) return;
          // Past the batch before, as inOrder checks each row of a batch of rows.
          const last = rows.last;
          if (!last || !Number.isFinite(last.value) || !Number.isFinite(last.id))
            throw new Error('export lines came without their keyset key');
          if (seek && sign * (last.value - seek.value || last.id - seek.id) <= 0)
            throw new Error('export lines came out of their keyset order');
          if (rows.rows === batchRows) {
            seek = last;
            next = fetch(seek);
          }
        }
        yield rows;
      }
    } finally {
      // A caller that stops early leaves the batch asked for ahead: nobody reads its answer.
      next?.catch(() => undefined);
      reader?.close();
    }
  }
  async function* bounds(every: number): AsyncGenerator<Seek> {
    let seek: Seek | null = null;
    let skip = 0;
    for (;;) {
      const row = (await orderedKeys(list, seek)
        .limit(1)
        .$if(skip > 0, (qb) => qb.offset(skip))
        .executeTakeFirst()) as { k_value: number | string; k_id: number | string } | undefined;
      if (!row) return;
      seek = { value: Number(row.k_value), id: Number(row.k_id) };
      yield seek;
      skip = every - 1;
    }
  }
  const slice = (from: Seek | null, until: Seek | null) => walk(from, until, 'rows') as AsyncGenerator<Row[]>;
  const sliceLines = (from: Seek | null, until: Seek | null) => walk(from, until, 'lines') as AsyncGenerator<Row[] | CsvLines>;
  const sliceXml = (from: Seek | null, until: Seek | null) => walk(from, until, 'xml') as AsyncGenerator<Row[] | XmlRows>;
  return { [Symbol.asyncIterator]: () => slice(null, null), bounds, slice, sliceLines, sliceXml };
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

/**
 * What a list route reads its rows with: the caller's scope (narrowed to a filtered gateway), timezone
 * and clock. A list that reads `now` depends on the clock, so its answer is never kept (registerList).
 */
export type ListRequest = { db: Db; scope: Scope; timezone: string; readonly now: number };

type ListQueryBase = TListPaging & { gatewayNo?: string | undefined };

export type ListRoute<Q extends z.ZodType<ListQueryBase>, Row> = {
  path: string;
  /** The screen's menu url (the read permission). */
  permission: TPermission;
  /** listQuery(filters, refine) of the list's shared schema. */
  query: Q;
  /** zListPage(row) of the list's shared schema. */
  page: z.ZodType<TListPage<Row>>;
  /**
   * One page of rows as the API answers them (keysetPage of the repository, then mapPage): made of the
   * database, the query and `ctx` alone. The time comes from `ctx.now`, never from a clock of its own.
   */
  list: (q: z.output<Q>, ctx: ListRequest) => Promise<TListPage<Row>>;
};

/** Everything a list answer depends on besides the data: the path and query, the caller, language and timezone. */
function answerKey(request: FastifyRequest, scope: Scope): string {
  const gateways = scope.gatewayIds === null ? '*' : scope.gatewayIds.join(',');
  return `${request.url}\n${scope.merchantId}:${scope.adminId ?? ''}:${gateways}\n${request.lang}\n${request.timezone}`;
}

/**
 * GET `path`: one page of a list in the shared envelope. A gateway number the caller may not see
 * gives an empty page (narrowToGateway), as if nothing matched.
 *
 * The serialized answer is kept in this process (app.keptAnswers, platform/kept-answers.ts) with the
 * database's data version read before its rows, and sent again, without a query, while that version
 * has not moved: the same page asked again (a refresh, a second tab, going back) costs no SQL on
 * SQLite and one round trip on PostgreSQL. An answer whose list read `ctx.now` is not kept. On
 * SQLite the version needs no wait, so a kept answer is sent without a promise, as Fastify allows of
 * a handler that sent its answer itself and returns nothing.
 */
export function registerList<Q extends z.ZodType<ListQueryBase>, Row>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  o: ListRoute<Q, Row>,
): void {
  const dataVersion = dataVersionOf(app.db);
  app.get(
    o.path,
    { config: { permission: o.permission }, schema: { querystring: o.query, response: okResponse(o.page) } },
    (request, reply) => {
      const { scope } = requireSession(request);
      const key = answerKey(request, scope);
      const version = dataVersion();
      if (typeof version === 'string') {
        const kept = app.keptAnswers.get(key, version);
        if (kept !== undefined) {
          void reply.type(JSON_TYPE).send(kept as never);
          return;
        }
      }
      return answer(request, reply, scope, key, version);
    },
  );
  const answer = async (request: FastifyRequest, reply: FastifyReply, caller: Scope, key: string, read: string | Promise<string>) => {
    const version = await read;
    const kept = typeof read === 'string' ? undefined : app.keptAnswers.get(key, version);
    if (kept !== undefined) return reply.type(JSON_TYPE).send(kept as never);
    // Validated against `o.query`; the type provider cannot resolve its output type for a generic schema.
    const q = request.query as z.output<Q>;
    const scope = await narrowToGateway(app.db, caller, q.gatewayNo);
    let clockRead = false;
    const ctx: ListRequest = {
      db: app.db,
      scope: scope ?? caller,
      timezone: request.timezone,
      get now() {
        clockRead = true;
        return app.now();
      },
    };
    app.keptAnswers.loads += 1;
    const page = scope ? await o.list(q, ctx) : emptyPage<Row>(q);
    // Made with the route's own serializer: a kept text has passed the response schema like any answer.
    const body = String(reply.serialize(ok(request, page)));
    if (!clockRead) app.keptAnswers.keep(key, version, body);
    return reply.type(JSON_TYPE).send(body as never);
  };
}
