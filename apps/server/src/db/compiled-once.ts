import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database';

/** Stands for one value while a query is built; found again among the compiled query's parameters by identity. */
class Slot {
  constructor(
    readonly index: number,
    readonly item: number | null,
  ) {}
}

type Value = string | number | readonly (string | number)[];

/**
 * A query built and compiled once per shape, then run with each call's values. Building a Kysely
 * query (parsing each condition into nodes, freezing them) and compiling it to SQL cost more than
 * running a small indexed query on SQLite: about half of a trivial signed-in request (issue 13 §1).
 *
 * - `shape` decides the SQL text (a language's column, whether the scope is limited to some gateways):
 *   `key` names it. `values` only ever become parameters: the query is built once per shape with
 *   stand-ins for them, and each run puts the call's values in their places. A value the query does
 *   not use as a parameter (one the builder read to decide something) is refused when it is built.
 * - An array value is a list (`in (...)`): its length is part of the shape, added to the key here.
 * - Kept per database (SQLite and PostgreSQL write parameters differently), at most `max` shapes.
 */
export function compiledOnce<S, V extends Record<string, Value>, R>(o: {
  key: (shape: S) => string;
  build: (db: Db, shape: S, values: V) => Compilable<R>;
  max?: number;
}): (db: Db, shape: S, values: V) => Promise<R[]> {
  const perDb = new WeakMap<Db, Map<string, { compiled: CompiledQuery<R>; names: string[] }>>();
  const max = o.max ?? 100;
  return async (db, shape, values) => {
    let kept = perDb.get(db);
    if (!kept) {
      kept = new Map();
      perDb.set(db, kept);
    }
    const lengths = Object.values(values).map((v) => (Array.isArray(v) ? v.length : ''));
    const key = `${o.key(shape)} ${lengths.join(',')}`;
    let entry = kept.get(key);
    if (!entry) {
      const names = Object.keys(values);
      const slots: Slot[] = [];
      const standIns = Object.fromEntries(
        names.map((name, index) => {
          const v = values[name];
          const standIn = Array.isArray(v) ? v.map((_, item) => new Slot(index, item)) : new Slot(index, null);
          slots.push(...(Array.isArray(standIn) ? standIn : [standIn]));
          return [name, standIn];
        }),
      ) as unknown as V;
      const compiled = o.build(db, shape, standIns).compile();
      for (const slot of slots) {
        if (!compiled.parameters.includes(slot))
          throw new Error(`compiledOnce: value ${names[slot.index]} is not a parameter of the query`);
      }
      entry = { compiled, names };
      if (kept.size >= max) kept.delete(kept.keys().next().value ?? '');
      kept.set(key, entry);
    }
    const { compiled, names } = entry;
    const parameters = compiled.parameters.map((p) => {
      if (!(p instanceof Slot)) return p;
      const v = values[names[p.index]!];
      return p.item === null ? v : (v as readonly unknown[])[p.item];
    });
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
