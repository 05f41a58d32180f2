import { PostgresAdapter, sql, type Kysely, type Migration, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import type { DialectName } from '../database';
import { AVAILABLE_ENTRIES } from './0010-funds';

/**
 * Monthly rollup of the available balance's movement (the monthly report's "withdrawable amount"):
 * one row per merchant, gateway, currency and business month (YYYY-MM of the business day, cut at
 * midnight UTC+08:00) holding the sum of the ledger entries of the 'available' account in that month,
 * withdrawals left out. Kept in the same transaction as the entries (domains/funds/ledger.ts `record`),
 * rebuilt after a bulk load (`rebuildAvailableMonths`) and checked by `ops ledger:verify`. Filled here
 * from the existing entries.
 */

/** Ledger transaction types left out of the withdrawable amount. */
export const WITHDRAWAL_TXN_TYPES = ['withdrawalFreeze', 'withdrawalPay', 'withdrawalFail', 'withdrawalCancel'] as const;

const OFFSET_MS = 8 * 3_600_000;

/** YYYY-MM of the business day of an epoch-ms column, as SQL of the dialect (literals only: PostgreSQL matches GROUP BY by text). */
export function businessMonthSql(dialect: DialectName, column: string): RawBuilder<string> {
  const seconds = sql`(${sql.ref(column)} + ${sql.lit(OFFSET_MS)}) / ${sql.lit(1000)}`;
  return dialect === 'postgres'
    ? sql<string>`to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', ${seconds}, 'unixepoch')`;
}

/** The rollup rows the entries imply, as a SELECT (merchant_id, gateway_id, currency, month, amount). */
export function availableMonthSums(dialect: DialectName, merchantId?: number): RawBuilder<unknown> {
  const month = businessMonthSql(dialect, 'occurred_at');
  const only = merchantId === undefined ? sql`` : sql`and merchant_id = ${merchantId}`;
  const excluded = sql.join(WITHDRAWAL_TXN_TYPES.map((t) => sql.lit(t)));
  return sql`select merchant_id, gateway_id, currency, ${month} as month, sum(amount) as amount
    from ledger_entries
    where ${sql.raw(AVAILABLE_ENTRIES)} and txn_type not in (${excluded}) ${only}
    group by merchant_id, gateway_id, currency, ${month}`;
}

function dialectOf(db: QueryExecutorProvider): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Replaces the rollup rows of one merchant (or all) with the sums of its entries (after a bulk load). */
export async function rebuildAvailableMonths(db: QueryExecutorProvider, merchantId?: number): Promise<void> {
  const only = merchantId === undefined ? sql`` : sql`where merchant_id = ${merchantId}`;
  await sql`delete from ledger_available_months ${only}`.execute(db);
  await sql`insert into ledger_available_months (merchant_id, gateway_id, currency, month, amount)
    ${availableMonthSums(dialectOf(db), merchantId)}`.execute(db);
}

export function ledgerMonthRollupMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const t = db.schema
        .createTable('ledger_available_months')
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('ledger_available_months_pk', ['merchant_id', 'gateway_id', 'currency', 'month']);
      await (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t).execute();
      await sql`insert into ledger_available_months (merchant_id, gateway_id, currency, month, amount)
        ${availableMonthSums(dialect)}`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('ledger_available_months').execute();
    },
  };
}
