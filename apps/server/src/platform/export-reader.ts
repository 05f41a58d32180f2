/**
 * How an export reads its rows from the database: rows as arrays through a reader of its own (a
 * read-only SQLite connection, or the PostgreSQL pool in array mode), and, where a plan allows it,
 * whole CSV lines or sheet XML made by the database (ExportReadPlan). keyset-walk.ts drives it batch by
 * batch; list.ts knows nothing of it.
 */
import SqliteDatabase from 'better-sqlite3';
import { dialectOf, pgPoolOf, sqlitePathOf, type DialectName, type Db, type PgPool } from '../db/database';
import { arrayRowMaker } from '../db/kept-statements';
import { copyRows } from '../db/pg-copy';
import type { Seek } from './list';
import { selectInPlace } from './sql-select';

/**
 * What an export reads its batches with, instead of Kysely's result objects: rows come from the driver
 * as arrays (better-sqlite3 raw mode, pg `rowMode: 'array'`) and each array becomes a plain object
 * through a function made once per statement, `(v) => ({ id: v[0], amount: v[1], ... })`: one object
 * literal of a fixed shape (arrayRowMaker in db/kept-statements.ts; the app's own SQLite queries read their
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
