import type { Insertable, Selectable } from 'kysely';
import type { MerchantsTable, MerchantTables } from './tables/merchants';
import type { AdminsTable, IdentityTables, PersonsTable } from './tables/identity';
import type { TransactionTables } from './tables/transactions';
import type { RefundDisputeTables } from './tables/refunds-disputes';
import type { FundsTables } from './tables/funds';
import type { WaybillWebsiteTables } from './tables/waybills-websites';
import type { RiskLinkTables } from './tables/risk-links';
import type { SystemTables } from './tables/system';
import type { PlatformTables } from './tables/platform';
import type { WebhookTables } from './tables/webhooks';
import type { ViewTables } from './tables/views';
import type { ReportScheduleTables } from './tables/report-schedules';
import type { ProgrammeTables } from './tables/programmes';
import type { ApprovalTables } from './tables/approvals';
import type { NotificationTables } from './tables/notifications';
import type { ExportJobTables } from './tables/export-jobs';

/*
 * The Kysely schema. Each area's tables are declared in a file of their own under tables/, named after
 * the domain that writes them; a new table goes there, into that file's list of tables by name and into
 * TABLES_IN_DEPENDENCY_ORDER below. Every table type is re-exported here, so that code outside db/
 * imports the schema from one place.
 */
export interface Database
  extends
    MerchantTables,
    IdentityTables,
    TransactionTables,
    RefundDisputeTables,
    FundsTables,
    WaybillWebsiteTables,
    RiskLinkTables,
    SystemTables,
    PlatformTables,
    ProgrammeTables,
    WebhookTables,
    ViewTables,
    ApprovalTables,
    ReportScheduleTables,
    NotificationTables,
    ExportJobTables {}

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
  'passkeys',
  'login_logs',
  'operation_logs',
  'operation_log_heads',
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
  'dispute_drafts',
  'dispute_files',
  'trade_rollups',
  'trade_rollups_day',
  'trade_rollups_month',
  'monitoring_thresholds',
  'scheme_programme_rules',
  'scheme_programme_warnings',
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
  'webhook_endpoints',
  'webhook_events',
  'webhook_deliveries',
  'webhook_attempts',
  'saved_views',
  'saved_view_defaults',
  'report_schedules',
  'report_schedule_runs',
  'approval_policies',
  'approval_requests',
  'notifications',
  'notification_preferences',
  'export_jobs',
];

export type Admin = Selectable<AdminsTable>;
export type Merchant = Selectable<MerchantsTable>;
export type Person = Selectable<PersonsTable>;
export type NewAdmin = Insertable<AdminsTable>;

export type { Flag } from './tables/columns';
export type {
  CurrenciesTable,
  GatewaysTable,
  KycFilesTable,
  KycProfilesTable,
  MerchantBankAccountsTable,
  MerchantModulesTable,
  MerchantsTable,
} from './tables/merchants';
export type {
  ActionTokensTable,
  AdminGatewaysTable,
  AdminsTable,
  AuthStateTable,
  LoginLogsTable,
  PersonsTable,
  RolePermissionsTable,
  RolesTable,
  SessionsTable,
  SignInAttemptsTable,
  VerificationCodesTable,
} from './tables/identity';
export {
  ROLLUP_MEASURES,
  type MonitoringThresholdsTable,
  type TradeRollupsDayTable,
  type TradeRollupsMonthTable,
  type TradeRollupsTable,
  type TransactionsTable,
  type TRollupMeasure,
} from './tables/transactions';
export type { DisputeDraftsTable, DisputeFilesTable, DisputesTable, RefundsTable } from './tables/refunds-disputes';
export type {
  LedgerAccountsTable,
  LedgerAvailableMonthsTable,
  LedgerEntriesTable,
  LedgerTransactionsTable,
  ReserveHoldsTable,
  SettlementBatchesTable,
  SettlementConfigsTable,
  SettlementItemsTable,
  WithdrawalsTable,
} from './tables/funds';
export type {
  OrderFreightsTable,
  OrderProductsTable,
  WaybillFilesTable,
  WaybillRemindersTable,
  WaybillsTable,
  WebsiteBatchesTable,
  WebsitesTable,
} from './tables/waybills-websites';
export type {
  BlacklistEntriesTable,
  CardholderRepliesTable,
  ComplaintsTable,
  LinkAttemptCountersTable,
  LinkAttemptLimitsTable,
  PaymentLinkPaymentsTable,
  PaymentLinksTable,
  ReplyTemplatesTable,
} from './tables/risk-links';
export type {
  AnnouncementReadsTable,
  AnnouncementsTable,
  MailOutboxTable,
  OperationLogsTable,
  OperationLogHeadsTable,
  ReminderReadsTable,
  RemindersTable,
  ReminderStateTable,
  SmsOutboxTable,
} from './tables/system';
export type { IdempotencyKeysTable, JobLeasesTable, ServerKeysTable, StoredFileChunksTable } from './tables/platform';
export type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable, WebhookEventsTable } from './tables/webhooks';
export type { SavedViewDefaultsTable, SavedViewsTable } from './tables/views';
export type { ReportScheduleRunsTable, ReportSchedulesTable } from './tables/report-schedules';
export type { SchemeProgrammeRulesTable, SchemeProgrammeWarningsTable } from './tables/programmes';
export type { ApprovalPoliciesTable, ApprovalRequestsTable } from './tables/approvals';
export type { NotificationPreferencesTable, NotificationsTable } from './tables/notifications';
export type { ExportJobsTable } from './tables/export-jobs';
