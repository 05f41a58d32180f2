import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Portable across SQLite and PostgreSQL: integer ids, UTC epoch-millisecond
 * timestamps in bigint columns, 0/1 integer flags, money as integer minor units.
 */
export type Flag = 0 | 1;

export interface CurrenciesTable {
  code: string;
  name: string;
  minor_units: number;
}

export interface PersonsTable {
  id: Generated<number>;
  email: string;
  mobile: string;
  name: string;
  email_verified: Flag;
  two_fa_enabled: Flag;
  language: string;
  created_at: number;
  /** Set when the person removed their account (the row is kept, anonymized). */
  removed_at: Generated<number | null>;
}

export interface MerchantsTable {
  id: Generated<number>;
  merchant_no: string;
  name: string;
  status: number;
  region: string;
  /** Calendar dates (YYYY-MM-DD): a contract runs by date, not by instant. */
  contract_start: string | null;
  contract_end: string | null;
  registered_at: number;
  /** Comma-separated card schemes and services. */
  services: string;
  created_at: number;
  /** Spec §3 merchant fields shown on the details screen (migration 0008). */
  contact: Generated<string>;
  document_type: Generated<string>;
  document_no: Generated<string>;
  industry: Generated<string>;
  city: Generated<string>;
  address: Generated<string>;
  phone: Generated<string>;
  fax: Generated<string>;
  /** Basis points (250 = 2.50 %). */
  deduction_rate_bp: Generated<number>;
  /** Issued on first use; empty until then. Never sent except through the reveal route. */
  sign_key: Generated<string>;
  /** Delivery proof the merchant must give (migration 0011): null none, 'image', 'tracking' or 'either'. */
  delivery_proof_type: Generated<string | null>;
}

export interface MerchantBankAccountsTable {
  id: Generated<number>;
  merchant_id: number;
  bank_name: string;
  holder: string;
  account_no: string;
  currency: string;
  is_default: Flag;
  created_at: number;
}

export interface MerchantModulesTable {
  merchant_id: number;
  module_id: number;
}

export interface GatewaysTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_no: string;
  name: string;
  currency: string;
  status: number;
  /** Comma-separated card schemes and services open on the gateway (migration 0008). */
  services: Generated<string>;
}

export interface RolesTable {
  id: Generated<number>;
  merchant_id: number;
  name: string;
  name_cn: string;
  name_en: string;
  description: string;
  is_admin: Flag;
}

export interface RolePermissionsTable {
  role_id: number;
  permission: string;
}

export interface AdminsTable {
  id: Generated<number>;
  merchant_id: number;
  person_id: number | null;
  login_name: string;
  name: string;
  password_hash: string;
  status: number;
  role_id: number;
  is_owner: Flag;
  all_gateways: Flag;
  may_view_account: Flag;
  email: string;
  mobile: string;
  avatar: string;
  time_zone: string;
  force_change_pwd: Flag;
  is_initial_login: Flag;
  failed_login_count: number;
  locked_until: number | null;
  created_at: number;
}

export interface AdminGatewaysTable {
  admin_id: number;
  gateway_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  admin_id: number;
  merchant_id: number;
  person_id: number | null;
  sys_admin: Flag;
  two_fa_passed: Flag;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  /** 0 after a code sign-in with several businesses and none named: kycInfo sends the person to the chooser. */
  business_selected: Generated<Flag>;
}

export interface LoginLogsTable {
  id: Generated<number>;
  merchant_id: number | null;
  admin_id: number | null;
  merchant_no: string;
  login_name: string;
  ip: string;
  user_agent: string;
  success: Flag;
  /** Stable message key, translated when read. */
  reason: string;
  created_at: number;
}

/** Never updated; rows younger than 12 months cannot be deleted (database triggers, migration 0008). */
export interface OperationLogsTable {
  id: Generated<number>;
  merchant_id: number;
  /** null: an operator command (source `ops`). */
  admin_id: number | null;
  /** Login name at the time, or the operator's name. */
  operator: Generated<string>;
  sys_admin: Flag;
  /** api (a route), ops (an operator command) or job. */
  source: Generated<string>;
  module: string;
  /** What the code that did it calls it (`login`, `updatePassword`), else the same as `action`. */
  operation: string;
  /** The route (`admin.managers.update`) or operator command (`ops:refund:audit`) it came through: its label is shown. */
  action: Generated<string>;
  /** TOperationType of packages/shared/src/operation-log.ts. */
  op_type: Generated<string>;
  content: string;
  /** The object the operation touched (`adminId=12`). */
  target: Generated<string>;
  /** 1 success, 0 failure. */
  result: Generated<number>;
  /** Message key (or code) of the failure. */
  error: Generated<string>;
  ip: string;
  created_at: number;
}

