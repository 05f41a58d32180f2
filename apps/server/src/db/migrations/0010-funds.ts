import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, createUniqueIndex, idColumnOf } from './schema-kit';

/**
 * Funds (spec §3 Funds summary, Settlement cycle, Credit entry, Withdrawal): a double-entry ledger,
 * settlement configuration, settlement batches with their items, rolling-reserve holds and withdrawals.
 * The rules are in apps/server/src/domains/funds/README.md.
 *
 * - `ledger_accounts`: one per merchant, gateway, currency and kind; `balance` is a cache of the sum of
 *   its entries, updated in the same database transaction as the entries (checked by `ledger:verify`).
 * - `ledger_transactions` / `ledger_entries`: immutable; the entries of one transaction sum to zero.
 *   Entries repeat the merchant, gateway, currency, account kind, type and time of their transaction so
 *   the recorded-entry list pages on one index.
 */
/** The partial index's condition; the query repeats this exact text so SQLite and PostgreSQL use it. */
export const AVAILABLE_ENTRIES = "account_kind = 'available'";
/** Transactions not settled yet (unsettled or tabulated): a small set that settlement and its screen read. */
export const NOT_SETTLED = 'settle_status <> 2';

export function fundsMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      // Settlement and the settlement cycle screen look for the few transactions not yet settled.
      await db.schema
        .createIndex('transactions_not_settled_idx')
        .on('transactions')
        .columns(['merchant_id', 'gateway_id', 'created_at'])
        .where(sql.raw<boolean>(NOT_SETTLED))
        .execute();

      await db.schema
        .createTable('settlement_configs')
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('settle_type', 'integer', (c) => c.notNull())
        .addColumn('cycle_days', 'integer', (c) => c.notNull())
        .addColumn('reserve_bp', 'integer', (c) => c.notNull())
        .addColumn('reserve_days', 'integer', (c) => c.notNull())
        .addColumn('fee_bp', 'integer', (c) => c.notNull())
        .addColumn('fee_fixed', 'bigint', (c) => c.notNull())
        .addColumn('refund_fee', 'bigint', (c) => c.notNull())
        .addColumn('chargeback_fee', 'bigint', (c) => c.notNull())
        .addColumn('rdr_fee', 'bigint', (c) => c.notNull())
        .addColumn('ethoca_fee', 'bigint', (c) => c.notNull())
        .addColumn('withdrawal_fee', 'bigint', (c) => c.notNull())
        .addColumn('min_withdrawal', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('settlement_configs_pk', ['merchant_id', 'gateway_id'])
        .execute();

      await withId(db.schema.createTable('ledger_accounts'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        // Running totals of its credit (positive) and debit (negative, kept as a positive number) entries.
        .addColumn('credits', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('debits', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await createUniqueIndex(db, 'ledger_accounts_uq', 'ledger_accounts', ['merchant_id', 'gateway_id', 'currency', 'kind']);

      await withId(db.schema.createTable('ledger_transactions'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        // What caused it: 'transaction', 'refund', 'case', 'batch', 'reserve', 'withdrawal'; its id and number.
        .addColumn('ref_type', 'text', (c) => c.notNull())
        .addColumn('ref_id', 'bigint', (c) => c.notNull())
        .addColumn('ref_no', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'ledger_transactions_ref_idx', 'ledger_transactions', ['ref_type', 'ref_id', 'type']);

      await withId(db.schema.createTable('ledger_entries'))
        .addColumn('txn_id', 'bigint', (c) => c.notNull().references('ledger_transactions.id').onDelete('cascade'))
        .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id').onDelete('cascade'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('gateway_id', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('account_kind', 'text', (c) => c.notNull())
        .addColumn('txn_type', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('occurred_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'ledger_entries_list_idx', 'ledger_entries', ['merchant_id', 'occurred_at desc', 'id desc']);
      // The monthly report's withdrawable amount reads the available account's entries by month.
      await db.schema
        .createIndex('ledger_entries_available_idx')
        .on('ledger_entries')
        .columns(['merchant_id', 'occurred_at'])
        .where(sql.raw<boolean>(AVAILABLE_ENTRIES))
        .execute();
      await createIndex(db, 'ledger_entries_txn_idx', 'ledger_entries', ['txn_id']);
      await createIndex(db, 'ledger_entries_account_idx', 'ledger_entries', ['account_id', 'id']);

      await withId(db.schema.createTable('settlement_batches'))
        .addColumn('batch_no', 'text', (c) => c.notNull())
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('currency', 'text', (c) => c.notNull())
        // Business day (UTC+08:00) the batch settles on, and the end (exclusive, UTC ms) of the trades it covers.
        .addColumn('settle_date', 'text', (c) => c.notNull())
        .addColumn('trade_deadline', 'bigint', (c) => c.notNull())
        .addColumn('credit_status', 'integer', (c) => c.notNull())
        .addColumn('tx_count', 'integer', (c) => c.notNull())
        .addColumn('gross', 'bigint', (c) => c.notNull())
        .addColumn('single_fee', 'bigint', (c) => c.notNull())
        .addColumn('refund_fee', 'bigint', (c) => c.notNull())
        .addColumn('chargeback_fee', 'bigint', (c) => c.notNull())
        .addColumn('rdr_fee', 'bigint', (c) => c.notNull())
        .addColumn('ethoca_fee', 'bigint', (c) => c.notNull())
        .addColumn('reserve_extracted', 'bigint', (c) => c.notNull())
        .addColumn('reserve_returned', 'bigint', (c) => c.notNull())
        .addColumn('recognized', 'bigint', (c) => c.notNull())
        .addColumn('held_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tabulated_at', 'bigint', (c) => c.notNull())
        .addColumn('credited_at', 'bigint')
        .execute();
      await createUniqueIndex(db, 'settlement_batches_no_uq', 'settlement_batches', ['batch_no']);
      await createUniqueIndex(db, 'settlement_batches_day_uq', 'settlement_batches', ['merchant_id', 'gateway_id', 'settle_date']);
      await createIndex(db, 'settlement_batches_list_idx', 'settlement_batches', ['merchant_id', 'tabulated_at desc', 'id desc']);

      await db.schema
        .createTable('settlement_items')
        .addColumn('batch_id', 'bigint', (c) => c.notNull().references('settlement_batches.id').onDelete('cascade'))
        .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
        .addColumn('gross', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('reserve', 'bigint', (c) => c.notNull())
        .addColumn('net', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('settlement_items_pk', ['batch_id', 'transaction_id'])
        .execute();
      await createUniqueIndex(db, 'settlement_items_transaction_uq', 'settlement_items', ['transaction_id']);

      await withId(db.schema.createTable('reserve_holds'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('batch_id', 'bigint', (c) => c.notNull().references('settlement_batches.id').onDelete('cascade'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('release_on', 'text', (c) => c.notNull())
        .addColumn('released_at', 'bigint')
        .addColumn('released_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await createIndex(db, 'reserve_holds_due_idx', 'reserve_holds', ['release_on', 'released_at']);
      await createIndex(db, 'reserve_holds_merchant_idx', 'reserve_holds', ['merchant_id', 'release_on']);

      await withId(db.schema.createTable('withdrawals'))
        .addColumn('withdrawal_no', 'text', (c) => c.notNull())
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('received', 'bigint', (c) => c.notNull())
        .addColumn('bank_account_id', 'bigint', (c) => c.references('merchant_bank_accounts.id').onDelete('set null'))
        // The target account as it was when applied for (the account row may change later).
        .addColumn('bank_name', 'text', (c) => c.notNull())
        .addColumn('bank_holder', 'text', (c) => c.notNull())
        .addColumn('bank_account_no', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('fail_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('applicant', 'text', (c) => c.notNull())
        .addColumn('applicant_admin_id', 'bigint', (c) => c.references('admins.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('processed_at', 'bigint')
        .execute();
      await createUniqueIndex(db, 'withdrawals_no_uq', 'withdrawals', ['withdrawal_no']);
      await createIndex(db, 'withdrawals_list_idx', 'withdrawals', ['merchant_id', 'created_at desc', 'id desc']);
      await createIndex(db, 'withdrawals_status_idx', 'withdrawals', ['status', 'created_at']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('transactions_not_settled_idx').execute();
      for (const t of [
        'withdrawals',
        'reserve_holds',
        'settlement_items',
        'settlement_batches',
        'ledger_entries',
        'ledger_transactions',
        'ledger_accounts',
        'settlement_configs',
      ])
        await db.schema.dropTable(t).execute();
    },
  };
}
