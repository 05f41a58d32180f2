import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, idColumnOf } from './schema-kit';

/**
 * Exports run in the background (issue 46 §5; domains/exports/README.md): one row per export asked,
 * claimed by one node with a conditional update of its status (queued -> running), so an export is
 * made once whatever the number of nodes. New table only: the build before never reads it.
 */
export function exportJobsMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('export_jobs'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('screen', 'text', (c) => c.notNull())
        .addColumn('export_path', 'text', (c) => c.notNull())
        .addColumn('filters', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('timezone', 'text', (c) => c.notNull())
        .addColumn('gateway_ids', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('runner', 'text')
        .addColumn('heartbeat_at', 'bigint')
        .addColumn('rows_written', 'bigint')
        .addColumn('expected_rows', 'bigint')
        .addColumn('bytes_written', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('content_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('storage_name', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('started_at', 'bigint')
        .addColumn('finished_at', 'bigint')
        .addColumn('expires_at', 'bigint')
        .execute();
      // The caller's recent exports, newest first.
      await createIndex(db, 'export_jobs_admin_idx', 'export_jobs', ['admin_id', 'id']);
      // The runners' queue, the stale-run check and the expiry sweep.
      await createIndex(db, 'export_jobs_status_idx', 'export_jobs', ['status', 'id']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('export_jobs').execute();
    },
  };
}
