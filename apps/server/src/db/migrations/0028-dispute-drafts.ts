import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, createUniqueIndex, idColumnOf } from './schema-kit';

/**
 * The dispute workspace (issue 49 §1; disputes/README.md "Evidence drafts").
 *
 * - `dispute_drafts`: one evidence draft per case, kept apart from the appeal. `version` goes up with
 *   each save (a save over a newer version is refused); `submitted_at` is set, once, by the conditional
 *   update that submits it, after which the draft no longer changes.
 * - `dispute_files.draft_id`: a file chosen for a draft is an evidence record of the case that
 *   belongs to the draft; it becomes the appeal's evidence when the draft is submitted (nothing is
 *   copied), and is the appeal's only then.
 * - `transactions.customer_id`, `transactions.device_id`: the merchant's user ID of the customer and
 *   the device ID the payment page saw, two of the four elements Visa Compelling Evidence 3.0
 *   compares (with the shipping address and the IP address the table already held). Nullable: not
 *   every payment has them, and the build before never writes them.
 */
export function disputeDraftsMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('dispute_drafts'))
        .addColumn('dispute_id', 'bigint', (c) => c.notNull().references('disputes.id').onDelete('cascade'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        // JSON object of the package's sections (packages/shared/src/dispute-evidence.ts).
        .addColumn('sections', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('use_ce3', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_by_admin_id', 'bigint', (c) => c.references('admins.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('submitted_at', 'bigint')
        .execute();
      await createUniqueIndex(db, 'dispute_drafts_dispute_uq', 'dispute_drafts', ['dispute_id']);

      // A draft's files are evidence records of the case that belong to the draft; they are the
      // appeal's evidence once the draft is submitted (repository.ts reads it so).
      await db.schema
        .alterTable('dispute_files')
        .addColumn('draft_id', 'bigint', (c) => c.references('dispute_drafts.id').onDelete('cascade'))
        .execute();
      await createIndex(db, 'dispute_files_draft_idx', 'dispute_files', ['draft_id', 'id']);

      await db.schema.alterTable('transactions').addColumn('customer_id', 'text').execute();
      await db.schema.alterTable('transactions').addColumn('device_id', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('transactions').dropColumn('device_id').execute();
      await db.schema.alterTable('transactions').dropColumn('customer_id').execute();
      await db.schema.dropIndex('dispute_files_draft_idx').execute();
      await db.schema.alterTable('dispute_files').dropColumn('draft_id').execute();
      await db.schema.dropTable('dispute_drafts').execute();
    },
  };
}
