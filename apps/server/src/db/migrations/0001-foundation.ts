import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, createUniqueIndex, idColumnOf } from './schema-kit';

/**
 * Foundation schema. Written once for both dialects: the only difference is how an
 * auto-increment id is spelled, which `withId` hides.
 */
export function foundationMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('currencies')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('minor_units', 'integer', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('persons'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('two_fa_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('zhCn'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createUniqueIndex(db, 'persons_email_uq', 'persons', ['email']);

      await withId(db.schema.createTable('merchants'))
        .addColumn('merchant_no', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('contract_start', 'text')
        .addColumn('contract_end', 'text')
        .addColumn('registered_at', 'bigint', (c) => c.notNull())
        .addColumn('services', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('merchant_modules')
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('module_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('merchant_modules_pk', ['merchant_id', 'module_id'])
        .execute();

      await withId(db.schema.createTable('gateways'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_no', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
        .addColumn('status', 'integer', (c) => c.notNull())
        .execute();
      await createIndex(db, 'gateways_merchant_idx', 'gateways', ['merchant_id', 'gateway_no']);

      await withId(db.schema.createTable('roles'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_cn', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await createUniqueIndex(db, 'roles_merchant_name_uq', 'roles', ['merchant_id', 'name']);

      await db.schema
        .createTable('role_permissions')
        .addColumn('role_id', 'bigint', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addColumn('permission', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission'])
        .execute();

      await withId(db.schema.createTable('admins'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('person_id', 'bigint', (c) => c.references('persons.id'))
        .addColumn('login_name', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('role_id', 'bigint', (c) => c.notNull().references('roles.id'))
        .addColumn('is_owner', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('all_gateways', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('may_view_account', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('force_change_pwd', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_initial_login', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_login_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createUniqueIndex(db, 'admins_merchant_login_uq', 'admins', ['merchant_id', 'login_name']);
      // One admin row per person and merchant, so a business id identifies the account to switch to.
      await createUniqueIndex(db, 'admins_person_merchant_uq', 'admins', ['person_id', 'merchant_id']);
      await createIndex(db, 'admins_role_idx', 'admins', ['role_id']);

      await db.schema
        .createTable('admin_gateways')
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('admin_gateways_pk', ['admin_id', 'gateway_id'])
        .execute();

      await withId(db.schema.createTable('sessions'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('person_id', 'bigint', (c) => c.references('persons.id'))
        .addColumn('sys_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('two_fa_passed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await createIndex(db, 'sessions_admin_idx', 'sessions', ['admin_id', 'revoked_at']);
      await createIndex(db, 'sessions_merchant_idx', 'sessions', ['merchant_id', 'created_at desc', 'id desc']);

      await withId(db.schema.createTable('login_logs'))
        .addColumn('merchant_id', 'bigint', (c) => c.references('merchants.id').onDelete('cascade'))
        .addColumn('admin_id', 'bigint', (c) => c.references('admins.id').onDelete('set null'))
        .addColumn('merchant_no', 'text', (c) => c.notNull())
        .addColumn('login_name', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('success', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'login_logs_merchant_idx', 'login_logs', ['merchant_id', 'created_at desc', 'id desc']);
      await createIndex(db, 'login_logs_merchant_success_idx', 'login_logs', ['merchant_id', 'success', 'created_at desc', 'id desc']);
      await createIndex(db, 'login_logs_admin_idx', 'login_logs', ['admin_id', 'created_at desc']);

      await withId(db.schema.createTable('operation_logs'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('sys_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('module', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'operation_logs_merchant_idx', 'operation_logs', ['merchant_id', 'created_at desc', 'id desc']);

      await withId(db.schema.createTable('announcements'))
        .addColumn('merchant_id', 'bigint', (c) => c.references('merchants.id').onDelete('cascade'))
        .addColumn('title_zh_cn', 'text', (c) => c.notNull())
        .addColumn('title_zh_hk', 'text', (c) => c.notNull())
        .addColumn('title_en', 'text', (c) => c.notNull())
        .addColumn('content_zh_cn', 'text', (c) => c.notNull())
        .addColumn('content_zh_hk', 'text', (c) => c.notNull())
        .addColumn('content_en', 'text', (c) => c.notNull())
        .addColumn('published_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'announcements_merchant_idx', 'announcements', ['merchant_id', 'published_at desc', 'id desc']);

      await withId(db.schema.createTable('reminders'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('admin_id', 'bigint', (c) => c.references('admins.id').onDelete('cascade'))
        .addColumn('content_zh_cn', 'text', (c) => c.notNull())
        .addColumn('content_zh_hk', 'text', (c) => c.notNull())
        .addColumn('content_en', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'reminders_merchant_idx', 'reminders', ['merchant_id', 'created_at', 'id']);

      await db.schema
        .createTable('reminder_reads')
        .addColumn('reminder_id', 'bigint', (c) => c.notNull().references('reminders.id').onDelete('cascade'))
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('reminder_reads_pk', ['reminder_id', 'admin_id'])
        .execute();
      await createIndex(db, 'reminder_reads_admin_idx', 'reminder_reads', ['admin_id', 'reminder_id']);
    },

    async down(db: Kysely<unknown>) {
      for (const table of [
        'reminder_reads',
        'reminders',
        'announcements',
        'operation_logs',
        'login_logs',
        'sessions',
        'admin_gateways',
        'admins',
        'role_permissions',
        'roles',
        'gateways',
        'merchant_modules',
        'merchants',
        'persons',
        'currencies',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
