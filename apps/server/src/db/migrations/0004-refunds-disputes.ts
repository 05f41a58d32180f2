import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, createUniqueIndex, idColumnOf } from './schema-kit';

/**
 * Refunds (spec §3 Refund), disputes (chargebacks, retrievals, RDR and Ethoca alerts, fraud reports:
 * §3 Chargeback or retrieval) and the evidence files of appeals. Codes: packages/shared/src/trade-enums.ts.
 * Refund amounts are in the transaction's currency; `settle_amount` is the same money in the
 * gateway's settlement currency (pro rata of the transaction's settle_amount).
 */
export function refundsDisputesMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);

  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('disputes'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
        .addColumn('case_no', 'text', (c) => c.notNull())
        .addColumn('kind', 'integer', (c) => c.notNull())
        .addColumn('processing_type', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('settle_amount', 'bigint', (c) => c.notNull())
        .addColumn('chargeback_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('appeal_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('alert_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('settle_batch', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reason_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        // When the merchant must have replied (appeal) or, for an Ethoca alert, refunded.
        .addColumn('reply_deadline', 'bigint')
        .addColumn('appeal_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('appeal_note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('appealed_at', 'bigint')
        .addColumn('decided_at', 'bigint')
        // The refund an alert led to (RDR: made on arrival; Ethoca: made by the merchant).
        .addColumn('refund_id', 'bigint')
        .addColumn('reminded_5d_at', 'bigint')
        .addColumn('reminded_24h_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await createUniqueIndex(db, 'disputes_case_no_uq', 'disputes', ['case_no']);
      await createIndex(db, 'disputes_list_idx', 'disputes', ['merchant_id', 'created_at desc', 'id desc']);
      await createIndex(db, 'disputes_transaction_idx', 'disputes', ['transaction_id', 'created_at']);
      await createIndex(db, 'disputes_deadline_idx', 'disputes', ['merchant_id', 'reply_deadline']);
      // The reminder job looks across merchants for deadlines inside the next 5 days.
      await createIndex(db, 'disputes_reply_deadline_idx', 'disputes', ['reply_deadline']);

      await withId(db.schema.createTable('refunds'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
        .addColumn('refund_no', 'text', (c) => c.notNull())
        .addColumn('refund_type', 'integer', (c) => c.notNull())
        .addColumn('method', 'integer', (c) => c.notNull())
        .addColumn('source', 'integer', (c) => c.notNull())
        .addColumn('dispute_id', 'bigint', (c) => c.references('disputes.id').onDelete('set null'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('settle_amount', 'bigint', (c) => c.notNull())
        // What could still be refunded when this refund was applied for (shown in the list).
        .addColumn('available_amount', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('applicant', 'text', (c) => c.notNull())
        .addColumn('applicant_admin_id', 'bigint', (c) => c.references('admins.id').onDelete('set null'))
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('fail_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('applied_at', 'bigint', (c) => c.notNull())
        .addColumn('processed_at', 'bigint')
        .execute();
      await createUniqueIndex(db, 'refunds_refund_no_uq', 'refunds', ['refund_no']);
      await createIndex(db, 'refunds_list_idx', 'refunds', ['merchant_id', 'applied_at desc', 'id desc']);
      // The refund query by processing date (time type "process").
      await createIndex(db, 'refunds_processed_idx', 'refunds', ['merchant_id', 'processed_at desc', 'id desc']);
      await createIndex(db, 'refunds_transaction_idx', 'refunds', ['transaction_id', 'applied_at']);

      await withId(db.schema.createTable('dispute_files'))
        .addColumn('dispute_id', 'bigint', (c) => c.notNull().references('disputes.id').onDelete('cascade'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('storage_name', 'text', (c) => c.notNull())
        .addColumn('uploaded_by_admin_id', 'bigint', (c) => c.references('admins.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'dispute_files_dispute_idx', 'dispute_files', ['dispute_id', 'id']);

      // Deadline reminders concern one gateway's case: an administrator limited to other gateways
      // must not see them. Null: the reminder is for the whole merchant.
      await db.schema
        .alterTable('reminders')
        .addColumn('gateway_id', 'bigint', (c) => c.references('gateways.id').onDelete('cascade'))
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('reminders').dropColumn('gateway_id').execute();
      for (const t of ['dispute_files', 'refunds', 'disputes']) await db.schema.dropTable(t).execute();
    },
  };
}
