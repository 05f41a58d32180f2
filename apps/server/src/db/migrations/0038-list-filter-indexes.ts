import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { MERCHANT_ENTRIES } from './0014-funds-speed';
import { createIndex } from './schema-kit';

/*
 * The list filters that still read table rows or walked a join (issue 46 §2; measured on the 5M-row
 * bench database, bench/RESULTS.md):
 *
 * - `transactions_list_idx` also ends with the six flag columns, so a flag filter of 0 (the common
 *   value: "not charged back") is checked on the index entry; its count read up to 10,001 table rows.
 *   The index is rebuilt wider rather than joined by another: a payment still writes the same indexes.
 * - Refunds and cases carry their transaction's time (`trade_at`, copied when they are recorded: a
 *   transaction's time never changes), so the lists by the transaction's time seek their own index
 *   instead of sorting every refund or case of the merchant through the join (1.1-2.0 s for the
 *   refunds of a month).
 * - `ledger_entries_account_kind_idx`: entries of one account (a rare one, such as debt) are found by it
 *   instead of walking every entry of the range (3.1 s for 6 months of an account without entries).
 */
const LIST_TRAILING = ['gateway_id', 'pay_status', 'trade_type', 'card_scheme', 'currency', 'amount'];
const FLAGS = ['refund_status', 'chargeback_status', 'retrieval_status', 'rdr_status', 'ethoca_status', 'appeal_status'];
const LIST_LEAD = ['merchant_id', 'category', 'created_at desc', 'id desc'];
/** The columns each list filters on, as in refunds_list_idx and disputes_list_idx (migration 0034). */
const TRADE_AT_FILTERS = {
  refunds: ['gateway_id', 'status', 'method', 'source'],
  disputes: ['kind', 'gateway_id', 'processing_type', 'appeal_status', 'reply_deadline', 'refund_id'],
};

async function addTradeAt(db: Kysely<unknown>, table: keyof typeof TRADE_AT_FILTERS): Promise<void> {
  await db.schema
    .alterTable(table)
    .addColumn('trade_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update ${sql.table(table)} set trade_at = (select t.created_at from transactions t where t.id = ${sql.ref(`${table}.transaction_id`)})`.execute(
    db,
  );
}

/**
 * SQLite: the rebuilt list index gets its row of sqlite_stat1 back where the table had statistics (the
 * server's `pragma optimize` at start does not add rows for an index without one). Without it the
 * planner took the wider list index over the chargeback flag's partial one (a chargebackStatus=1
 * list on the 5M database: 1.5 ms -> 552 ms). The new indexes are left without, as 0034's were: with a
 * sampled row the account index looked barely better than the merchant's entry index and a 6-month
 * list of the debt account walked the latter (1.9 s instead of under 20 ms).
 */
async function analyzeListIndex(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (Number(rows[0]?.n ?? 0) === 0) return;
  const had = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'transactions'`.execute(db);
  if (Number(had.rows[0]?.n ?? 0) === 0) return;
  await sql`pragma analysis_limit = 20000`.execute(db);
  await sql`analyze transactions_list_idx`.execute(db);
}

export function listFilterIndexesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('transactions_list_idx').execute();
      await createIndex(db, 'transactions_list_idx', 'transactions', [...LIST_LEAD, ...LIST_TRAILING, ...FLAGS]);

      for (const [table, filters] of Object.entries(TRADE_AT_FILTERS)) {
        await addTradeAt(db, table as keyof typeof TRADE_AT_FILTERS);
        await createIndex(db, `${table}_trade_at_idx`, table, ['merchant_id', 'trade_at desc', 'id desc', ...filters]);
      }

      await db.schema
        .createIndex('ledger_entries_account_kind_idx')
        .on('ledger_entries')
        .columns(['merchant_id', 'account_kind', 'occurred_at desc', 'id desc', 'gateway_id', 'txn_type', 'currency'])
        .where(sql.raw<boolean>(MERCHANT_ENTRIES))
        .execute();
      if (dialect === 'sqlite') await analyzeListIndex(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('ledger_entries_account_kind_idx').execute();
      await db.schema.dropIndex('disputes_trade_at_idx').execute();
      await db.schema.alterTable('disputes').dropColumn('trade_at').execute();
      await db.schema.dropIndex('refunds_trade_at_idx').execute();
      await db.schema.alterTable('refunds').dropColumn('trade_at').execute();
      await db.schema.dropIndex('transactions_list_idx').execute();
      await createIndex(db, 'transactions_list_idx', 'transactions', [...LIST_LEAD, ...LIST_TRAILING]);
    },
  };
}
