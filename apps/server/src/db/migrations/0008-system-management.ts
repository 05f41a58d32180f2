import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, idColumnOf } from './schema-kit';

/** Entries younger than this cannot be deleted (a little over 12 months, so a leap year is covered). */
export const OPERATION_LOG_KEEP_MS = 366 * 24 * 3_600_000;

/**
 * System management (issue 10).
 *
 * - Merchants get the spec §3 fields the details screen shows (contact, document, industry, city,
 *   address, phone, fax, deduction rate) and the sign key (issued on first use); gateways get their
 *   services; bank accounts get a table with the default-account flag.
 * - Roles: the name is unique per business in any letter case.
 * - Announcements are read or unread per administrator (`announcement_reads`).
 * - The operation log is rebuilt with what the screen shows (operator name, source, operation type,
 *   touched object, result and failure) and an optional admin (an operator command has none). The
 *   references to merchants and admins no longer cascade, and triggers in the database refuse to
 *   change an entry or to delete one younger than 12 months, whatever code runs.
 */
export function systemManagementMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);

  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['contact', 'document_type', 'document_no', 'industry', 'city', 'address', 'phone', 'fax', 'sign_key']) {
        await db.schema
          .alterTable('merchants')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      }
      await db.schema
        .alterTable('merchants')
        .addColumn('deduction_rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('gateways')
        .addColumn('services', 'text', (c) => c.notNull().defaultTo(''))
        .execute();

      await withId(db.schema.createTable('merchant_bank_accounts'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('bank_name', 'text', (c) => c.notNull())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('account_no', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'merchant_bank_accounts_merchant_idx', 'merchant_bank_accounts', ['merchant_id', 'id']);

      await db.schema
        .createIndex('roles_merchant_lower_name_uq')
        .on('roles')
        .columns(['merchant_id'])
        .expression(sql`lower(name)`)
        .unique()
        .execute();
      await createIndex(db, 'admins_merchant_list_idx', 'admins', ['merchant_id', 'created_at desc', 'id desc']);

      await db.schema
        .createTable('announcement_reads')
        .addColumn('announcement_id', 'bigint', (c) => c.notNull().references('announcements.id').onDelete('cascade'))
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('read_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('announcement_reads_pk', ['announcement_id', 'admin_id'])
        .execute();
      await createIndex(db, 'announcement_reads_admin_idx', 'announcement_reads', ['admin_id', 'announcement_id']);

      await withId(db.schema.createTable('operation_logs_v2'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id'))
        .addColumn('admin_id', 'bigint', (c) => c.references('admins.id'))
        .addColumn('operator', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sys_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('api'))
        .addColumn('module', 'text', (c) => c.notNull())
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('op_type', 'text', (c) => c.notNull().defaultTo('edit'))
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('result', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await sql`
        insert into operation_logs_v2 (id, merchant_id, admin_id, operator, sys_admin, module, operation, content, ip, created_at)
        select o.id, o.merchant_id, o.admin_id, coalesce((select a.login_name from admins a where a.id = o.admin_id), ''),
               o.sys_admin, o.module, o.operation, o.content, o.ip, o.created_at
        from operation_logs o`.execute(db);
      if (dialect === 'postgres') {
        await sql`select setval(pg_get_serial_sequence('operation_logs_v2', 'id'), (select coalesce(max(id), 0) + 1 from operation_logs_v2), false)`.execute(
          db,
        );
      }
      await db.schema.dropTable('operation_logs').execute();
      await db.schema.alterTable('operation_logs_v2').renameTo('operation_logs').execute();
      await createIndex(db, 'operation_logs_merchant_idx', 'operation_logs', ['merchant_id', 'created_at desc', 'id desc']);
      await createIndex(db, 'operation_logs_module_idx', 'operation_logs', ['merchant_id', 'module', 'created_at desc', 'id desc']);

      const keepMs = sql.lit(OPERATION_LOG_KEEP_MS);
      if (dialect === 'sqlite') {
        await sql`create trigger operation_logs_no_update before update on operation_logs
          begin select raise(abort, 'operation log entries cannot be changed'); end`.execute(db);
        await sql`create trigger operation_logs_keep before delete on operation_logs
          when old.created_at > cast(strftime('%s', 'now') as integer) * 1000 - ${keepMs}
          begin select raise(abort, 'operation log entries are kept at least 12 months'); end`.execute(db);
      } else {
        await sql`create or replace function operation_logs_guard() returns trigger language plpgsql as $$
          begin
            if tg_op = 'UPDATE' then raise exception 'operation log entries cannot be changed'; end if;
            if old.created_at > extract(epoch from now()) * 1000 - ${keepMs} then
              raise exception 'operation log entries are kept at least 12 months';
            end if;
            return old;
          end $$`.execute(db);
        await sql`create trigger operation_logs_guard before update or delete on operation_logs
          for each row execute function operation_logs_guard()`.execute(db);
      }
    },

    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`drop trigger if exists operation_logs_no_update`.execute(db);
        await sql`drop trigger if exists operation_logs_keep`.execute(db);
      } else {
        await sql`drop trigger if exists operation_logs_guard on operation_logs`.execute(db);
        await sql`drop function if exists operation_logs_guard()`.execute(db);
      }
      await db.schema.dropIndex('operation_logs_module_idx').execute();
      await db.schema.dropTable('announcement_reads').execute();
      await db.schema.dropIndex('admins_merchant_list_idx').execute();
      await db.schema.dropIndex('roles_merchant_lower_name_uq').execute();
      await db.schema.dropTable('merchant_bank_accounts').execute();
      await db.schema.alterTable('gateways').dropColumn('services').execute();
      for (const column of [
        'contact',
        'document_type',
        'document_no',
        'industry',
        'city',
        'address',
        'phone',
        'fax',
        'sign_key',
        'deduction_rate_bp',
      ]) {
        await db.schema.alterTable('merchants').dropColumn(column).execute();
      }
    },
  };
}
