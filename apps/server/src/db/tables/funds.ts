import type { Generated } from 'kysely';

/* Funds: settlement configuration, the ledger, settlement batches, rolling-reserve holds and withdrawals. */

/** Settlement configuration of a merchant's gateway (migration 0010); a missing row means the defaults. */
export interface SettlementConfigsTable {
  merchant_id: number;
  gateway_id: number;
  /** SettleType code: daily, weekly, monthly. */
  settle_type: number;
  /** T+N: business days after the trade day. */
  cycle_days: number;
  /** Rolling reserve in basis points of the gross, held for reserve_days calendar days. */
  reserve_bp: number;
  reserve_days: number;
  /** Per-transaction fee: basis points of the gross plus a fixed amount (settlement minor units). */
  fee_bp: number;
  fee_fixed: number;
  refund_fee: number;
  chargeback_fee: number;
  rdr_fee: number;
  ethoca_fee: number;
  withdrawal_fee: number;
  min_withdrawal: number;
  updated_at: number;
}

/** A ledger account; `balance` caches the sum of its entries (migration 0010). */
export interface LedgerAccountsTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  currency: string;
  kind: string;
  balance: Generated<number>;
  credits: Generated<number>;
  debits: Generated<number>;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  currency: string;
  type: string;
  ref_type: string;
  ref_id: number;
  ref_no: string;
  occurred_at: number;
  created_at: number;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  txn_id: number;
  account_id: number;
  merchant_id: number;
  gateway_id: number;
  currency: string;
  account_kind: string;
  txn_type: string;
  amount: number;
  occurred_at: number;
}

/** Sum of the 'available' ledger entries per business month, withdrawals left out (migration 0016). */
export interface LedgerAvailableMonthsTable {
  merchant_id: number;
  gateway_id: number;
  currency: string;
  /** YYYY-MM of the business day (UTC+08:00). */
  month: string;
  amount: number;
}

export interface SettlementBatchesTable {
  id: Generated<number>;
  batch_no: string;
  merchant_id: number;
  gateway_id: number;
  currency: string;
  settle_date: string;
  trade_deadline: number;
  /** CreditStatus code. */
  credit_status: number;
  tx_count: number;
  gross: number;
  single_fee: number;
  refund_fee: number;
  chargeback_fee: number;
  rdr_fee: number;
  ethoca_fee: number;
  reserve_extracted: number;
  reserve_returned: number;
  recognized: number;
  held_count: Generated<number>;
  tabulated_at: number;
  credited_at: number | null;
}

export interface SettlementItemsTable {
  batch_id: number;
  transaction_id: number;
  gross: number;
  fee: number;
  reserve: number;
  net: number;
}

export interface ReserveHoldsTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  currency: string;
  batch_id: number;
  amount: number;
  /** Business day (YYYY-MM-DD, UTC+08:00) the reserve becomes available. */
  release_on: string;
  released_at: number | null;
  released_amount: Generated<number>;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  withdrawal_no: string;
  merchant_id: number;
  gateway_id: number;
  currency: string;
  amount: number;
  fee: number;
  received: number;
  bank_account_id: number | null;
  bank_name: string;
  bank_holder: string;
  bank_account_no: string;
  /** WithdrawalStatus code. */
  status: number;
  fail_reason: Generated<string>;
  applicant: string;
  applicant_admin_id: number | null;
  created_at: number;
  processed_at: number | null;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface FundsTables {
  settlement_configs: SettlementConfigsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_available_months: LedgerAvailableMonthsTable;
  settlement_batches: SettlementBatchesTable;
  settlement_items: SettlementItemsTable;
  reserve_holds: ReserveHoldsTable;
  withdrawals: WithdrawalsTable;
}
