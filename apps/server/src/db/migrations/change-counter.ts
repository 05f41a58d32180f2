import { sql, type Kysely, type Migration } from 'kysely';
import { CHANGE_WATCH, type WatchTopic } from '../change-watch';
import type { DialectName } from '../database';

/**
 * A change counter (db/change-watch.ts): its one-row table and the triggers that bump it on every insert,
 * delete and watched update of its tables.
 *
 * SQLite: row triggers (one writer at a time, so the counter needs no care). PostgreSQL: BEFORE
 * statement triggers, so that a transaction takes the counter's row lock before it locks any of the
 * watched rows: transactions that write the watched tables queue on that one row first (see the server
 * README for the one case left to PostgreSQL's deadlock detection).
 *
 * Names: table `<name>_state`, triggers `<name>_bump_<table>` (PostgreSQL) or `<name>_bump_<table>_<i|d|u>`
 * (SQLite), function `<name>_state_bump()` (PostgreSQL).
 */
export function changeCounterMigration(dialect: DialectName, topic: WatchTopic): Migration {
  const { state, tables } = CHANGE_WATCH[topic];
  const name = state.replace(/_state$/, '');
  const bump = `${name}_state_bump`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(state)
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into ${sql.table(state)} (id, version) values (1, 0)`.execute(db);

      if (dialect === 'postgres') {
        await sql`create or replace function ${sql.ref(bump)}() returns trigger language plpgsql as $$
          begin update ${sql.table(state)} set version = version + 1 where id = 1; return null; end $$`.execute(db);
      }
      for (const [table, columns] of Object.entries<readonly string[] | null>(tables)) {
        const update = columns ? sql`update of ${sql.join(columns.map((c) => sql.ref(c)))}` : sql`update`;
        if (dialect === 'postgres') {
          await sql`create trigger ${sql.ref(`${name}_bump_${table}`)} before insert or delete or ${update} on ${sql.table(table)}
            for each statement execute function ${sql.ref(bump)}()`.execute(db);
        } else {
          for (const [suffix, event] of [
            ['i', sql`insert`],
            ['d', sql`delete`],
            ['u', update],
          ] as const) {
            await sql`create trigger ${sql.ref(`${name}_bump_${table}_${suffix}`)} after ${event} on ${sql.table(table)}
              begin update ${sql.table(state)} set version = version + 1 where id = 1; end`.execute(db);
          }
        }
      }
    },

    async down(db: Kysely<unknown>) {
      for (const table of Object.keys(tables)) {
        if (dialect === 'postgres')
          await sql`drop trigger if exists ${sql.ref(`${name}_bump_${table}`)} on ${sql.table(table)}`.execute(db);
        else
          for (const suffix of ['i', 'd', 'u']) await sql`drop trigger if exists ${sql.ref(`${name}_bump_${table}_${suffix}`)}`.execute(db);
      }
      if (dialect === 'postgres') await sql`drop function if exists ${sql.ref(bump)}()`.execute(db);
      await db.schema.dropTable(state).execute();
    },
  };
}
