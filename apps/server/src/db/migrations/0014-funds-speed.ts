import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { NOT_SETTLED } from './0010-funds';

/**
 * Funds at scale (issue 9 §6).
 *
 * - The recorded-entry list reads only the merchant's own accounts' entries (about half the ledger: the
 *   acquirer's counter-accounts are never listed). A partial index holds exactly those, in list order,
 *   and ends with every column the list filters on, so a page seeks it and the capped count reads
 *   index entries only, never a table row.
 * - The account summary reads index entries only: the retrieval total from the rollup rows that have a
 *   retrieval, the credited total from the credited batches, the release calendar from the holds not
 *   yet released (each a partial index holding the columns it sums).
 * - Settlement and the settlement cycle screen find the transactions not settled yet from their partial
 *   index alone: it now also holds the columns they test and sum, so a run reads no table row of the
 *   millions of settled transactions around them (only the rows it then marks settled).
 */

/** The partial index's condition; the list repeats this exact text so SQLite and PostgreSQL use it. */
export const MERCHANT_ENTRIES = "account_kind in ('unsettled', 'available', 'frozen', 'reserve', 'debt')";
/** Rollup rows with a retrieval (the summary's retrieval total); repeated as is by the query. */
export const WITH_RETRIEVALS = 'retrieval_amount <> 0';

export function fundsSpeedMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('transactions_not_settled_idx').execute();
      await db.schema
        .createIndex('transactions_not_settled_idx')
        .on('transactions')
        .columns(['merchant_id', 'gateway_id', 'created_at', 'category', 'pay_status', 'settle_status', 'settle_amount', 'settle_currency'])
        .where(sql.raw<boolean>(NOT_SETTLED))
        .execute();
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
      await db.schema
        .createIndex('settlement_batches_credited_idx')
        .on('settlement_batches')
        .columns(['merchant_id', 'gateway_id', 'currency', 'recognized', 'credited_at'])
        .where(sql.raw<boolean>('credited_at is not null'))
        .execute();
      await db.schema
        .createIndex('reserve_holds_open_idx')
        .on('reserve_holds')
        .columns(['merchant_id', 'gateway_id', 'release_on', 'currency', 'amount', 'released_at'])
        .where(sql.raw<boolean>('released_at is null'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('reserve_holds_open_idx').execute();
      await db.schema.dropIndex('settlement_batches_credited_idx').execute();
      await db.schema.dropIndex('trade_rollups_retrieval_idx').execute();
      await db.schema.dropIndex('ledger_entries_merchant_idx').execute();
      await db.schema.dropIndex('transactions_not_settled_idx').execute();
      await db.schema
        .createIndex('transactions_not_settled_idx')
        .on('transactions')
        .columns(['merchant_id', 'gateway_id', 'created_at'])
        .where(sql.raw<boolean>(NOT_SETTLED))
        .execute();
    },
  };
}
