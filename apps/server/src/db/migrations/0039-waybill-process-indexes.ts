import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex } from './schema-kit';

/*
 * The last list filters that read table rows (issue 46 §2; measured on the 5M-row bench database,
 * bench/RESULTS.md):
 *
 * - Waybills carry their transaction's time (`trade_at`, copied at the upload: a transaction's time
 *   never changes), so a waybill status filter seeks `waybills_status_idx` in the list's order instead
 *   of walking every payment of the range and looking up its waybill (6 months of status 8 on SQLite:
 *   1.4 s; status 3 on PostgreSQL: 310 ms).
 * - `transactions_process_idx` (the lists by processing time) ends with the same filter columns as
 *   `transactions_list_idx` (migration 0038), so those filters are checked on the index entry.
 */
const PROCESS_LEAD = ['merchant_id', 'category', 'returned_at desc', 'id desc'];
const FILTERS = ['gateway_id', 'pay_status', 'trade_type', 'card_scheme', 'currency', 'amount'];
const FLAGS = ['refund_status', 'chargeback_status', 'retrieval_status', 'rdr_status', 'ethoca_status', 'appeal_status'];

/**
 * SQLite: the statistics row of the process index as it was (null when the table has none). The
 * rebuilt index leads with the same columns and the added ones follow the unique id, so its row is the
 * old one with a 1 for each added column. A sampled `analyze` of the new index (as 0038 did) judged
 * 20,001 rows a merchant where the full statistics say 156,251.
 */
async function processIndexStat(db: Kysely<unknown>): Promise<string | null> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (Number(rows[0]?.n ?? 0) === 0) return null;
  const stat = await sql<{ stat: string }>`select stat from sqlite_stat1 where idx = 'transactions_process_idx'`.execute(db);
  return stat.rows[0]?.stat ?? null;
}

/** Puts the widened index's statistics row in and has the planner read it (`analyze sqlite_schema` reloads, analyzes nothing). */
async function restoreProcessIndexStat(db: Kysely<unknown>, old: string): Promise<void> {
  const stat = `${old}${' 1'.repeat(FILTERS.length + FLAGS.length)}`;
  await sql`delete from sqlite_stat1 where idx = 'transactions_process_idx'`.execute(db);
  await sql`insert into sqlite_stat1 (tbl, idx, stat) values ('transactions', 'transactions_process_idx', ${stat})`.execute(db);
  await sql`analyze sqlite_schema`.execute(db);
}

export function waybillProcessIndexesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('waybills')
        .addColumn('trade_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update waybills set trade_at = (select t.created_at from transactions t where t.id = waybills.transaction_id)`.execute(db);
      await createIndex(db, 'waybills_status_idx', 'waybills', [
        'merchant_id',
        'status',
        'trade_at desc',
        'transaction_id desc',
        'gateway_id',
      ]);

      const stat = dialect === 'sqlite' ? await processIndexStat(db) : null;
      await db.schema.dropIndex('transactions_process_idx').execute();
      await createIndex(db, 'transactions_process_idx', 'transactions', [...PROCESS_LEAD, ...FILTERS, ...FLAGS]);
      if (stat !== null) await restoreProcessIndexStat(db, stat);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('transactions_process_idx').execute();
      await createIndex(db, 'transactions_process_idx', 'transactions', PROCESS_LEAD);
      await db.schema.dropIndex('waybills_status_idx').execute();
      await db.schema.alterTable('waybills').dropColumn('trade_at').execute();
    },
  };
}
