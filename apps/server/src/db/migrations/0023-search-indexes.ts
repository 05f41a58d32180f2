import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex } from './schema-kit';

/**
 * Indexes of the one search box (issue 48 §1, apps/server/src/domains/search/README.md): each number a
 * person may type is found, exactly or by its beginning, by one range of an index led by the merchant.
 * The unique indexes on the numbers alone (trade, refund, case, batch, withdrawal, link key, complaint)
 * answer an exact number, but a beginning such as "RF1001" would walk every merchant's numbers that start
 * so before it finds five of the caller's; led by the merchant, the range holds only the caller's.
 * Merchant order numbers, e-mails and card digits alone already have their indexes (0003), per category.
 */
const INDEXES: readonly [name: string, table: string, columns: string[]][] = [
  ['transactions_search_trade_no_idx', 'transactions', ['merchant_id', 'trade_no']],
  // A card's first six and last four together: found in the index alone, newest first, instead of reading
  // the rows of every payment with those last four (a few hundred random row reads on the bench database).
  ['transactions_search_card_idx', 'transactions', ['merchant_id', 'category', 'card_last4', 'card_first6', 'created_at desc', 'id desc']],
  ['refunds_search_no_idx', 'refunds', ['merchant_id', 'refund_no']],
  ['disputes_search_no_idx', 'disputes', ['merchant_id', 'case_no']],
  ['complaints_search_no_idx', 'complaints', ['merchant_id', 'complaint_no']],
  ['complaints_search_email_idx', 'complaints', ['merchant_id', 'cardholder_email']],
  ['withdrawals_search_no_idx', 'withdrawals', ['merchant_id', 'withdrawal_no']],
  ['settlement_batches_search_no_idx', 'settlement_batches', ['merchant_id', 'batch_no']],
  ['waybills_search_tracking_idx', 'waybills', ['merchant_id', 'tracking_no']],
  ['payment_links_search_key_idx', 'payment_links', ['merchant_id', 'link_key']],
  ['websites_search_host_idx', 'websites', ['merchant_id', 'host']],
  ['blacklist_entries_search_value_idx', 'blacklist_entries', ['merchant_id', 'value']],
];

export function searchIndexesMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, table, columns] of INDEXES) await createIndex(db, name, table, columns);
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
    },
  };
}
