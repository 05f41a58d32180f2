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

export interface OperationLogsTable {
  id: Generated<number>;
  merchant_id: number;
  admin_id: number;
  sys_admin: Flag;
  module: string;
  operation: string;
  content: string;
  ip: string;
  created_at: number;
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
  /** Server-generated file name under DATA_DIR/uploads. */
  storage_name: string;
  uploaded_by_admin_id: number | null;
  created_at: number;
  deleted_at: number | null;
}

export interface Database {
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
];

export type Admin = Selectable<AdminsTable>;
export type Merchant = Selectable<MerchantsTable>;
export type Person = Selectable<PersonsTable>;
export type NewAdmin = Insertable<AdminsTable>;
