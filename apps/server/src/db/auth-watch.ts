/**
 * The tables (and the columns of them) a signed-in session depends on: its row, its admin, merchant and
 * person, its role's permissions, its gateway scope and the merchant's opened modules. Migration 0015
 * puts triggers on them that bump `auth_state.version`; database.ts tells this process at once when one
 * of its own statements wrote one of them (platform/auth-cache.ts). Changing this list needs a new
 * migration that replaces the triggers.
 */
export const AUTH_WATCH: Record<string, readonly string[] | null> = {
  sessions: [
    'token_hash',
    'admin_id',
    'merchant_id',
    'person_id',
    'sys_admin',
    'two_fa_passed',
    'business_selected',
    'created_at',
    'revoked_at',
  ],
  admins: ['merchant_id', 'person_id', 'login_name', 'status', 'role_id', 'is_owner', 'all_gateways'],
  merchants: ['id', 'status'],
  persons: ['id', 'two_fa_enabled'],
  roles: ['id', 'merchant_id', 'is_admin'],
  // null: every column.
  role_permissions: null,
  admin_gateways: null,
  gateways: ['id', 'merchant_id'],
  merchant_modules: null,
};
