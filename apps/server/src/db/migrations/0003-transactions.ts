import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, createUniqueIndex, idColumnOf } from './schema-kit';

/**
 * Transactions as the gateway records them (spec §3 Transaction). Every screen of the Transaction
 * menu reads this one table, told apart by `category` (formal, risk-declined, uncompleted, test,
 * counterfeit; pre-authorization is formal with trade_type 2). Codes: packages/shared/src/trade-enums.ts.
 *
 * Card numbers: only the first 6 and last 4 digits are ever stored; there is no column that could
 * hold a full number. Amounts are minor units: `amount` in the payment `currency`, `settle_amount`
 * in the gateway's settlement currency.
 */
/**
 * Partial indexes of the rare flags: [index name part, exact condition]. The transactions repository
 * adds the same condition text to its query when the flag is filtered on.
 */
export const RARE_FLAG_INDEXES = [
  ['refunded', 'refund_status = 1'],
  ['chargeback', 'chargeback_status = 1'],
  ['retrieval', 'retrieval_status = 1'],
  ['rdr', 'rdr_status = 1'],
  ['ethoca', 'ethoca_status = 1'],
  ['appeal', 'appeal_status <> 0'],
] as const;

export function transactionsMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);
  const text = (name: string) => (b: CreateTableBuilder<'transactions', 'id'>) =>
    b.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));

  return {
    async up(db: Kysely<unknown>) {
      let t = withId(db.schema.createTable('transactions'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('category', 'integer', (c) => c.notNull())
        .addColumn('trade_no', 'text', (c) => c.notNull())
        .addColumn('merchant_order_no', 'text', (c) => c.notNull())
        .addColumn('trade_type', 'integer', (c) => c.notNull())
        .addColumn('pay_status', 'integer', (c) => c.notNull())
        .addColumn('card_scheme', 'text', (c) => c.notNull())
        .addColumn('card_first6', 'text', (c) => c.notNull())
        .addColumn('card_last4', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('settle_currency', 'text', (c) => c.notNull())
        .addColumn('settle_amount', 'bigint', (c) => c.notNull())
        .addColumn('return_message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('settle_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reserve_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reserve_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('abnormal_status', 'integer', (c) => c.notNull().defaultTo(0))
        // Money already refunded and money in refunds still under way, in `currency` minor units.
        // The refundable amount is amount - refunded_amount - refund_pending_amount; a refund
        // application reserves its amount with one conditional UPDATE on this row.
        .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('refund_pending_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('refund_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('chargeback_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rdr_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ethoca_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('retrieval_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('appeal_status', 'integer', (c) => c.notNull().defaultTo(0))
        // A failure repeating an earlier failure of the same card and amount that business day.
        .addColumn('duplicate_failure', 'integer', (c) => c.notNull().defaultTo(0));
      for (const name of [
        'email',
        'ip',
        'trade_url',
        'customer_name',
        'customer_email',
        'customer_zip',
        'customer_phone',
        'customer_address',
        'customer_city',
        'customer_state',
        'shipping_name',
        'shipping_zip',
        'shipping_address',
        'shipping_country',
        'shipping_email',
        'shipping_phone',
        'shipping_city',
        'shipping_state',
        'bill_country',
        'payment_country',
        'issuer_real_country',
        'ip_bill_country',
        'issuer_name',
        'issuer_country',
        // Comma-separated codes of the risk rules a declined payment failed.
        'risk_rules',
      ])
        t = text(name)(t);
      await t
        .addColumn('high_risk_country', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('international', 'integer', (c) => c.notNull().defaultTo(0))
        // Entered the system / payment submitted / gateway returned the result (UTC ms).
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('submitted_at', 'bigint')
        .addColumn('returned_at', 'bigint')
        .execute();

      await createUniqueIndex(db, 'transactions_trade_no_uq', 'transactions', ['trade_no']);
      // Keyset order of every list: newest first, id breaking ties.
      await createIndex(db, 'transactions_list_idx', 'transactions', ['merchant_id', 'category', 'created_at desc', 'id desc']);
      await createIndex(db, 'transactions_gateway_idx', 'transactions', ['gateway_id', 'category', 'created_at desc', 'id desc']);
      // The same keyset order for the "processing time" time type.
      await createIndex(db, 'transactions_process_idx', 'transactions', ['merchant_id', 'category', 'returned_at desc', 'id desc']);
      // Equality filters that pick a handful of rows: the index finds them, whatever the date range,
      // already in keyset order. Four leading terms (merchant, category, value, time) make the planner
      // prefer them over the plain keyset index even without statistics. (trade_no: the unique index.)
      for (const column of ['merchant_order_no', 'email', 'ip', 'card_last4', 'card_first6']) {
        await db.schema
          .createIndex(`transactions_${column}_idx`)
          .on('transactions')
          .columns(['merchant_id', 'category', column, 'created_at desc', 'id desc'])
          .execute();
      }
      // Rare flags (refunded, chargeback, retrieval, alerts, appeals: a few percent of rows at most):
      // a partial keyset index per flag, so a filter on one does not walk the whole range to fill a
      // page. The list query repeats the index's exact condition so both SQLite and PostgreSQL use it.
      // Frequent values (payment status, trade type, scheme, currency) ride on the keyset index.
      for (const [name, condition] of RARE_FLAG_INDEXES) {
        await db.schema
          .createIndex(`transactions_${name}_idx`)
          .on('transactions')
          .columns(['merchant_id', 'category', 'created_at desc', 'id desc'])
          .where(sql.raw<boolean>(condition))
          .execute();
      }
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('transactions').execute();
    },
  };
}
