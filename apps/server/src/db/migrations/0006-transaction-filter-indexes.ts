import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex } from './schema-kit';

/**
 * Indexes that let every low-cardinality filter of the transaction lists (payment status, trade type,
 * card scheme, currency, gateway, amount) page and count from an index alone.
 *
 * Each keyset index ends with the columns those filters test, so a filter that is not the index's
 * leading column is checked on the index entry without reading the table row (SQLite defers the row
 * lookup; PostgreSQL can answer from the index). A filter that selects few rows gets its own leading
 * column, so the count up to the cap reads about as many index entries as it counts.
 */
const TRAILING = ['gateway_id', 'pay_status', 'trade_type', 'card_scheme', 'currency', 'amount'] as const;

export function transactionFilterIndexesMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('transactions_list_idx').execute();
      await createIndex(db, 'transactions_list_idx', 'transactions', [
        'merchant_id',
        'category',
        'created_at desc',
        'id desc',
        ...TRAILING,
      ]);
      await db.schema.dropIndex('transactions_gateway_idx').execute();
      await db.schema
        .createIndex('transactions_gateway_idx')
        .on('transactions')
        .columns(['gateway_id', 'category', 'created_at desc', 'id desc', ...TRAILING.filter((c) => c !== 'gateway_id')])
        .execute();
      for (const lead of ['pay_status', 'trade_type', 'card_scheme', 'currency'] as const) {
        await db.schema
          .createIndex(`transactions_by_${lead}_idx`)
          .on('transactions')
          .columns(['merchant_id', 'category', lead, 'created_at desc', 'id desc', ...TRAILING.filter((c) => c !== lead)])
          .execute();
      }
      // Amount ranges: a narrow range is found by amount, then sorted (few rows); a wide one keeps to the keyset index.
      await createIndex(db, 'transactions_by_amount_idx', 'transactions', ['merchant_id', 'category', 'amount', 'created_at', 'id']);
    },

    async down(db: Kysely<unknown>) {
      for (const lead of ['pay_status', 'trade_type', 'card_scheme', 'currency', 'amount'])
        await db.schema.dropIndex(`transactions_by_${lead}_idx`).execute();
      await db.schema.dropIndex('transactions_gateway_idx').execute();
      await createIndex(db, 'transactions_gateway_idx', 'transactions', ['gateway_id', 'category', 'created_at desc', 'id desc']);
      await db.schema.dropIndex('transactions_list_idx').execute();
      await createIndex(db, 'transactions_list_idx', 'transactions', ['merchant_id', 'category', 'created_at desc', 'id desc']);
    },
  };
}
