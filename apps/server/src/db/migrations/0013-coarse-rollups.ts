import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../database';
// The measures of `trade_rollups` when this migration summed it: those 0005 created.
import { ROLLUP_MEASURES_0005 as MEASURES } from './0005-rollups';

/**
 * Coarser rollups (issue 13 §6), the per-scheme daily rollups of 0005 summed one level further:
 *
 * - `trade_rollups_day`: one row per merchant, business day, gateway and settlement currency (the
 *   card schemes summed). The daily and monthly reports, the dashboard's figures and the exact total
 *   of the plain formal list read it: about a sixth of the rows of `trade_rollups`.
 * - `trade_rollups_month`: one row per merchant, month (YYYY-MM of the business day), card scheme,
 *   gateway and currency (the days summed). Statistics and monitoring read it.
 *
 * Both carry every measure of `trade_rollups`, are kept in the same transaction as it
 * (platform/rollups.ts `addToRollup`), rebuilt with it and checked by `ops rollups:verify`. The key
 * leads with merchant and period so a report's range is one index range; on SQLite the tables are
 * WITHOUT ROWID (the rows live in the key's b-tree). Filled here from `trade_rollups`.
 */
export function coarseRollupsMigration(dialect: DialectName): Migration {
  const clustered = <T extends string>(t: CreateTableBuilder<T, never>) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t);
  return {
    async up(db: Kysely<unknown>) {
      let day = db.schema
        .createTable('trade_rollups_day')
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('currency', 'text', (c) => c.notNull());
      for (const name of MEASURES) day = day.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0));
      await clustered(day.addPrimaryKeyConstraint('trade_rollups_day_pk', ['merchant_id', 'day', 'gateway_id', 'currency'])).execute();

      let month = db.schema
        .createTable('trade_rollups_month')
        .addColumn('merchant_id', 'bigint', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('card_scheme', 'text', (c) => c.notNull())
        .addColumn('gateway_id', 'bigint', (c) => c.notNull().references('gateways.id').onDelete('cascade'))
        .addColumn('currency', 'text', (c) => c.notNull());
      for (const name of MEASURES) month = month.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0));
      await clustered(
        month.addPrimaryKeyConstraint('trade_rollups_month_pk', ['merchant_id', 'month', 'card_scheme', 'gateway_id', 'currency']),
      ).execute();

      const sums = sql.join(MEASURES.map((m) => sql`sum(${sql.ref(m)})`));
      const cols = sql.join(MEASURES.map((m) => sql.ref(m)));
      await sql`insert into trade_rollups_day (merchant_id, day, gateway_id, currency, ${cols})
        select merchant_id, day, gateway_id, currency, ${sums} from trade_rollups
        group by merchant_id, day, gateway_id, currency`.execute(db);
      await sql`insert into trade_rollups_month (merchant_id, month, card_scheme, gateway_id, currency, ${cols})
        select merchant_id, substr(day, 1, 7), card_scheme, gateway_id, currency, ${sums} from trade_rollups
        group by merchant_id, substr(day, 1, 7), card_scheme, gateway_id, currency`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('trade_rollups_month').execute();
      await db.schema.dropTable('trade_rollups_day').execute();
    },
  };
}
