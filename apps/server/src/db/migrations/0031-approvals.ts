import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, idColumnOf } from './schema-kit';

/**
 * A second approver (issue 50 §3; domains/approvals/README.md).
 *
 * - `approval_policies`: the owner's rule per merchant and kind of money action: on or off, the whole
 *   amount from which an action waits, how many hours a request may wait. No row: the action runs at once.
 * - `approval_requests`: an action held for another administrator. `payload` is the request as it was
 *   sent (JSON), run by the action's own service when approved; `status` moves once, from pending, by a
 *   conditional update (approved in the same transaction as the money it moves). The indexes serve the
 *   list (newest first, per status) and the expiry sweep.
 */
export function approvalsMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('approval_policies')
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('threshold', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('expiry_hours', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('approval_policies_pk', ['merchant_id', 'kind'])
        .execute();

      await withId(db.schema.createTable('approval_requests'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('requester_admin_id', 'bigint', (c) => c.references('admins.id').onDelete('set null'))
        .addColumn('requester_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_by_admin_id', 'bigint', (c) => c.references('admins.id').onDelete('set null'))
        .addColumn('decided_by_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('decided_at', 'bigint')
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('result_no', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await createIndex(db, 'approval_requests_list_idx', 'approval_requests', ['merchant_id', 'created_at', 'id']);
      await createIndex(db, 'approval_requests_status_idx', 'approval_requests', ['merchant_id', 'status', 'created_at', 'id']);
      await createIndex(db, 'approval_requests_expiry_idx', 'approval_requests', ['status', 'expires_at']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('approval_requests').execute();
      await db.schema.dropTable('approval_policies').execute();
    },
  };
}
