import type { SqlValue } from './trade-bulk-writer';
import type { Country } from './trade-generator-data';
import type { Weighted } from './trade-rng';

/*
 * What the trade generator is given (a plan per merchant and gateway), what it keeps per gateway while
 * it runs, and the rows it writes, column by column in insert order.
 */

export const HOUR = 3_600_000;
export const DAY = 86_400_000;
/** Business days are cut at midnight UTC+08:00 (spec §9); so is the traffic's daily rhythm. */
export const TZ = 8 * HOUR;

export type TradeGatewayPlan = {
  gatewayId: number;
  gatewayNo: string;
  currency: string;
  weight: number;
  mastercardChargebackRate?: number;
};
export type TradeMerchantPlan = {
  merchantId: number;
  merchantNo: string;
  /** Merchant order numbers start with this (e.g. "HL"). */
  orderPrefix: string;
  siteHost: string;
  /** Share of the total among merchants. */
  weight: number;
  /** How far back this merchant's traffic goes. */
  months: number;
  /** Card schemes the merchant accepts (default: all). */
  schemes?: readonly string[];
  gateways: readonly TradeGatewayPlan[];
};

/** A gateway while data is generated: its plan, its merchant, the sequence numbers of its trades, refunds and cases, and where its buyers come from. */
export type GatewayState = {
  plan: TradeGatewayPlan;
  merchant: TradeMerchantPlan;
  tradeSeq: number;
  refundSeq: number;
  caseSeq: number;
  countries: Weighted<Country>;
};

export const TX_COLUMNS = [
  'id',
  'merchant_id',
  'gateway_id',
  'category',
  'trade_no',
  'merchant_order_no',
  'trade_type',
  'pay_status',
  'card_scheme',
  'card_first6',
  'card_last4',
  'currency',
  'amount',
  'settle_currency',
  'settle_amount',
  'return_message',
  'settle_status',
  'reserve_status',
  'reserve_amount',
  'abnormal_status',
  'refunded_amount',
  'refund_pending_amount',
  'refund_status',
  'chargeback_status',
  'rdr_status',
  'ethoca_status',
  'retrieval_status',
  'appeal_status',
  'duplicate_failure',
  'email',
  'ip',
  'trade_url',
  'customer_name',
  'customer_email',
  'customer_zip',
  'customer_phone',
  'customer_address',
  'customer_city',
  'customer_state',
  'shipping_name',
  'shipping_zip',
  'shipping_address',
  'shipping_country',
  'shipping_email',
  'shipping_phone',
  'shipping_city',
  'shipping_state',
  'bill_country',
  'payment_country',
  'issuer_real_country',
  'ip_bill_country',
  'issuer_name',
  'issuer_country',
  'risk_rules',
  'high_risk_country',
  'international',
  'created_at',
  'submitted_at',
  'returned_at',
] as const;
export type TxRow = Record<(typeof TX_COLUMNS)[number], SqlValue>;

export const REFUND_COLUMNS = [
  'id',
  'merchant_id',
  'gateway_id',
  'transaction_id',
  'refund_no',
  'refund_type',
  'method',
  'source',
  'dispute_id',
  'currency',
  'amount',
  'settle_amount',
  'available_amount',
  'reason',
  'applicant',
  'applicant_admin_id',
  'status',
  'fail_reason',
  'applied_at',
  'processed_at',
  'trade_at',
] as const;
export type RefundRow = Record<(typeof REFUND_COLUMNS)[number], SqlValue>;

export const DISPUTE_COLUMNS = [
  'id',
  'merchant_id',
  'gateway_id',
  'transaction_id',
  'case_no',
  'kind',
  'processing_type',
  'currency',
  'amount',
  'settle_amount',
  'chargeback_amount',
  'appeal_amount',
  'alert_amount',
  'settle_batch',
  'reason_code',
  'reason',
  'reply_deadline',
  'appeal_status',
  'appeal_note',
  'appealed_at',
  'decided_at',
  'refund_id',
  'reminded_5d_at',
  'reminded_24h_at',
  'trade_at',
  'created_at',
  'updated_at',
] as const;
export type DisputeRow = Record<(typeof DISPUTE_COLUMNS)[number], SqlValue>;
