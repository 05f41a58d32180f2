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
];

export type Admin = Selectable<AdminsTable>;
export type Merchant = Selectable<MerchantsTable>;
export type Person = Selectable<PersonsTable>;
export type NewAdmin = Insertable<AdminsTable>;
