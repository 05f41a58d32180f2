import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, createUniqueIndex, idColumnOf } from './schema-kit';

/**
 * The notification centre (issue 50 §5; domains/notifications/README.md).
 *
 * - `notifications`: one row per event and administrator. The unique (admin, event key) makes a job
 *   that runs twice, or on two nodes, notify once. A row the administrator wants by mail only is
 *   written read (`read_at` = its time) and `in_app` 0, so the unread count is one index range
 *   (admin, read_at null). `mail`: 0 not mailed, 1 waiting to be mailed, 2 mailed, 3 mail failed.
 * - `notification_preferences`: an administrator's choice for one kind (in-app, mail); no row: the
 *   kind's defaults. `threshold` (minor units) is the low-balance kind's own setting.
 * New tables only: the build before never reads them (an expand step).
 */
export function notificationsMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('notifications'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('event_key', 'text', (c) => c.notNull())
        .addColumn('gateway_id', 'bigint')
        // JSON object of the values the kind's texts are filled with.
        .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('in_app', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('mail', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .execute();
      await createUniqueIndex(db, 'notifications_event_uq', 'notifications', ['admin_id', 'event_key']);
      // The bell's count and the list: one administrator's rows by read state, newest first.
      await createIndex(db, 'notifications_unread_idx', 'notifications', ['admin_id', 'read_at', 'id']);
      await createIndex(db, 'notifications_list_idx', 'notifications', ['admin_id', 'in_app', 'id']);
      await createIndex(db, 'notifications_mail_idx', 'notifications', ['mail', 'id']);

      await db.schema
        .createTable('notification_preferences')
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('in_app', 'integer', (c) => c.notNull())
        .addColumn('mail', 'integer', (c) => c.notNull())
        .addColumn('threshold', 'bigint')
        .addPrimaryKeyConstraint('notification_preferences_pk', ['admin_id', 'kind'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('notification_preferences').execute();
      await db.schema.dropTable('notifications').execute();
    },
  };
}
