import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database';

/*
 * What the migrations spell the same way again and again, said once. Each helper builds exactly the
 * statement the migrations wrote out before, so a database migrated now has the schema, to the byte,
 * of one migrated before the helpers existed.
 */

/** Adds the auto-increment `id` primary key, spelled as the database spells it. */
export function idColumnOf(dialect: DialectName) {
  return <T extends string>(builder: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> =>
    dialect === 'sqlite'
      ? builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : builder.addColumn('id', 'bigserial', (c) => c.primaryKey());
}

/** `create index <name> on <table> (<columns>)`; a column may carry its order ('created_at desc'). */
export function createIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]): Promise<void> {
  return db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** `create unique index <name> on <table> (<columns>)`. */
export function createUniqueIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]): Promise<void> {
  return db.schema.createIndex(name).on(table).columns(columns).unique().execute();
}
