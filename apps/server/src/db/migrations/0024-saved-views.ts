import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, createUniqueIndex, idColumnOf } from './schema-kit';

/**
 * Saved views of list screens (issue 48 §2; domains/views/README.md).
 *
 * - `saved_views`: an administrator's view of one screen (its menu url): title, the filters as JSON
 *   text of the screen's URL values, the hidden columns as a JSON array, the page size, and whether it
 *   is shared with every administrator of the merchant. A title is unique per owner and screen.
 * - `saved_view_defaults`: the view an administrator opens a screen with (own or shared), one per screen.
 *
 * New tables only: compatible with the build before it.
 */
export function savedViewsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await idColumnOf(dialect)(db.schema.createTable('saved_views'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('screen', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('filters', 'text', (c) => c.notNull())
        .addColumn('hidden_columns', 'text', (c) => c.notNull())
        .addColumn('page_size', 'integer', (c) => c.notNull())
        .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await createUniqueIndex(db, 'saved_views_title_idx', 'saved_views', ['admin_id', 'screen', 'title']);
      // A screen's menu of views: the merchant's shared ones beside the caller's own.
      await createIndex(db, 'saved_views_screen_idx', 'saved_views', ['merchant_id', 'screen', 'shared']);

      await db.schema
        .createTable('saved_view_defaults')
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('screen', 'text', (c) => c.notNull())
        .addColumn('view_id', 'bigint', (c) => c.notNull().references('saved_views.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('saved_view_defaults_pk', ['admin_id', 'screen'])
        .execute();
      await createIndex(db, 'saved_view_defaults_view_idx', 'saved_view_defaults', ['view_id']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('saved_view_defaults').execute();
      await db.schema.dropTable('saved_views').execute();
    },
  };
}
