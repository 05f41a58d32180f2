import type { Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';
import { createUniqueIndex } from './schema-kit';

/**
 * Card-scheme programmes as dated rules (issue 49 §2; domains/reports/README.md, "Scheme programmes").
 *
 * - `scheme_programme_rules`: one row per merchant (0: every merchant), programme, line and the date
 *   it is in force from. The default rule set is written here, so that every number is a row an
 *   operator can change (`ops programme:set`) and the VAMP change of 2026-04-01 is one of them.
 * - `scheme_programme_warnings`: the (merchant, programme, line, month) already warned about, claimed
 *   in the transaction that writes the warning, so a projection crossing a line is told once a month.
 *
 * New tables only: compatible with the build before it. `monitoring_thresholds`, which that build
 * reads and `ops monitoring:set` still writes, is left as it is.
 */
export const DEFAULT_PROGRAMME_RULES = [
  // Visa VAMP, merchant "excessive": 2.20% until March 2026, 1.50% from April 2026, only with 1,500 events.
  {
    programme: 'vamp',
    line: 'excessive',
    effective_from: '2025-04-01',
    ratio_bp: 220,
    ratio_below_bp: null,
    min_count: 1500,
    max_count: null,
  },
  {
    programme: 'vamp',
    line: 'excessive',
    effective_from: '2026-04-01',
    ratio_bp: 150,
    ratio_below_bp: null,
    min_count: 1500,
    max_count: null,
  },
  // Visa enumeration (card testing): 20% with 300,000 enumerated attempts.
  {
    programme: 'vampEnumeration',
    line: 'excessive',
    effective_from: '2025-04-01',
    ratio_bp: 2000,
    ratio_below_bp: null,
    min_count: 300_000,
    max_count: null,
  },
  // Mastercard ECP: CMM from 100 and 1.00%; ECM 100-299 and 1.50-2.99%; HECM from 300 and 3.00%.
  { programme: 'ecp', line: 'cmm', effective_from: '2025-04-01', ratio_bp: 100, ratio_below_bp: null, min_count: 100, max_count: null },
  { programme: 'ecp', line: 'ecm', effective_from: '2025-04-01', ratio_bp: 150, ratio_below_bp: 300, min_count: 100, max_count: 299 },
  { programme: 'ecp', line: 'hecm', effective_from: '2025-04-01', ratio_bp: 300, ratio_below_bp: null, min_count: 300, max_count: null },
];

export function schemeProgrammesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('scheme_programme_rules');
      await (
        dialect === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'bigserial', (c) => c.primaryKey())
      )
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('programme', 'text', (c) => c.notNull())
        .addColumn('line', 'text', (c) => c.notNull())
        .addColumn('effective_from', 'text', (c) => c.notNull())
        .addColumn('ratio_bp', 'integer', (c) => c.notNull())
        .addColumn('ratio_below_bp', 'integer')
        .addColumn('min_count', 'integer', (c) => c.notNull())
        .addColumn('max_count', 'integer')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await createUniqueIndex(db, 'scheme_programme_rules_key', 'scheme_programme_rules', [
        'merchant_id',
        'programme',
        'line',
        'effective_from',
      ]);
      await db
        .insertInto('scheme_programme_rules' as never)
        .values(DEFAULT_PROGRAMME_RULES.map((r) => ({ ...r, merchant_id: 0, updated_at: 0 })) as never)
        .execute();

      await db.schema
        .createTable('scheme_programme_warnings')
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('programme', 'text', (c) => c.notNull())
        .addColumn('line', 'text', (c) => c.notNull())
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('scheme_programme_warnings_pk', ['merchant_id', 'programme', 'line', 'month'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('scheme_programme_warnings').execute();
      await db.schema.dropTable('scheme_programme_rules').execute();
    },
  };
}
