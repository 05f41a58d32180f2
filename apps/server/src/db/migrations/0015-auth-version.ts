import { sql, type Kysely, type Migration } from 'kysely';
import { AUTH_WATCH } from '../auth-watch';
import type { DialectName } from '../database';

/**
 * The auth version (issue 13 §1): one counter that the database itself bumps whenever something a
 * cached session depends on changes, so that every API node (and an operator command beside the server)
 * sees the change by reading one row. See platform/auth-cache.ts.
 *
 * Watched, with the columns that matter to a session, its role's permissions and its gateway scope:
 * sessions (revocation, second step passed, business chosen), admins (status, role, owner flag, gateway
 * mode, merchant, person, login name), merchants (status), persons (two-step on or off), roles,
 * role_permissions, admin_gateways, gateways (which merchant) and merchant_modules. A session's last
 * use (last_seen_at), sign-in counters and passwords do not bump it: a password change ends the other
 * sessions by setting their revoked_at, which does.
 *
 * SQLite: row triggers (one writer at a time, so the counter needs no care). PostgreSQL: BEFORE
 * statement triggers, so that a transaction takes the counter's row lock before it locks any of the
 * watched rows: transactions that write auth data queue on that one row first (see the server README
 * for the one case left to PostgreSQL's deadlock detection).
 */
export function authVersionMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('auth_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into auth_state (id, version) values (1, 0)`.execute(db);

      if (dialect === 'postgres') {
        await sql`create or replace function auth_state_bump() returns trigger language plpgsql as $$
          begin update auth_state set version = version + 1 where id = 1; return null; end $$`.execute(db);
      }
      for (const [table, columns] of Object.entries(AUTH_WATCH)) {
        const update = columns ? sql`update of ${sql.join(columns.map((c) => sql.ref(c)))}` : sql`update`;
        if (dialect === 'postgres') {
          await sql`create trigger ${sql.ref(`auth_bump_${table}`)} before insert or delete or ${update} on ${sql.table(table)}
            for each statement execute function auth_state_bump()`.execute(db);
        } else {
          for (const [suffix, event] of [
            ['i', sql`insert`],
            ['d', sql`delete`],
            ['u', update],
          ] as const) {
            await sql`create trigger ${sql.ref(`auth_bump_${table}_${suffix}`)} after ${event} on ${sql.table(table)}
              begin update auth_state set version = version + 1 where id = 1; end`.execute(db);
          }
        }
      }
    },

    async down(db: Kysely<unknown>) {
      for (const table of Object.keys(AUTH_WATCH)) {
        if (dialect === 'postgres') await sql`drop trigger if exists ${sql.ref(`auth_bump_${table}`)} on ${sql.table(table)}`.execute(db);
        else for (const suffix of ['i', 'd', 'u']) await sql`drop trigger if exists ${sql.ref(`auth_bump_${table}_${suffix}`)}`.execute(db);
      }
      if (dialect === 'postgres') await sql`drop function if exists auth_state_bump()`.execute(db);
      await db.schema.dropTable('auth_state').execute();
    },
  };
}
