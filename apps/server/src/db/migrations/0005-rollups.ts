import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createIndex } from './schema-kit';

/**
 * Daily rollups: what reports, statistics, monitoring and the dashboard read instead of raw rows.
 * One row per merchant, gateway, business day (cut at midnight UTC+08:00, spec §9) and card scheme,
 * amounts in the gateway's settlement currency. Kept current in the same database transaction as
 * every write that changes them (apps/server/src/platform/rollups.ts).
 *
 * Monitoring thresholds: operator-set ratios (basis points) and minimum counts per program and
 * level; a merchant-specific row overrides the default row (merchant_id 0).
 */
export function rollupsMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let t = db.schema
        .createTable('trade_rollups')
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('card_scheme', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull());
      for (const name of ROLLUP_MEASURES_0005) t = t.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0));
      await t.addPrimaryKeyConstraint('trade_rollups_pk', ['merchant_id', 'gateway_id', 'day', 'card_scheme']).execute();
      await createIndex(db, 'trade_rollups_day_idx', 'trade_rollups', ['merchant_id', 'day']);
      // Statistics and monitoring read one card scheme over a month range.
      await createIndex(db, 'trade_rollups_scheme_day_idx', 'trade_rollups', ['merchant_id', 'card_scheme', 'day']);

      await db.schema
        .createTable('monitoring_thresholds')
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('program', 'text', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('ratio_bp', 'integer', (c) => c.notNull())
        .addColumn('min_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('monitoring_thresholds_pk', ['merchant_id', 'program', 'level'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('monitoring_thresholds').execute();
      await db.schema.dropTable('trade_rollups').execute();
    },
  };
}

/** The additive measures as this migration created them (the live list is ROLLUP_MEASURES in db/types.ts). */
export const ROLLUP_MEASURES_0005 = [
  'tx_count',
  'success_count',
  'success_amount',
  'failed_count',
  'duplicate_failed_count',
  'refund_count',
  'refund_amount',
  'chargeback_count',
  'chargeback_amount',
  'retrieval_count',
  'retrieval_amount',
  'fraud_report_count',
  'rdr_count',
  'rdr_amount',
  'ethoca_count',
  'ethoca_amount',
  'appeal_success_count',
  'appeal_success_amount',
  'reserve_count',
  'reserve_amount',
] as const;
