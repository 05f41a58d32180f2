import type { Generated } from 'kysely';
import type { Flag } from './columns';

/* Payment links with their card-testing limits, the blacklist, and cardholder complaints with their replies. */

/** A merchant's payment link (migration 0012; codes in packages/shared/src/links.ts). */
export interface PaymentLinksTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  link_key: string;
  title: string;
  description: string;
  link_type: number;
  /** Calendar date as the creator chose it. */
  active_until_date: string;
  /** End of that day in the creator's timezone (exclusive). */
  expires_at: number;
  reference: string;
  currency: string;
  amount_mode: number;
  amount: number | null;
  min_amount: number | null;
  max_amount: number | null;
  customer_message: string;
  collect_billing: Flag;
  collect_shipping: Flag;
  /** Comma-separated LINK_METHODS. */
  methods: string;
  custom_domain: string;
  operating_name: string;
  /** JSON of the prefilled address. */
  prefill: string;
  status: number;
  pay_status: number;
  paid_count: Generated<number>;
  created_by: string;
  created_at: number;
  disabled_at: number | null;
  paid_at: number | null;
  /** Paused by the card-testing limit until then (migration 0021); null: not paused. */
  paused_until: Generated<number | null>;
}

export interface PaymentLinkPaymentsTable {
  id: Generated<number>;
  link_id: number;
  merchant_id: number;
  transaction_id: number;
  created_at: number;
}

/** Declines per hour of a merchant's payment links or of one card on any link (migration 0021). */
export interface LinkAttemptCountersTable {
  /** 'merchant' or 'card'. */
  scope: string;
  /** The merchant id, or the card's keyed fingerprint (HMAC-SHA-256 hex of the number). */
  key_hash: string;
  window_start: number;
  declines: number;
}

/** Card-testing limits set by an operator (migration 0021); merchant 0 is every merchant's default. */
export interface LinkAttemptLimitsTable {
  merchant_id: number;
  merchant_declines: number;
  card_declines: number;
  pause_minutes: number;
  updated_at: number;
}

export interface BlacklistEntriesTable {
  id: Generated<number>;
  merchant_id: number;
  /** One of BLACKLIST_TYPES. */
  entry_type: string;
  /** Normalised value (normalizeBlacklistValue). */
  value: string;
  reason: string;
  added_by: string;
  created_at: number;
}

/** A cardholder's complaint or inquiry about a transaction (codes in packages/shared/src/complaints.ts). */
export interface ComplaintsTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  transaction_id: number;
  complaint_no: string;
  kind: number;
  cardholder_name: string;
  cardholder_email: string;
  /** zhCn, zhHk or en: the language the cardholder wrote in, and the reply's default. */
  language: string;
  content: string;
  status: number;
  reply_deadline: number;
  action: Generated<number>;
  refund_id: number | null;
  processed_by: Generated<string>;
  processed_at: number | null;
  created_at: number;
}

export interface ReplyTemplatesTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  subject_zh_cn: string;
  body_zh_cn: string;
  subject_zh_hk: string;
  body_zh_hk: string;
  subject_en: string;
  body_en: string;
  updated_by: string;
  created_at: number;
  updated_at: number;
}

export interface CardholderRepliesTable {
  id: Generated<number>;
  merchant_id: number;
  complaint_id: number | null;
  template_id: number | null;
  to_addr: string;
  language: string;
  subject: string;
  body: string;
  /** The mail_outbox row that records the delivery (sent, failed, outbox). */
  mail_id: number | null;
  sent_by: string;
  created_at: number;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface RiskLinkTables {
  payment_links: PaymentLinksTable;
  payment_link_payments: PaymentLinkPaymentsTable;
  link_attempt_counters: LinkAttemptCountersTable;
  link_attempt_limits: LinkAttemptLimitsTable;
  blacklist_entries: BlacklistEntriesTable;
  complaints: ComplaintsTable;
  reply_templates: ReplyTemplatesTable;
  cardholder_replies: CardholderRepliesTable;
}
