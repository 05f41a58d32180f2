import type { Generated } from 'kysely';

/** Card-scheme programme rules and the warnings sent about them (migration 0027; domains/reports/README.md). */
export interface SchemeProgrammeRulesTable {
  id: Generated<number>;
  /** 0: the default rule set of every merchant. */
  merchant_id: number;
  /** vamp, vampEnumeration, ecp. */
  programme: string;
  /** excessive (VAMP, enumeration); cmm, ecm, hecm (ECP). */
  line: string;
  /** YYYY-MM-01: the first month the row judges. */
  effective_from: string;
  ratio_bp: number;
  /** Upper bound (exclusive) of a band, or null. */
  ratio_below_bp: number | null;
  min_count: number;
  /** Upper bound (inclusive) of a band, or null. */
  max_count: number | null;
  updated_at: number;
}

/** One row per merchant, programme line and month warned about: claimed with the warning, so it goes out once. */
export interface SchemeProgrammeWarningsTable {
  merchant_id: number;
  programme: string;
  line: string;
  month: string;
  created_at: number;
}

export interface ProgrammeTables {
  scheme_programme_rules: SchemeProgrammeRulesTable;
  scheme_programme_warnings: SchemeProgrammeWarningsTable;
}
