import type { ColumnType, Generated } from 'kysely';

/* Gateway transactions and the daily rollups that reports, statistics and the dashboard read. */

export interface TransactionsTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  /** TradeCategory code: formal, risk-declined, uncompleted, test, counterfeit. */
  category: number;
  trade_no: string;
  merchant_order_no: string;
  trade_type: number;
  pay_status: number;
  card_scheme: string;
  /** First 6 and last 4 digits only: a full card number is never stored. */
  card_first6: string;
  card_last4: string;
  currency: string;
  amount: number;
  settle_currency: string;
  settle_amount: number;
  return_message: Generated<string>;
  settle_status: Generated<number>;
  reserve_status: Generated<number>;
  reserve_amount: Generated<number>;
  abnormal_status: Generated<number>;
  refunded_amount: Generated<number>;
  refund_pending_amount: Generated<number>;
  refund_status: Generated<number>;
  chargeback_status: Generated<number>;
  rdr_status: Generated<number>;
  ethoca_status: Generated<number>;
  retrieval_status: Generated<number>;
  appeal_status: Generated<number>;
  duplicate_failure: Generated<number>;
  email: Generated<string>;
  ip: Generated<string>;
  trade_url: Generated<string>;
  customer_name: Generated<string>;
  customer_email: Generated<string>;
  customer_zip: Generated<string>;
  customer_phone: Generated<string>;
  customer_address: Generated<string>;
  customer_city: Generated<string>;
  customer_state: Generated<string>;
  shipping_name: Generated<string>;
  shipping_zip: Generated<string>;
  shipping_address: Generated<string>;
  shipping_country: Generated<string>;
  shipping_email: Generated<string>;
  shipping_phone: Generated<string>;
  shipping_city: Generated<string>;
  shipping_state: Generated<string>;
  bill_country: Generated<string>;
  payment_country: Generated<string>;
  issuer_real_country: Generated<string>;
  ip_bill_country: Generated<string>;
  issuer_name: Generated<string>;
  issuer_country: Generated<string>;
  risk_rules: Generated<string>;
  high_risk_country: Generated<number>;
  international: Generated<number>;
  created_at: number;
  submitted_at: number | null;
  returned_at: number | null;
  /** The merchant's user ID of the customer and the device ID the payment page saw (migration 0028; CE 3.0 compares them). */
  customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  device_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Every additive measure of a rollup row (counts, and amounts in settlement minor units). */
export const ROLLUP_MEASURES = [
  'tx_count',
  'success_count',
  'success_amount',
  'failed_count',
  'duplicate_failed_count',
  'refund_count',
  'refund_amount',
  'chargeback_count',
  'chargeback_amount',
  'retrieval_count',
  'retrieval_amount',
  'fraud_report_count',
  'rdr_count',
  'rdr_amount',
  'ethoca_count',
  'ethoca_amount',
  'appeal_success_count',
  'appeal_success_amount',
  'reserve_count',
  'reserve_amount',
] as const;

export type TRollupMeasure = (typeof ROLLUP_MEASURES)[number];

/** A rollup table's row: its key columns and every measure. */
type WithMeasures<Key> = Key & { [K in TRollupMeasure]: Generated<number> };

export type TradeRollupsTable = WithMeasures<{
  merchant_id: number;
  gateway_id: number;
  /** Business day YYYY-MM-DD, cut at midnight UTC+08:00. */
  day: string;
  card_scheme: string;
  /** The gateway's settlement currency. */
  currency: string;
}>;

/** trade_rollups with the card schemes summed (migration 0013): one row per merchant, business day, gateway and currency. */
export type TradeRollupsDayTable = WithMeasures<{
  merchant_id: number;
  day: string;
  gateway_id: number;
  currency: string;
}>;

/** trade_rollups with the days summed (migration 0013): one row per merchant, month (YYYY-MM), card scheme, gateway and currency. */
export type TradeRollupsMonthTable = WithMeasures<{
  merchant_id: number;
  month: string;
  card_scheme: string;
  gateway_id: number;
  currency: string;
}>;

export interface MonitoringThresholdsTable {
  /** 0: the default for every merchant. */
  merchant_id: number;
  program: string;
  level: string;
  ratio_bp: number;
  min_count: number;
  updated_at: number;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface TransactionTables {
  transactions: TransactionsTable;
  trade_rollups: TradeRollupsTable;
  trade_rollups_day: TradeRollupsDayTable;
  trade_rollups_month: TradeRollupsMonthTable;
  monitoring_thresholds: MonitoringThresholdsTable;
}
