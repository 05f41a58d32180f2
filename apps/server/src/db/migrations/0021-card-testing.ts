import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex } from './schema-kit';

/**
 * Card testing across payment links (issue 52 §1; links/README.md "Card testing").
 *
 * - `link_attempt_counters`: declines per hour of a merchant's links (scope `merchant`, key the
 *   merchant id) and of a card on any link (scope `card`, key the card's keyed fingerprint, never the
 *   number). One row per key, counted with a conditional UPDATE, so parallel tries on any node cannot
 *   pass the limit; a row whose window has ended starts again and is pruned later.
 * - `link_attempt_limits`: the limits an operator set (`ops link:limits`); merchant 0 is the default of
 *   every merchant, and without any row the built-in defaults apply.
 * - `payment_links.paused_until`: a link the merchant limit paused takes no payment until then.
 * - `server_keys`: the card-fingerprint key the server made for itself when CARD_FINGERPRINT_KEY is not
 *   set (one row, made on first use).
 */
export function cardTestingMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('link_attempt_counters')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('declines', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('link_attempt_counters_pk', ['scope', 'key_hash'])
        .execute();
      await createIndex(db, 'link_attempt_counters_window_idx', 'link_attempt_counters', ['window_start']);

      await db.schema
        .createTable('link_attempt_limits')
        .addColumn('merchant_id', 'bigint', (c) => c.primaryKey())
        .addColumn('merchant_declines', 'integer', (c) => c.notNull())
        .addColumn('card_declines', 'integer', (c) => c.notNull())
        .addColumn('pause_minutes', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('payment_links').addColumn('paused_until', 'bigint').execute();

      await db.schema
        .createTable('server_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('server_keys').execute();
      await db.schema.alterTable('payment_links').dropColumn('paused_until').execute();
      await db.schema.dropTable('link_attempt_limits').execute();
      await db.schema.dropTable('link_attempt_counters').execute();
    },
  };
}
