/**
 * Rows of a statement read through PostgreSQL's binary COPY (`COPY (<select>) TO STDOUT (FORMAT
 * binary)`), for the export threads (platform/list.ts, openPgExportReader).
 *
 * Why: pg reads a row of a result as text and makes a JavaScript string of every value (25 of them a
 * row in the transaction export), then parses the numbers from those strings: about 4.5 µs of the
 * export thread's CPU a row on the bench machine, with PostgreSQL's 1.8-2.1 µs (measured over 200,000
 * rows of the transaction export's own statement). Read as binary COPY, a row is one CopyData message
 * whose integers are read from their bytes and whose texts are decoded once: about 2 µs a row, for
 * 2.1-2.6 µs of PostgreSQL's. Making the CSV lines in PostgreSQL instead (the cells' labels, amounts
 * and times as SQL, joined there) cost PostgreSQL 6.5-7 µs a row when this was measured (about 4.5 µs
 * since, platform/export.ts csvPgPlan), and leaves the thread only a check of the lines: the CSV's way.
 *
 * COPY takes no bind parameters, so the statement's `$n` are written in as literals, each as the text
 * pg would have sent for it (an untyped literal: PostgreSQL gives it the type its place asks for, as it
 * does an untyped parameter), in an escape string with its quotes and backslashes doubled. Only plain
 * values are written so (null, finite numbers, strings without NUL, booleans, bigints), and only into
 * a statement with no quote, comment or dollar sign but its parameters': otherwise the caller reads the
 * rows the usual way.
 */
import type pg from 'pg';
import { loadPg, type PgPool } from './database';

/** Result types read here from their binary form: int2, int4, int8 (as numbers, as the app's pg type parser reads them), text, varchar. */
const PG_COPY_TYPES: ReadonlySet<number> = new Set([21, 23, 20, 25, 1043]);

/** A value as an untyped SQL literal with the text pg would send for it, or null when it is not a plain value. */
function literal(value: unknown): string | null {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (typeof value === 'string') {
    if (value.includes('\0')) return null;
    text = value;
  } else return null;
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * The statement with its parameters `$1`, `$2`, ... written in as literals (literal), or null when a
 * value is not plain, a parameter has no value, or the text holds a quote, backslash, comment or `$`
 * that is not a parameter's (so nothing in it is read as anything but SQL and parameters).
 */
export function inlineParameters(text: string, parameters: readonly unknown[]): string | null {
  if (/['"\\]|--|\/\*/.test(text.replace(/"[A-Za-z_][A-Za-z0-9_]*"/g, ''))) return null;
  const literals = parameters.map(literal);
  if (literals.some((l) => l === null)) return null;
  let missing = false;
  const out = text.replace(/\$(\d+)|\$/g, (whole, n: string | undefined) => {
    const l = n === undefined ? undefined : literals[Number(n) - 1];
    if (l === undefined || l === null) {
      missing = true;
      return whole;
    }
    return l;
  });
  return missing ? null : out;
}

/** A COPY's rows, decoded from its CopyData messages as they arrive. */
type CopyQuery = pg.Query & { rows: unknown[][] };
let CopyQueryClass: (new (text: string, types: readonly number[], done: (error: Error | null) => void) => CopyQuery) | null = null;

/**
 * The pg Query that receives a COPY's data. PostgreSQL sends each row of a COPY TO as one CopyData
 * message (the protocol promises it); the binary header comes before the first row and the trailer
 * (a field count of -1) after the last. A message that is not what it should be stops the decoding,
 * the rest of the COPY is received and dropped, and the query ends with that error.
 */
function copyQueryClass(): NonNullable<typeof CopyQueryClass> {
  if (CopyQueryClass) return CopyQueryClass;
  const { Query } = loadPg();
  class BinaryCopyQuery extends Query {
    rows: unknown[][] = [];
    #types: readonly number[];
    #header = true;
    #ended = false;
    #state: { failure: Error | null };
    constructor(text: string, types: readonly number[], done: (error: Error | null) => void) {
      const state: { failure: Error | null } = { failure: null };
      super(text, (error: Error | undefined) => done(error ?? state.failure));
      this.#types = types;
      this.#state = state;
    }
    handleCopyData(message: { chunk: Buffer }): void {
      if (this.#state.failure) return;
      try {
        this.#read(message.chunk);
      } catch (error) {
        this.#state.failure = error instanceof Error ? error : new Error(String(error));
      }
    }
    #read(b: Buffer): void {
      const types = this.#types;
      const count = types.length;
      let i = 0;
      if (this.#header) {
        if (b.length < 19 || b.toString('latin1', 0, 11) !== 'PGCOPY\n\xff\r\n\0') throw new Error('a binary COPY without its header');
        i = 19 + b.readInt32BE(15);
        this.#header = false;
      }
      while (i < b.length) {
        if (this.#ended) throw new Error('binary COPY data after its trailer');
        const fields = b.readInt16BE(i);
        i += 2;
        if (fields === -1) {
          this.#ended = true;
          continue;
        }
        if (fields !== count) throw new Error(`a binary COPY row of ${fields} fields, ${count} expected`);
        const row = new Array<unknown>(count);
        for (let k = 0; k < count; k += 1) {
          const length = b.readInt32BE(i);
          i += 4;
          if (length === -1) {
            row[k] = null;
            continue;
          }
          if (length < 0 || i + length > b.length) throw new Error('a binary COPY field past its row');
          const type = types[k];
          if (type === 20) {
            if (length !== 8) throw new Error('an int8 field of another size');
            // Exactly rounded as Number(text) would: the high word times 2^32 is exact, one rounding in the sum.
            row[k] = b.readInt32BE(i) * 4294967296 + b.readUInt32BE(i + 4);
          } else if (type === 23) {
            if (length !== 4) throw new Error('an int4 field of another size');
            row[k] = b.readInt32BE(i);
          } else if (type === 21) {
            if (length !== 2) throw new Error('an int2 field of another size');
            row[k] = b.readInt16BE(i);
          } else row[k] = b.toString('utf8', i, i + length);
          i += length;
        }
        this.rows.push(row);
      }
    }
  }
  CopyQueryClass = BinaryCopyQuery as unknown as NonNullable<typeof CopyQueryClass>;
  return CopyQueryClass;
}

/**
 * The rows of `text` with `parameters` as arrays, read through a binary COPY on a connection of
 * `pool`, when its result `types` (from a run of the same statement) are all PG_COPY_TYPES and its
 * parameters can be written in (inlineParameters); null otherwise, nothing run.
 */
export async function copyRows(
  pool: PgPool,
  text: string,
  parameters: readonly unknown[],
  types: readonly number[],
): Promise<unknown[][] | null> {
  if (!types.every((t) => PG_COPY_TYPES.has(t))) return null;
  const inlined = inlineParameters(text, parameters);
  if (inlined === null) return null;
  const Copy = copyQueryClass();
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    let query!: CopyQuery;
    await new Promise<void>((resolve, reject) => {
      query = new Copy(`copy (${inlined}) to stdout (format binary)`, types, (error) => (error ? reject(error) : resolve()));
      void client.query(query);
    });
    return query.rows;
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection whose COPY failed is closed rather than given back: its state is not known.
    client.release(broken);
  }
}
