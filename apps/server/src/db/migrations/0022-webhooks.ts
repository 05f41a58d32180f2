import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * Payment notifications (issue 51; domains/webhooks/README.md).
 *
 * - `webhook_endpoints`: a merchant's notification URL per gateway, with the event kinds it wants.
 * - `webhook_events`: the outbox. A write path inserts the event (and one delivery per subscribed
 *   endpoint) in its own transaction, so an event exists exactly when its change committed.
 * - `webhook_deliveries`: one event to one endpoint; the worker picks due pending rows in id order,
 *   one at a time per endpoint and object (the ordering index).
 * - `webhook_attempts`: every HTTP attempt: time, status, duration, the first 2 KB of the answer, error.
 *
 * New tables only: compatible with the build before it.
 */
export function webhooksMigration(dialect: DialectName): Migration {
  function withId<T extends string>(builder: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
    return dialect === 'sqlite'
      ? builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : builder.addColumn('id', 'bigserial', (c) => c.primaryKey());
  }
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('webhook_endpoints'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('kinds', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('disabled_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('failing_since', 'bigint')
        .addColumn('deleted_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_endpoints_gateway_idx').on('webhook_endpoints').columns(['gateway_id', 'enabled']).execute();
      await db.schema.createIndex('webhook_endpoints_merchant_idx').on('webhook_endpoints').columns(['merchant_id', 'id']).execute();

      await withId(db.schema.createTable('webhook_events'))
        .addColumn('public_id', 'text', (c) => c.notNull().unique())
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('gateway_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('object_no', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('webhook_deliveries'))
        .addColumn('event_id', 'bigint', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
        .addColumn('endpoint_id', 'bigint', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('gateway_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('object_no', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('window_start', 'bigint')
        .addColumn('last_http_status', 'integer')
        .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // The worker's pick: due pending rows, oldest first.
      await db.schema
        .createIndex('webhook_deliveries_due_idx')
        .on('webhook_deliveries')
        .columns(['status', 'next_attempt_at', 'id'])
        .execute();
      // Order per object: is an earlier delivery of the same object to the same endpoint still pending?
      await db.schema
        .createIndex('webhook_deliveries_object_idx')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'object_no', 'status', 'id'])
        .execute();
      // The delivery log: a merchant's rows by date (and kind, status filters on top).
      await db.schema
        .createIndex('webhook_deliveries_log_idx')
        .on('webhook_deliveries')
        .columns(['merchant_id', 'created_at', 'id'])
        .execute();

      await withId(db.schema.createTable('webhook_attempts'))
        .addColumn('delivery_id', 'bigint', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('http_status', 'integer')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_attempts_delivery_idx').on('webhook_attempts').columns(['delivery_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('webhook_attempts').execute();
      await db.schema.dropTable('webhook_deliveries').execute();
      await db.schema.dropTable('webhook_events').execute();
      await db.schema.dropTable('webhook_endpoints').execute();
    },
  };
}