export interface AnnouncementReadsTable {
  announcement_id: number;
  admin_id: number;
  read_at: number;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  /** null: shown to every merchant. */
  merchant_id: number | null;
  title_zh_cn: string;
  title_zh_hk: string;
  title_en: string;
  content_zh_cn: string;
  content_zh_hk: string;
  content_en: string;
  published_at: number;
}

export interface RemindersTable {
  id: Generated<number>;
  merchant_id: number;
  /** null: for every admin of the merchant. */
  admin_id: number | null;
  content_zh_cn: string;
  content_zh_hk: string;
  content_en: string;
  created_at: number;
  /** Set for a reminder about one gateway's case (a deadline): only admins who see that gateway get it. */
  gateway_id: Generated<number | null>;
}

export interface ReminderReadsTable {
  reminder_id: number;
  admin_id: number;
  read_at: number;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  purpose: string;
  channel: string;
  /** Normalized email (lower case) or E.164 mobile. */
  destination: string;
  person_id: number | null;
  /** sha256(salt + code), hex. */
  code_hash: string;
  salt: string;
  attempts: number;
  ip: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface ActionTokensTable {
  id: Generated<number>;
  /** verifyEmail, resetPwd, invitation, sso */
  purpose: string;
  token_hash: string;
  person_id: number | null;
  admin_id: number | null;
  merchant_id: number | null;
  /** The address the link was sent to, when it matters (email verification, invitation). */
  target: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_addr: string;
  subject: string;
  text_body: string;
  html_body: string;
  language: string;
  /** sent, failed or outbox (kept here only: no SMTP server configured). */
  status: string;
  error: string;
  created_at: number;
  sent_at: number | null;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  to_number: string;
  text_body: string;
  language: string;
  status: string;
  provider: string;
  error: string;
  created_at: number;
}

export interface KycProfilesTable {
  merchant_id: number;
  review_state: string;
  draft_json: string;
  /** The profile as submitted (frozen copy the reviewer reads). */
  submitted_json: string | null;
  reject_reason: string;
  submitted_by_person_id: number | null;
  submitted_at: number | null;
  reviewed_at: number | null;
  updated_at: number | null;
  created_at: number;
}

export interface KycFilesTable {
  id: Generated<number>;
  merchant_id: number;
  field: string;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  /** Server-generated file name in the file storage (platform/storage.ts). */
  storage_name: string;
  uploaded_by_admin_id: number | null;
  created_at: number;
  deleted_at: number | null;
}

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
}

export interface DisputesTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  transaction_id: number;
  case_no: string;
  /** DisputeKind code. */
  kind: number;
  /** ProcessingType code. */
  processing_type: number;
  currency: string;
  amount: number;
  settle_amount: number;
  chargeback_amount: Generated<number>;
  appeal_amount: Generated<number>;
  alert_amount: Generated<number>;
  settle_batch: Generated<string>;
  reason_code: Generated<string>;
  reason: Generated<string>;
  reply_deadline: number | null;
  appeal_status: Generated<number>;
  appeal_note: Generated<string>;
  appealed_at: number | null;
  decided_at: number | null;
  refund_id: number | null;
  reminded_5d_at: number | null;
  reminded_24h_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface RefundsTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  transaction_id: number;
  refund_no: string;
  refund_type: number;
  method: number;
  /** RefundSource code: merchant, Ethoca alert, RDR alert. */
  source: number;
  dispute_id: number | null;
  currency: string;
  amount: number;
  settle_amount: number;
  available_amount: number;
  reason: string;
  applicant: string;
  applicant_admin_id: number | null;
  /** RefundProcessing code. */
  status: number;
  fail_reason: Generated<string>;
  applied_at: number;
  processed_at: number | null;
}

