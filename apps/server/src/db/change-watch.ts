/**
 * Counters the database bumps itself, in the same transaction as a change that something cached in an
 * API process depends on, so that every API node (and an operator command beside the server) sees the
 * change by reading one row. Each topic names its counter's table (one row, id 1) and the tables (and
 * the columns of them; null: every column) whose writes bump it. watched-writes.ts also tells this process at
 * once when one of its own statements wrote a watched table (onWatchedWrite).
 *
 * Changing a topic's tables needs a new migration that replaces its triggers.
 */
export const CHANGE_WATCH = {
  /**
   * What a signed-in session depends on: its row, its admin, merchant and person, its role's
   * permissions, its gateway scope and the merchant's opened modules (migration 0015,
   * platform/auth-cache.ts).
   */
  auth: {
    state: 'auth_state',
    tables: {
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
      role_permissions: null,
      admin_gateways: null,
      gateways: ['id', 'merchant_id'],
      merchant_modules: null,
    },
  },
  /** What the unread reminders of an administrator are made of (migration 0018, system/reminder-answers.ts). */
  reminders: {
    state: 'reminder_state',
    tables: { reminders: null, reminder_reads: null },
  },
} as const satisfies Record<string, { state: string; tables: Record<string, readonly string[] | null> }>;

export type WatchTopic = keyof typeof CHANGE_WATCH;
export const WATCH_TOPICS = Object.keys(CHANGE_WATCH) as WatchTopic[];
