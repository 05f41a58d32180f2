import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, createUniqueIndex, idColumnOf } from './schema-kit';

/**
 * Payment links and the risk menu (issue 12).
 *
 * - `payment_links`: a merchant's link (spec §3 Payment link). `link_key` is the unguessable key of the
 *   hosted page's address (192 random bits). A link is never deleted: `status` active/disabled, and
 *   `pay_status` unpaid/paid with `paid_count`. A one-time link is consumed by a conditional UPDATE
 *   (`pay_status = unpaid`) in the same transaction as the payment's gateway record.
 * - `payment_link_payments`: which gateway records (transactions) were made through which link.
 * - `blacklist_entries`: the merchant's blacklist, one row per (type, normalised value); removing an
 *   entry deletes its row (the operation log keeps who did it).
 * - `complaints`: cardholder complaints and inquiries about a transaction (raised by an operator
 *   command), pending until processed by a reply, a refund (a refund application) or both.
 * - `reply_templates`: the merchant's cardholder reply emails in the three languages.
 * - `cardholder_replies`: each reply sent, with the `mail_outbox` row that records its delivery.
 */
export function riskLinksMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('payment_links'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('link_key', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('link_type', 'integer', (c) => c.notNull())
        .addColumn('active_until_date', 'text', (c) => c.notNull())
        // End of the active-until day in the creator's timezone (epoch ms, exclusive).
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_mode', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint')
        .addColumn('min_amount', 'bigint')
        .addColumn('max_amount', 'bigint')
        .addColumn('customer_message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('collect_billing', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('collect_shipping', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('methods', 'text', (c) => c.notNull())
        .addColumn('custom_domain', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('operating_name', 'text', (c) => c.notNull())
        .addColumn('prefill', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('pay_status', 'integer', (c) => c.notNull())
        .addColumn('paid_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('disabled_at', 'bigint')
        .addColumn('paid_at', 'bigint')
        .execute();
      await createUniqueIndex(db, 'payment_links_key_uq', 'payment_links', ['link_key']);
      await createIndex(db, 'payment_links_list_idx', 'payment_links', ['merchant_id', 'created_at desc', 'id desc']);

      await withId(db.schema.createTable('payment_link_payments'))
        .addColumn('link_id', 'bigint', (c) => c.notNull().references('payment_links.id').onDelete('cascade'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'payment_link_payments_link_idx', 'payment_link_payments', ['link_id', 'created_at', 'id']);

      await withId(db.schema.createTable('blacklist_entries'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('entry_type', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('added_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createUniqueIndex(db, 'blacklist_entries_uq', 'blacklist_entries', ['merchant_id', 'entry_type', 'value']);
      await createIndex(db, 'blacklist_entries_list_idx', 'blacklist_entries', ['merchant_id', 'created_at desc', 'id desc']);

      await withId(db.schema.createTable('complaints'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
        .addColumn('complaint_no', 'text', (c) => c.notNull())
        .addColumn('kind', 'integer', (c) => c.notNull())
        .addColumn('cardholder_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cardholder_email', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('reply_deadline', 'bigint', (c) => c.notNull())
        .addColumn('action', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('refund_id', 'bigint')
        .addColumn('processed_by', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('processed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createUniqueIndex(db, 'complaints_no_uq', 'complaints', ['complaint_no']);
      await createIndex(db, 'complaints_list_idx', 'complaints', ['merchant_id', 'created_at desc', 'id desc']);

      await withId(db.schema.createTable('reply_templates'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('subject_zh_cn', 'text', (c) => c.notNull())
        .addColumn('body_zh_cn', 'text', (c) => c.notNull())
        .addColumn('subject_zh_hk', 'text', (c) => c.notNull())
        .addColumn('body_zh_hk', 'text', (c) => c.notNull())
        .addColumn('subject_en', 'text', (c) => c.notNull())
        .addColumn('body_en', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'reply_templates_merchant_idx', 'reply_templates', ['merchant_id', 'id']);

      await withId(db.schema.createTable('cardholder_replies'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('complaint_id', 'bigint', (c) => c.references('complaints.id').onDelete('cascade'))
        .addColumn('template_id', 'bigint')
        .addColumn('to_addr', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('mail_id', 'bigint')
        .addColumn('sent_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'cardholder_replies_list_idx', 'cardholder_replies', ['merchant_id', 'created_at desc', 'id desc']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('cardholder_replies').execute();
      await db.schema.dropTable('reply_templates').execute();
      await db.schema.dropTable('complaints').execute();
      await db.schema.dropTable('blacklist_entries').execute();
      await db.schema.dropTable('payment_link_payments').execute();
      await db.schema.dropTable('payment_links').execute();
    },
  };
}
