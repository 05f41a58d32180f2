import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, createUniqueIndex } from './schema-kit';

/**
 * Sign-in hardening.
 *
 * - `sign_in_attempts`: failure counters, delays and the PCI DSS 8.3.4 lock, one row per client
 *   address (scope `ip`) and per typed account (scope `account`: merchant number and login name,
 *   whether or not such an account exists, so the lock answers the same for both). Keys are stored as
 *   SHA-256 digests.
 * - Persons: an email address is unique among verified addresses only. Sign-up no longer says that an
 *   address is registered; a second sign-up with the same address creates an unverified person whose
 *   address can never be verified while the first one holds it verified (the first owner is mailed
 *   instead). Lookups by address prefer the verified, then the oldest, person.
 */
export function signInHardeningMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await (
        dialect === 'sqlite'
          ? db.schema.createTable('sign_in_attempts').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : db.schema.createTable('sign_in_attempts').addColumn('id', 'bigserial', (c) => c.primaryKey())
      )
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('last_failure_at', 'bigint', (c) => c.notNull())
        .addColumn('next_allowed_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint')
        .execute();
      await createUniqueIndex(db, 'sign_in_attempts_key_uq', 'sign_in_attempts', ['scope', 'key_hash']);
      await createIndex(db, 'sign_in_attempts_stale_idx', 'sign_in_attempts', ['last_failure_at']);

      await db.schema.dropIndex('persons_email_uq').execute();
      await createIndex(db, 'persons_email_idx', 'persons', ['email']);
      await db.schema
        .createIndex('persons_email_verified_uq')
        .on('persons')
        .column('email')
        .unique()
        .where(sql.ref('email_verified'), '=', 1)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('persons_email_verified_uq').execute();
      await db.schema.dropIndex('persons_email_idx').execute();
      await createUniqueIndex(db, 'persons_email_uq', 'persons', ['email']);
      await db.schema.dropTable('sign_in_attempts').execute();
    },
  };
}
