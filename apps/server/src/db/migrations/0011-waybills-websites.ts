import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, createUniqueIndex, idColumnOf } from './schema-kit';

/**
 * Waybills, delivery proof, order products and websites (issue 11).
 *
 * - `merchants.delivery_proof_type`: null when the merchant ships nothing to prove (digital goods),
 *   else 'image', 'tracking' or 'either' (set by `npm run ops -- merchant:delivery-proof`).
 * - `waybills`: at most one per transaction (the latest tracking number, carrier, carrier sites, review
 *   status and counts); `waybill_files`: its delivery-proof images (content in the file storage).
 * - `waybill_reminders`: one row per merchant and last-upload day already reminded, so the reminder
 *   job writes one message reminder per day however often it runs.
 * - `order_products`: the goods of an order; `order_freights`: the order's freight (may be 0).
 * - `websites`: a merchant's shop sites, unique per merchant by normalised URL; `website_batches`: each
 *   upload (single or batch) with its outcome and the review-team mail's status.
 */
export function waybillsWebsitesMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('merchants').addColumn('delivery_proof_type', 'text').execute();

      await withId(db.schema.createTable('waybills'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull())
        .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('transactions.id'))
        .addColumn('tracking_no', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('carrier', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('carrier_sites', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('fail_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('checked_at', 'bigint')
        .addColumn('upload_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('image_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reused_tracking', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createUniqueIndex(db, 'waybills_transaction_uq', 'waybills', ['transaction_id']);
      await createIndex(db, 'waybills_merchant_uploaded_idx', 'waybills', ['merchant_id', 'uploaded_at', 'id']);
      await createIndex(db, 'waybills_tracking_idx', 'waybills', ['tracking_no']);

      await withId(db.schema.createTable('waybill_files'))
        .addColumn('waybill_id', 'bigint', (c) => c.notNull().references('waybills.id'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('storage_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'waybill_files_waybill_idx', 'waybill_files', ['waybill_id', 'id']);

      await db.schema
        .createTable('waybill_reminders')
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('due_day', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('waybill_reminders_pk', ['merchant_id', 'due_day'])
        .execute();

      await withId(db.schema.createTable('order_products'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('gateway_id', 'bigint', (c) => c.notNull())
        .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('transactions.id'))
        .addColumn('goods_no', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'order_products_merchant_idx', 'order_products', ['merchant_id', 'created_at', 'id']);
      await createIndex(db, 'order_products_transaction_idx', 'order_products', ['transaction_id']);
      await db.schema
        .createTable('order_freights')
        .addColumn('transaction_id', 'bigint', (c) => c.primaryKey().references('transactions.id'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('freight', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('website_batches'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id'))
        .addColumn('admin_id', 'bigint')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('line_count', 'integer', (c) => c.notNull())
        .addColumn('accepted_count', 'integer', (c) => c.notNull())
        .addColumn('error_count', 'integer', (c) => c.notNull())
        .addColumn('duplicate_count', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('mail_id', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'website_batches_merchant_idx', 'website_batches', ['merchant_id', 'created_at']);

      await withId(db.schema.createTable('websites'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('site_type', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('average_amount', 'bigint')
        .addColumn('platform_store_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('fail_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('batch_id', 'bigint')
        .addColumn('checklist_confirmed_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await createUniqueIndex(db, 'websites_merchant_url_uq', 'websites', ['merchant_id', 'url']);
      await createIndex(db, 'websites_merchant_list_idx', 'websites', ['merchant_id', 'created_at', 'id']);
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['websites', 'website_batches', 'order_freights', 'order_products', 'waybill_reminders', 'waybill_files', 'waybills'])
        await db.schema.dropTable(t).execute();
      await db.schema.alterTable('merchants').dropColumn('delivery_proof_type').execute();
    },
  };
}
