import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, idColumnOf } from './schema-kit';

/**
 * Scheduled reports (issue 48 §3; domains/schedules/README.md).
 *
 * - `report_schedules`: what to export (the export route and the list's filters), when (frequency, time,
 *   timezone; `next_run_at` the next due time) and to whom, owned by the administrator who made it.
 * - `report_schedule_runs`: one row per schedule and due time, unique: the claim that makes a second
 *   sending of the same run impossible, whichever node or command tries. It keeps the outcome and the file.
 * - `mail_outbox.attachments`: the files a mail carried, by reference to stored files (JSON), so the
 *   outbox row says what was attached without holding the bytes.
 *
 * New tables and a nullable column only: compatible with the build before it.
 */
export function reportSchedulesMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('report_schedules'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('owner_admin_id', 'bigint', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('screen', 'text', (c) => c.notNull())
        .addColumn('export_path', 'text', (c) => c.notNull())
        .addColumn('filters', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('frequency', 'text', (c) => c.notNull())
        .addColumn('weekday', 'integer')
        .addColumn('month_day', 'integer')
        .addColumn('time', 'text', (c) => c.notNull())
        .addColumn('timezone', 'text', (c) => c.notNull())
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('stop_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('next_run_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // The job's pick: active schedules that are due.
      await createIndex(db, 'report_schedules_due_idx', 'report_schedules', ['status', 'next_run_at']);
      await createIndex(db, 'report_schedules_merchant_idx', 'report_schedules', ['merchant_id', 'id']);

      await withId(db.schema.createTable('report_schedule_runs'))
        .addColumn('schedule_id', 'bigint', (c) => c.notNull().references('report_schedules.id').onDelete('cascade'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .addColumn('manual', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('content_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('storage_name', 'text')
        .addColumn('file_size', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('delivery', 'text')
        .addColumn('file_expires_at', 'bigint')
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addUniqueConstraint('report_schedule_runs_due_key', ['schedule_id', 'due_at'])
        .execute();
      await createIndex(db, 'report_schedule_runs_list_idx', 'report_schedule_runs', ['schedule_id', 'id']);
      // Files past their 7 days are removed by the job; runs left running by a stopped node are closed.
      await createIndex(db, 'report_schedule_runs_expiry_idx', 'report_schedule_runs', ['file_expires_at']);
      await createIndex(db, 'report_schedule_runs_status_idx', 'report_schedule_runs', ['status', 'started_at']);

      await sql`alter table mail_outbox add column attachments text`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`alter table mail_outbox drop column attachments`.execute(db);
      await db.schema.dropTable('report_schedule_runs').execute();
      await db.schema.dropTable('report_schedules').execute();
    },
  };
}
