/**
 * Every row of a list (list.ts's KeysetList) in keyset batches, for exports: one indexed query per
 * batch, read through an export reader (export-reader.ts) when there is one, and cut into slices that
 * the export pool reads side by side.
 */
import { EXPORT_BATCH_ROWS } from '@mbo/shared/list';
import type { ExportReader } from './export-reader';
import { ordered, orderedKeys, type KeysetList, type Seek } from './list';

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
};

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
      // A row without its sort key would make the next seek skip or repeat rows.
      if (!Number.isFinite(v) || !Number.isFinite(i)) throw new Error('export rows came without their keyset key');
      if (!Number.isNaN(value) && sign * (v - value || i - rowId) <= 0) throw new Error('export rows came out of their keyset order');
      value = v;
      rowId = i;
    }
  }
  async function* walk(from: Seek | null, until: Seek | null): AsyncGenerator<Row[]> {
    // Opened here, not by the caller, so the finally below always closes it.
    const reader = o.reader ? o.reader() : null;
    const fetch = (seek: Seek | null): Promise<Row[]> => {
      const query = ordered(list, seek, until).limit(batchRows);
      if (!reader) return query.execute();
      const compiled = query.compile();
      return Promise.resolve(reader.all(compiled.sql, compiled.parameters) as Row[] | Promise<Row[]>);
    };
    // Ids are integers: from (v, id) included is past (v, id + 1) in a descending walk, (v, id - 1) in an ascending one.
    let seek = from && { value: from.value, id: direction === 'desc' ? from.id + 1 : from.id - 1 };
    // The next batch is asked for before this one is handed on, so that a database in another
    // process (PostgreSQL) reads it while the caller formats this one.
    let next: Promise<Row[]> | null = null;
    try {
      next = fetch(seek);
      while (next) {
        const rows = await next;
        next = null;
        if (rows.length === 0) return;
        inOrder(rows, seek);
        if (rows.length === batchRows) {
          const last = rows[rows.length - 1]!;
          seek = { value: Number(list.sort.value(last)), id: Number(last.id) };
          next = fetch(seek);
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
  const slice = (from: Seek | null, until: Seek | null) => walk(from, until);
  return { [Symbol.asyncIterator]: () => slice(null, null), bounds, slice };
}
