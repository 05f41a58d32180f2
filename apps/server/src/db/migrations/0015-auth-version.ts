import type { Migration } from 'kysely';
import type { DialectName } from '../database';
import { changeCounterMigration } from './change-counter';

/**
 * The auth version (issue 13 §1): one counter that the database itself bumps whenever something a
 * cached session depends on changes, so that every API node (and an operator command beside the server)
 * sees the change by reading one row. See platform/auth-cache.ts.
 *
 * Watched, with the columns that matter to a session, its role's permissions and its gateway scope:
 * sessions (revocation, second step passed, business chosen), admins (status, role, owner flag, gateway
 * mode, merchant, person, login name), merchants (status), persons (two-step on or off), roles,
 * role_permissions, admin_gateways, gateways (which merchant) and merchant_modules. A session's last
 * use (last_seen_at), sign-in counters and passwords do not bump it: a password change ends the other
 * sessions by setting their revoked_at, which does. The table and triggers: migrations/change-counter.ts.
 */
export function authVersionMigration(dialect: DialectName): Migration {
  return changeCounterMigration(dialect, 'auth');
}
