import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { idColumnOf } from './schema-kit';

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
      await db.schema.createIndex('persons_email_uq').on('persons').column('email').unique().execute();

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
      await db.schema.createIndex('gateways_merchant_idx').on('gateways').columns(['merchant_id', 'gateway_no']).execute();

      await withId(db.schema.createTable('roles'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_cn', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('roles_merchant_name_uq').on('roles').columns(['merchant_id', 'name']).unique().execute();

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
      await db.schema.createIndex('admins_merchant_login_uq').on('admins').columns(['merchant_id', 'login_name']).unique().execute();
      // One admin row per person and merchant, so a business id identifies the account to switch to.
      await db.schema.createIndex('admins_person_merchant_uq').on('admins').columns(['person_id', 'merchant_id']).unique().execute();
      await db.schema.createIndex('admins_role_idx').on('admins').column('role_id').execute();

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
      await db.schema.createIndex('sessions_admin_idx').on('sessions').columns(['admin_id', 'revoked_at']).execute();
      await db.schema.createIndex('sessions_merchant_idx').on('sessions').columns(['merchant_id', 'created_at desc', 'id desc']).execute();

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
      await db.schema
        .createIndex('login_logs_merchant_idx')
        .on('login_logs')
        .columns(['merchant_id', 'created_at desc', 'id desc'])
        .execute();
      await db.schema
        .createIndex('login_logs_merchant_success_idx')
        .on('login_logs')
        .columns(['merchant_id', 'success', 'created_at desc', 'id desc'])
        .execute();
      await db.schema.createIndex('login_logs_admin_idx').on('login_logs').columns(['admin_id', 'created_at desc']).execute();

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
      await db.schema
        .createIndex('operation_logs_merchant_idx')
        .on('operation_logs')
        .columns(['merchant_id', 'created_at desc', 'id desc'])
        .execute();

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
      await db.schema
        .createIndex('announcements_merchant_idx')
        .on('announcements')
        .columns(['merchant_id', 'published_at desc', 'id desc'])
        .execute();

      await withId(db.schema.createTable('reminders'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('admin_id', 'bigint', (c) => c.references('admins.id').onDelete('cascade'))
        .addColumn('content_zh_cn', 'text', (c) => c.notNull())
        .addColumn('content_zh_hk', 'text', (c) => c.notNull())
        .addColumn('content_en', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reminders_merchant_idx').on('reminders').columns(['merchant_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('reminder_reads')
        .addColumn('reminder_id', 'bigint', (c) => c.notNull().references('reminders.id').onDelete('cascade'))
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('reminder_reads_pk', ['reminder_id', 'admin_id'])
        .execute();
      await db.schema.createIndex('reminder_reads_admin_idx').on('reminder_reads').columns(['admin_id', 'reminder_id']).execute();
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
