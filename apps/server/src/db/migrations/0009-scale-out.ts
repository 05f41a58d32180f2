import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, createUniqueIndex, idColumnOf } from './schema-kit';

/**
 * Several API nodes on one database.
 *
 * - `idempotency_keys`: one row per (merchant, Idempotency-Key) of a request that moves money or opens a
 *   case. Claimed before the effect (status `processing`, so a second request with the key answers
 *   "being processed"), and marked `done` with the answer's data in the same transaction as the effect,
 *   so a reply lost after the commit is replayed, never repeated. Rows older than 24 hours are purged.
 * - `stored_file_chunks`: file contents when the files live in the database (FILE_STORAGE=database, the
 *   default on PostgreSQL), in chunks of at most 1 MB, keyed by the server-made storage name.
 * - `job_leases`: one row per scheduled job; a node runs a job only while it holds the lease, so one node
 *   does each run and a node that dies mid-run leaves the next run to another once the lease lapses.
 */
export function scaleOutMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('idempotency_keys'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('idem_key', 'text', (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('response', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .execute();
      await createUniqueIndex(db, 'idempotency_keys_uq', 'idempotency_keys', ['merchant_id', 'idem_key']);
      await createIndex(db, 'idempotency_keys_created_idx', 'idempotency_keys', ['created_at']);

      await db.schema
        .createTable('stored_file_chunks')
        .addColumn('storage_name', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('data', dialect === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull())
        .addPrimaryKeyConstraint('stored_file_chunks_pk', ['storage_name', 'seq'])
        .execute();

      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'bigint', (c) => c.notNull())
        .addColumn('last_run_at', 'bigint')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('job_leases').execute();
      await db.schema.dropTable('stored_file_chunks').execute();
      await db.schema.dropTable('idempotency_keys').execute();
    },
  };
}
