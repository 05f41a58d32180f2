/**
 * How an export reads its rows from the database: the list's own statement, batch by batch
 * (keyset-walk.ts drives it), through a reader of its own that gives each row as a plain object
 * made from the driver's array (a read-only SQLite connection in raw mode, or the PostgreSQL pool in
 * array mode). list.ts knows nothing of it.
 */
import SqliteDatabase from 'better-sqlite3';
import { dialectOf, pgPoolOf, sqlitePathOf, type Db, type PgPool } from '../db/database';
import { arrayRowMaker } from '../db/kept-statements';

/**
 * What an export reads its batches with, instead of Kysely's result objects: rows come from the driver
 * as arrays (better-sqlite3 raw mode, pg `rowMode: 'array'`) and each array becomes a plain object
 * through a function made once per statement (arrayRowMaker in db/kept-statements.ts, as the app's own
 * SQLite queries read their rows). A SQLite file gets a connection of its own, so an export thread
 * reads without the app's.
 */
export type ExportReader = {
  all(sql: string, parameters: readonly unknown[]): Record<string, unknown>[] | Promise<Record<string, unknown>[]>;
  close(): void;
};

type RowOf = ReturnType<typeof arrayRowMaker>;

function objects(rows: readonly unknown[][], row: RowOf): Record<string, unknown>[] {
  const out = new Array<Record<string, unknown>>(rows.length);
  for (let i = 0; i < rows.length; i += 1) out[i] = row(rows[i]!);
  return out;
}

/** SQLite export reader: a read-only connection, each statement prepared once. */
export function openSqliteExportReader(file: string): ExportReader {
  const conn = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  const statements = new Map<string, { stmt: SqliteDatabase.Statement; row: RowOf }>();
  return {
    all(text, parameters) {
      let entry = statements.get(text);
      if (!entry) {
        const stmt = conn.prepare(text).raw(true);
        entry = { stmt, row: arrayRowMaker(stmt.columns().map((c) => c.name)) };
        statements.set(text, entry);
      }
      return objects(entry.stmt.all(...parameters) as unknown[][], entry.row);
    },
    close() {
      conn.close();
    },
  };
}

/** PostgreSQL export reader: the app's pool (its search path included), rows as arrays. */
export function openPgExportReader(pool: PgPool): ExportReader {
  const rowOf = new Map<string, RowOf>();
  return {
    async all(text, parameters) {
      const result = await pool.query<unknown[]>({ text, values: [...parameters], rowMode: 'array' });
      let row = rowOf.get(text);
      if (!row) {
        row = arrayRowMaker(result.fields.map((f) => f.name));
        rowOf.set(text, row);
      }
      return objects(result.rows, row);
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
export function exportReaderFactory(databaseUrl: string, db?: Db): (() => ExportReader) | null {
  if (dialectOf(databaseUrl) !== 'sqlite') {
    const pool = db ? pgPoolOf(db) : null;
    return pool ? () => openPgExportReader(pool) : null;
  }
  const file = sqlitePathOf(databaseUrl);
  return file === ':memory:' ? null : () => openSqliteExportReader(file);
}