export interface DisputeFilesTable {
  id: Generated<number>;
  dispute_id: number;
  merchant_id: number;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  storage_name: string;
  uploaded_by_admin_id: number | null;
  created_at: number;
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

export type TradeRollupsTable = {
  merchant_id: number;
  gateway_id: number;
  /** Business day YYYY-MM-DD, cut at midnight UTC+08:00. */
  day: string;
  card_scheme: string;
  /** The gateway's settlement currency. */
  currency: string;
} & { [K in TRollupMeasure]: Generated<number> };

/** trade_rollups with the card schemes summed (migration 0013): one row per merchant, business day, gateway and currency. */
export type TradeRollupsDayTable = {
  merchant_id: number;
  day: string;
  gateway_id: number;
  currency: string;
} & { [K in TRollupMeasure]: Generated<number> };

/** trade_rollups with the days summed (migration 0013): one row per merchant, month (YYYY-MM), card scheme, gateway and currency. */
export type TradeRollupsMonthTable = {
  merchant_id: number;
  month: string;
  card_scheme: string;
  gateway_id: number;
  currency: string;
} & { [K in TRollupMeasure]: Generated<number> };

export interface MonitoringThresholdsTable {
  /** 0: the default for every merchant. */
  merchant_id: number;
  program: string;
  level: string;
  ratio_bp: number;
  min_count: number;
  updated_at: number;
}

/** Failure counters, delays and locks of sign-in, per client address and per typed account (migration 0007). */
/** The attempt limiter's counts of every check of a secret (platform/attempt-limiter.ts), not only sign-in's. */
export interface SignInAttemptsTable {
  id: Generated<number>;
  /** 'ip' (a client address), 'account' (a sign-in), or the kind of check: 'passwordChange', 'signKey', 'code'. */
  scope: string;
  /** SHA-256 hex of the address, of merchant number and login name, or of the kind and its subject (person, admin, code owner). */
  key_hash: string;
  failures: number;
  window_start: number;
  last_failure_at: number;
  next_allowed_at: number;
  locked_until: number | null;
}

/** A claimed Idempotency-Key and, once done, the data of its answer (migration 0009). */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  merchant_id: number;
  idem_key: string;
  /** Method and route pattern the key was first used on. */
  route: string;
  /** SHA-256 hex of the route and the canonical request. */
  fingerprint: string;
  /** 'processing' or 'done'. */
  status: string;
  /** JSON of the answer's data, when done. */
  response: string | null;
  created_at: number;
  /** When the current holder claimed it; a claim older than the in-flight lease may be taken over. */
  claimed_at: number;
}

/** File contents kept in the database (FILE_STORAGE=database), in chunks (migration 0009). */
export interface StoredFileChunksTable {
  storage_name: string;
  seq: number;
  data: Buffer;
}

/** Who runs a scheduled job now (migration 0009). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: number;
  last_run_at: number | null;
}

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

/** Tracking number, carrier and delivery proof of one transaction (migration 0011). */
export interface WaybillsTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  transaction_id: number;
  tracking_no: Generated<string>;
  carrier: Generated<string>;
  /** Carrier tracking websites, comma separated. */
  carrier_sites: Generated<string>;
  /** WaybillStatus code. */
  status: number;
  fail_reason: Generated<string>;
  checked_at: number | null;
  upload_count: Generated<number>;
  image_count: Generated<number>;
  /** 1 when the tracking number is also on another transaction of the merchant. */
  reused_tracking: Generated<number>;
  uploaded_at: number;
  created_at: number;
}

export interface WaybillFilesTable {
  id: Generated<number>;
  waybill_id: number;
  merchant_id: number;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  storage_name: string;
  created_at: number;
}

export interface WaybillRemindersTable {
  merchant_id: number;
  /** YYYY-MM-DD business day (UTC+08:00) of the last upload day the reminder was about. */
  due_day: string;
  created_at: number;
}

export interface OrderProductsTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  transaction_id: number;
  goods_no: string;
  name: string;
  currency: string;
  /** Minor units of `currency`, per item. */
  price: number;
  quantity: number;
  created_at: number;
}

export interface OrderFreightsTable {
  transaction_id: number;
  merchant_id: number;
  currency: string;
  /** Minor units; may be 0. */
  freight: number;
}

export interface WebsiteBatchesTable {
  id: Generated<number>;
  merchant_id: number;
  admin_id: number | null;
  /** 'single' or 'batch'. */
  kind: string;
  file_name: Generated<string>;
  line_count: number;
  accepted_count: number;
  error_count: number;
  duplicate_count: number;
  /** WebsiteUploadOutcome. */
  outcome: string;
  mail_id: number | null;
  created_at: number;
}

export interface WebsitesTable {
  id: Generated<number>;
  merchant_id: number;
  /** Normalised URL (scheme and host in lower case, no default port, no fragment). */
  url: string;
  host: string;
  /** WebsiteType code. */
  site_type: number;
  currency: Generated<string>;
  /** Minor units of `currency`; null when not given. */
  average_amount: number | null;
  platform_store_url: Generated<string>;
  /** WebsiteStatus code. */
  status: number;
  fail_reason: Generated<string>;
  batch_id: number | null;
  checklist_confirmed_at: number;
  created_at: number;
  updated_at: number;
}

/** One row (id 1): bumped by triggers on every change a cached session depends on (migration 0015). */
export interface AuthStateTable {
  id: number;
  version: number;
}

