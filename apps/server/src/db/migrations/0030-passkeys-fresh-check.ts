import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex, createUniqueIndex, idColumnOf } from './schema-kit';

/**
 * Passkeys and the fresh check before money moves (issue 50 §1-2; domains/auth/README.md).
 *
 * - `sessions.auth_method`: how the session was opened (AuthMethod in @mbo/shared/auth); rows from
 *   before are password sign-ins. Not watched by the auth counter: it never changes on a session.
 * - `sessions.last_check_at`: when the holder last proved themselves (sign-in, second step, or the
 *   fresh check). Null on rows from before: such a session asks again before money moves. Not watched
 *   either: the guard (platform/fresh-check.ts) reads it from the row, so a check on one API node
 *   counts on every node at once without emptying every node's session cache.
 * - `passkeys`: the public half of each credential only (the private key never leaves the
 *   authenticator): id, COSE public key (base64url), signature counter, transports, a name, when it was
 *   made and last used, per administrator and merchant. A credential id is unique across the database.
 * - `merchants.refund_check_threshold`: refunds above this many whole units of the refund's currency ask
 *   for a fresh check; the owner sets it. 1,000 by default; 0: every refund asks.
 */
export function passkeysFreshCheckMigration(dialect: DialectName): Migration {
  const withId = idColumnOf(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('sessions')
        .addColumn('auth_method', 'text', (c) => c.notNull().defaultTo('password'))
        .execute();
      await db.schema.alterTable('sessions').addColumn('last_check_at', 'bigint').execute();
      await db.schema
        .alterTable('merchants')
        .addColumn('refund_check_threshold', 'bigint', (c) => c.notNull().defaultTo(1000))
        .execute();

      await withId(db.schema.createTable('passkeys'))
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('admin_id', 'bigint', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('credential_id', 'text', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await createUniqueIndex(db, 'passkeys_credential_uq', 'passkeys', ['credential_id']);
      await createIndex(db, 'passkeys_admin_idx', 'passkeys', ['admin_id', 'created_at']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('passkeys').execute();
      await db.schema.alterTable('merchants').dropColumn('refund_check_threshold').execute();
      await db.schema.alterTable('sessions').dropColumn('last_check_at').execute();
      await db.schema.alterTable('sessions').dropColumn('auth_method').execute();
    },
  };
}
