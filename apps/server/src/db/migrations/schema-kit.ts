import type { CreateTableBuilder } from 'kysely';
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