/** One row (id 1): bumped by triggers on every write of reminders and reminder_reads (migration 0018). */
export interface ReminderStateTable {
  id: number;
  version: number;
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

/** Keys the server made for itself (migration 0021): the card-fingerprint key without CARD_FINGERPRINT_KEY. */
export interface ServerKeysTable {
  name: string;
  secret: string;
  created_at: number;
}

export interface Database {
  auth_state: AuthStateTable;
  reminder_state: ReminderStateTable;
  link_attempt_counters: LinkAttemptCountersTable;
  link_attempt_limits: LinkAttemptLimitsTable;
  server_keys: ServerKeysTable;
  currencies: CurrenciesTable;
  persons: PersonsTable;
  merchants: MerchantsTable;
  merchant_modules: MerchantModulesTable;
  gateways: GatewaysTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  admins: AdminsTable;
  admin_gateways: AdminGatewaysTable;
  sessions: SessionsTable;
  login_logs: LoginLogsTable;
  operation_logs: OperationLogsTable;
  announcements: AnnouncementsTable;
  reminders: RemindersTable;
  reminder_reads: ReminderReadsTable;
  verification_codes: VerificationCodesTable;
  action_tokens: ActionTokensTable;
  mail_outbox: MailOutboxTable;
  sms_outbox: SmsOutboxTable;
  kyc_profiles: KycProfilesTable;
  kyc_files: KycFilesTable;
  transactions: TransactionsTable;
  disputes: DisputesTable;
  refunds: RefundsTable;
  dispute_files: DisputeFilesTable;
  trade_rollups: TradeRollupsTable;
  trade_rollups_day: TradeRollupsDayTable;
  trade_rollups_month: TradeRollupsMonthTable;
  monitoring_thresholds: MonitoringThresholdsTable;
  sign_in_attempts: SignInAttemptsTable;
  merchant_bank_accounts: MerchantBankAccountsTable;
  announcement_reads: AnnouncementReadsTable;
  idempotency_keys: IdempotencyKeysTable;
  stored_file_chunks: StoredFileChunksTable;
  job_leases: JobLeasesTable;
  settlement_configs: SettlementConfigsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_available_months: LedgerAvailableMonthsTable;
  settlement_batches: SettlementBatchesTable;
  settlement_items: SettlementItemsTable;
  reserve_holds: ReserveHoldsTable;
  withdrawals: WithdrawalsTable;
  waybills: WaybillsTable;
  waybill_files: WaybillFilesTable;
  waybill_reminders: WaybillRemindersTable;
  order_products: OrderProductsTable;
  order_freights: OrderFreightsTable;
  website_batches: WebsiteBatchesTable;
  websites: WebsitesTable;
  payment_links: PaymentLinksTable;
  payment_link_payments: PaymentLinkPaymentsTable;
  blacklist_entries: BlacklistEntriesTable;
  complaints: ComplaintsTable;
  reply_templates: ReplyTemplatesTable;
  cardholder_replies: CardholderRepliesTable;
}

/** Tables in an order that respects foreign keys when creating (reverse it to drop). */
export const TABLES_IN_DEPENDENCY_ORDER: readonly (keyof Database)[] = [
  'currencies',
  'persons',
  'merchants',
  'merchant_modules',
  'gateways',
  'roles',
  'role_permissions',
  'admins',
  'admin_gateways',
  'sessions',
  'login_logs',
  'operation_logs',
  'announcements',
  'reminders',
  'reminder_reads',
  'verification_codes',
  'action_tokens',
  'mail_outbox',
  'sms_outbox',
  'kyc_profiles',
  'kyc_files',
  'transactions',
  'disputes',
  'refunds',
  'dispute_files',
  'trade_rollups',
  'trade_rollups_day',
  'trade_rollups_month',
  'monitoring_thresholds',
  'sign_in_attempts',
  'merchant_bank_accounts',
  'announcement_reads',
  'idempotency_keys',
  'stored_file_chunks',
  'job_leases',
  'settlement_configs',
  'ledger_accounts',
  'ledger_transactions',
  'ledger_entries',
  'ledger_available_months',
  'settlement_batches',
  'settlement_items',
  'reserve_holds',
  'withdrawals',
  'waybills',
  'waybill_files',
  'waybill_reminders',
  'order_products',
  'order_freights',
  'website_batches',
  'websites',
  'payment_links',
  'payment_link_payments',
  'blacklist_entries',
  'complaints',
  'reply_templates',
  'cardholder_replies',
  'auth_state',
  'reminder_state',
  'link_attempt_counters',
  'link_attempt_limits',
  'server_keys',
];

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

export type Admin = Selectable<AdminsTable>;
export type Merchant = Selectable<MerchantsTable>;
export type Person = Selectable<PersonsTable>;
export type NewAdmin = Insertable<AdminsTable>;
