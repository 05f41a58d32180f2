import type { Generated } from 'kysely';
import type { Flag } from './columns';

/* Who signs in and what they may do: persons, administrators and their roles, sessions, codes and one-time links, sign-in limits. */

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
  /** How the session was opened (AuthMethod, @mbo/shared/auth; migration 0030). */
  auth_method: Generated<string>;
  /** The holder's last proof of who they are: sign-in, second step or fresh check (platform/fresh-check.ts). */
  last_check_at: number | null;
}

/** The public half of an administrator's passkey (migration 0030); the private key never leaves the authenticator. */
export interface PasskeysTable {
  id: Generated<number>;
  merchant_id: number;
  admin_id: number;
  /** base64url, as the authenticator gave it. */
  credential_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** Comma-separated (usb, internal, hybrid...): hints for the browser. */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
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

/** One row (id 1): bumped by triggers on every change a cached session depends on (migration 0015). */
export interface AuthStateTable {
  id: number;
  version: number;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface IdentityTables {
  persons: PersonsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  admins: AdminsTable;
  admin_gateways: AdminGatewaysTable;
  sessions: SessionsTable;
  passkeys: PasskeysTable;
  login_logs: LoginLogsTable;
  verification_codes: VerificationCodesTable;
  action_tokens: ActionTokensTable;
  sign_in_attempts: SignInAttemptsTable;
  auth_state: AuthStateTable;
}
