import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, idColumnOf } from './schema-kit';

/**
 * Onboarding and identity: verification codes, one-time link tokens (email verification, password
 * reset, invitation, SSO ticket), the mail and SMS outboxes, KYC profiles and their files; persons
 * gain a removal mark and a unique mobile, sessions a "business chosen" flag.
 */
export function onboardingMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('persons').addColumn('removed_at', 'bigint').execute();
      // Sign-in by mobile needs one person per number; removed persons keep an empty mobile.
      await db.schema.createIndex('persons_mobile_uq').on('persons').column('mobile').unique().where(sql.ref('mobile'), '<>', '').execute();

      await db.schema
        .alterTable('sessions')
        .addColumn('business_selected', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await withId(db.schema.createTable('verification_codes'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('destination', 'text', (c) => c.notNull())
        .addColumn('person_id', 'bigint', (c) => c.references('persons.id').onDelete('set null'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('salt', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await createIndex(db, 'verification_codes_dest_idx', 'verification_codes', ['destination', 'purpose', 'created_at']);
      await createIndex(db, 'verification_codes_dest_time_idx', 'verification_codes', ['destination', 'created_at']);
      await createIndex(db, 'verification_codes_ip_idx', 'verification_codes', ['ip', 'created_at']);
      await createIndex(db, 'verification_codes_person_idx', 'verification_codes', ['person_id', 'purpose']);

      await withId(db.schema.createTable('action_tokens'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('person_id', 'bigint', (c) => c.references('persons.id').onDelete('set null'))
        .addColumn('admin_id', 'bigint', (c) => c.references('admins.id').onDelete('cascade'))
        .addColumn('merchant_id', 'bigint', (c) => c.references('merchants.id').onDelete('cascade'))
        .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await createIndex(db, 'action_tokens_person_idx', 'action_tokens', ['person_id', 'purpose']);
      await createIndex(db, 'action_tokens_admin_idx', 'action_tokens', ['admin_id', 'purpose']);

      await withId(db.schema.createTable('mail_outbox'))
        .addColumn('to_addr', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      await createIndex(db, 'mail_outbox_created_idx', 'mail_outbox', ['created_at desc', 'id desc']);
      await createIndex(db, 'mail_outbox_to_idx', 'mail_outbox', ['to_addr', 'created_at']);

      await withId(db.schema.createTable('sms_outbox'))
        .addColumn('to_number', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'sms_outbox_created_idx', 'sms_outbox', ['created_at desc', 'id desc']);

      await db.schema
        .createTable('kyc_profiles')
        .addColumn('merchant_id', 'bigint', (c) => c.primaryKey().references('merchants.id').onDelete('cascade'))
        .addColumn('review_state', 'text', (c) => c.notNull())
        .addColumn('draft_json', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('submitted_json', 'text')
        .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('submitted_by_person_id', 'bigint', (c) => c.references('persons.id').onDelete('set null'))
        .addColumn('submitted_at', 'bigint')
        .addColumn('reviewed_at', 'bigint')
        .addColumn('updated_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'kyc_profiles_state_idx', 'kyc_profiles', ['review_state', 'submitted_at']);

      await withId(db.schema.createTable('kyc_files'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('storage_name', 'text', (c) => c.notNull().unique())
        .addColumn('uploaded_by_admin_id', 'bigint', (c) => c.references('admins.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute();
      await createIndex(db, 'kyc_files_merchant_idx', 'kyc_files', ['merchant_id', 'field', 'deleted_at']);
    },

    async down(db: Kysely<unknown>) {
      for (const table of ['kyc_files', 'kyc_profiles', 'sms_outbox', 'mail_outbox', 'action_tokens', 'verification_codes']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      await db.schema.dropIndex('persons_mobile_uq').ifExists().execute();
      await db.schema.alterTable('sessions').dropColumn('business_selected').execute();
      await db.schema.alterTable('persons').dropColumn('removed_at').execute();
    },
  };
}
