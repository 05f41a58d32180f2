import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * An operation log that shows tampering (issue 50 §4; platform/operation-log-chain.ts).
 *
 * - `operation_logs` gains who acted and how they signed in (`actor_kind`, `auth_method`), the masked
 *   values before and after the change (`before_value`, `after_value`, JSON text), the envelope code of
 *   a refusal (`code`), and the chain: `prev_hash` (the merchant's previous entry's hash) and `hash`
 *   (over the entry's fields and `prev_hash`).
 * - `operation_log_heads`: one row per merchant with the chain's last entry and hash. Appending locks
 *   it (PostgreSQL `for update`; SQLite has one writer), so two nodes never chain onto the same entry,
 *   and `oplog:verify` sees a removed last entry.
 * - Entries written before this migration are left as they are (`hash` empty): the entry table refuses
 *   updates (migration 0008), and rewriting history to chain it would certify what nobody checked. The
 *   chain starts at each merchant's first entry written after it; verification skips unchained rows
 *   only before that start.
 */
export function operationLogChainMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['actor_kind', 'auth_method', 'before_value', 'after_value', 'prev_hash', 'hash']) {
        await db.schema
          .alterTable('operation_logs')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      }
      await db.schema
        .alterTable('operation_logs')
        .addColumn('code', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('operation_log_heads')
        .addColumn('merchant_id', 'bigint', (c) => c.primaryKey().references('merchants.id'))
        .addColumn('last_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_hash', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('operation_log_heads').execute();
      for (const column of ['code', 'hash', 'prev_hash', 'after_value', 'before_value', 'auth_method', 'actor_kind']) {
        await db.schema.alterTable('operation_logs').dropColumn(column).execute();
      }
    },
  };
}
