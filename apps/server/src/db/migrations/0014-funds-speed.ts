import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * Funds at scale (issue 9 §6).
 *
 * - The recorded-entry list reads only the merchant's own accounts' entries (about half the ledger: the
 *   acquirer's counter-accounts are never listed). A partial index holds exactly those, in list order,
 *   and ends with every column the list filters on, so a page seeks it and the capped count reads
 *   index entries only, never a table row.
 * - The account summary's retrieval total reads the rollup rows that have a retrieval, from a partial
 *   index that holds the amount.
 */

/** The partial index's condition; the list repeats this exact text so SQLite and PostgreSQL use it. */
export const MERCHANT_ENTRIES = "account_kind in ('unsettled', 'available', 'frozen', 'reserve', 'debt')";
/** Rollup rows with a retrieval (the summary's retrieval total); repeated as is by the query. */
export const WITH_RETRIEVALS = 'retrieval_amount <> 0';

export function fundsSpeedMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('ledger_entries_merchant_idx')
        .on('ledger_entries')
        .columns(['merchant_id', 'occurred_at desc', 'id desc', 'gateway_id', 'account_kind', 'txn_type', 'currency'])
        .where(sql.raw<boolean>(MERCHANT_ENTRIES))
        .execute();
      await db.schema
        .createIndex('trade_rollups_retrieval_idx')
        .on('trade_rollups')
        .columns(['merchant_id', 'gateway_id', 'currency', 'retrieval_amount'])
        .where(sql.raw<boolean>(WITH_RETRIEVALS))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('trade_rollups_retrieval_idx').execute();
      await db.schema.dropIndex('ledger_entries_merchant_idx').execute();
    },
  };
}
