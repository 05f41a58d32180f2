import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDialectConfig, SqliteStatement } from 'kysely';
import type pg from 'pg';

/*
 * SQL texts parsed once and run many times: the SQLite statements kept per text with their rows made by
 * a compiled function, and the PostgreSQL texts sent as named statements. Both are switched on by
 * createDb (database.ts) for every handle, the API's, the commands' and the export threads'.
 */

type RowOf = (values: unknown[]) => Record<string, unknown>;

/**
 * `(v) => ({ [names[0]]: v[0], ... })` as one object literal, so every row of a statement shares one
 * hidden class. Duplicate names keep the last value, as better-sqlite3's own row objects do.
 */
export function arrayRowMaker(names: readonly string[]): RowOf {
  const body = `return {${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ')}};`;
  // The names are the statement's own result column names, quoted as JSON string literals.
  return new Function('v', body) as RowOf;
}

/** A statement as Kysely's SQLite driver uses it, and whether it is still being iterated. */
type KeptStatement = SqliteStatement & { readonly busy: boolean };

/**
 * A statement as Kysely uses it, whose rows are read as arrays (better-sqlite3's raw mode) and made
 * into objects by a function compiled once per statement (arrayRowMaker): better-sqlite3 builds a row
 * object column by column, which was most of the time of a short query returning a page of 25 columns.
 * A name the literal could not carry as an own property (`__proto__`) keeps the object mode.
 */
function rawRows(statement: SqliteDatabase.Statement): KeptStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((c) => c.name);
  if (names.includes('__proto__')) return statement;
  const row = arrayRowMaker(names);
  return {
    reader: true,
    all(parameters) {
      const arrays = statement.raw(true).all(parameters) as unknown[][];
      const out = new Array<Record<string, unknown>>(arrays.length);
      for (let i = 0; i < arrays.length; i += 1) out[i] = row(arrays[i]!);
      return out;
    },
    run: (parameters) => statement.run(parameters),
    iterate: (parameters) => statement.raw(false).iterate(parameters),
    get busy() {
      return statement.busy;
    },
  };
}

const SCHEMA_CHANGE = /^\s*(alter|create|drop)\b/i;
/**
 * A `*` other than `count(*)`: the result's columns come from the table, so a statement kept from
 * before a migration added one would answer without it (SQLite) or fail (PostgreSQL). Never kept.
 */
const STAR = /\*(?!\))/;

/**
 * better-sqlite3 under Kysely prepares every statement anew for each query; the hot paths repeat a few
 * hundred SQL texts, so each is prepared once and kept (the oldest dropped past `max`). A kept statement
 * still being iterated (an export streaming) is busy: the query then gets a fresh one. A kept statement
 * knows its result columns from when it was prepared: `select *` is never kept (STAR), and a schema
 * change through this handle (a migration, a test's table) drops them all.
 */
export function preparedOnce(sqlite: SqliteDatabase.Database, max = 500): SqliteDialectConfig['database'] {
  const kept = new Map<string, KeptStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      if (SCHEMA_CHANGE.test(text)) kept.clear();
      const hit = kept.get(text);
      if (hit && !hit.busy) return hit;
      const statement = rawRows(sqlite.prepare(text));
      if (!hit && !STAR.test(text)) {
        kept.set(text, statement);
        if (kept.size > max) kept.delete(kept.keys().next().value ?? '');
      }
      return statement;
    },
  };
}

/** The SQL texts a connection keeps parsed: data statements whose result columns are named in the text. */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * PostgreSQL parses and describes an unnamed statement again at every query. A SQL text seen a second
 * time on a connection is sent as a named statement from then on, so later runs only bind and execute
 * (the daily report's statement: 1.84-1.93 -> 1.63-1.69 ms at p50; issue 13 §6). At most `max` texts a connection,
 * the first ones repeated; past that, texts go unnamed as before. The connection runs with
 * `plan_cache_mode = force_custom_plan`: each run is still planned for its own values, as an unnamed
 * statement is, never with a generic plan that could suit one merchant's data and not another's. Only
 * queries with values go through here (Kysely's); `begin`, `commit` and other plain texts do not.
 */
export function namedStatements(client: pg.PoolClient, max: number): void {
  const names = new Map<string, string>();
  const seen = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (text: string): string | undefined => {
    const name = names.get(text);
    if (name !== undefined || names.size >= max) return name;
    if (!seen.has(text)) {
      if (seen.size >= 4 * max) seen.clear();
      seen.add(text);
      return undefined;
    }
    if (!NAMEABLE.test(text) || STAR.test(text)) return undefined;
    const fresh = `mbo_${names.size + 1}`;
    names.set(text, fresh);
    return fresh;
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, values: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' && Array.isArray(values) ? named(text) : undefined;
    return name === undefined ? query(text, values, ...rest) : query({ name, text, values }, ...rest);
  };
}
