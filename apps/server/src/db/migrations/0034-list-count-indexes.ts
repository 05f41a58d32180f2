import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { MERCHANT_ENTRIES } from './0014-funds-speed';

/*
 * Lists whose filters and count read the index alone (issue 46 §2; measured on the 5M-row bench
 * database, bench/RESULTS.md):
 *
 * - `refunds_list_idx` and `disputes_list_idx` end with the columns the lists filter on (and the
 *   disputes' `kind`, which every case list excludes fraud reports by), so that counting a range up to
 *   the cap reads index entries instead of 10,001 table rows: a month of refunds with a source filter
 *   took 62 ms read cold, 3 months of cases 43 ms.
 * - `ledger_entries_type_idx`: entries of one type (a rare one, such as failed withdrawals) are found
 *   by it instead of walking every entry of the range: 6 months of "withdrawal failed" entries in the
 *   available account took 1.1 s (page and count). The same partial condition as the merchant index.
 */
const REFUND_COLUMNS = ['merchant_id', 'applied_at desc', 'id desc'];
const DISPUTE_COLUMNS = ['merchant_id', 'created_at desc', 'id desc'];

export function listCountIndexesMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('refunds_list_idx').execute();
      await db.schema
        .createIndex('refunds_list_idx')
        .on('refunds')
        .columns([...REFUND_COLUMNS, 'gateway_id', 'status', 'method', 'source'])
        .execute();
      await db.schema.dropIndex('disputes_list_idx').execute();
      await db.schema
        .createIndex('disputes_list_idx')
        .on('disputes')
        .columns([...DISPUTE_COLUMNS, 'kind', 'gateway_id', 'processing_type', 'appeal_status', 'reply_deadline', 'refund_id'])
        .execute();
      await db.schema
        .createIndex('ledger_entries_type_idx')
        .on('ledger_entries')
        .columns(['merchant_id', 'txn_type', 'occurred_at desc', 'id desc', 'account_kind', 'gateway_id', 'currency'])
        .where(sql.raw<boolean>(MERCHANT_ENTRIES))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('ledger_entries_type_idx').execute();
      await db.schema.dropIndex('disputes_list_idx').execute();
      await db.schema.createIndex('disputes_list_idx').on('disputes').columns(DISPUTE_COLUMNS).execute();
      await db.schema.dropIndex('refunds_list_idx').execute();
      await db.schema.createIndex('refunds_list_idx').on('refunds').columns(REFUND_COLUMNS).execute();
    },
  };
}
