import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';

/**
 * Alert deadlines that cannot be missed (issue 49 §4; jobs/deadline-reminders.ts).
 *
 * - `disputes.reminded_4h_at`: when the reminder 4 hours before an Ethoca alert's deadline was written,
 *   set conditionally with the reminder, as `reminded_5d_at` and `reminded_24h_at` are, so an alert is
 *   reminded once however many job runs overlap. Nullable: the build before never writes it.
 *
 * The rule backtests (issue 49 §3) need no index: they read the scope's payments of the window by the
 * list index (merchant, category, created_at), 55,000 rows of the demo merchant in 0.1 to 0.4 s for a
 * card, email, domain or IP (risk/README.md); a value that is only matched inside the columns (a case-
 * and space-blind match, as the gateway path normalises it) cannot use an index on them.
 */
export function backtestIndexesMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('disputes').addColumn('reminded_4h_at', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('disputes').dropColumn('reminded_4h_at').execute();
    },
  };
}
