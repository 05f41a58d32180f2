import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db, DialectName } from './database';
import { TABLES_IN_DEPENDENCY_ORDER } from './types';
import { foundationMigration } from './migrations/0001-foundation';
import { onboardingMigration } from './migrations/0002-onboarding';
import { transactionsMigration } from './migrations/0003-transactions';
import { refundsDisputesMigration } from './migrations/0004-refunds-disputes';
import { rollupsMigration } from './migrations/0005-rollups';
import { transactionFilterIndexesMigration } from './migrations/0006-transaction-filter-indexes';
import { signInHardeningMigration } from './migrations/0007-sign-in-hardening';
import { systemManagementMigration } from './migrations/0008-system-management';
import { scaleOutMigration } from './migrations/0009-scale-out';
import { fundsMigration } from './migrations/0010-funds';
import { waybillsWebsitesMigration } from './migrations/0011-waybills-websites';
import { riskLinksMigration } from './migrations/0012-risk-links';
import { coarseRollupsMigration } from './migrations/0013-coarse-rollups';
import { fundsSpeedMigration } from './migrations/0014-funds-speed';
import { authVersionMigration } from './migrations/0015-auth-version';
import { ledgerMonthRollupMigration } from './migrations/0016-ledger-month-rollup';
import { ledgerEntryIndexMigration } from './migrations/0017-ledger-entry-index';
import { reminderVersionMigration } from './migrations/0018-reminder-version';
import { gatewaySchemeIndexMigration } from './migrations/0019-gateway-scheme-index';
import { cardTestingMigration } from './migrations/0021-card-testing';

/** Every migration, in order. Names sort lexically, so keep the numeric prefix. */
export function allMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-foundation': foundationMigration(dialect),
    '0002-onboarding': onboardingMigration(dialect),
    '0003-transactions': transactionsMigration(dialect),
    '0004-refunds-disputes': refundsDisputesMigration(dialect),
    '0005-rollups': rollupsMigration(dialect),
    '0006-transaction-filter-indexes': transactionFilterIndexesMigration(dialect),
    '0007-sign-in-hardening': signInHardeningMigration(dialect),
    '0008-system-management': systemManagementMigration(dialect),
    '0009-scale-out': scaleOutMigration(dialect),
    '0010-funds': fundsMigration(dialect),
    '0011-waybills-websites': waybillsWebsitesMigration(dialect),
    '0012-risk-links': riskLinksMigration(dialect),
    '0013-coarse-rollups': coarseRollupsMigration(dialect),
    '0014-funds-speed': fundsSpeedMigration(dialect),
    '0015-auth-version': authVersionMigration(dialect),
    '0016-ledger-month-rollup': ledgerMonthRollupMigration(dialect),
    '0017-ledger-entry-index': ledgerEntryIndexMigration(dialect),
    '0018-reminder-version': reminderVersionMigration(dialect),
    '0019-gateway-scheme-index': gatewaySchemeIndexMigration(dialect),
    '0021-card-testing': cardTestingMigration(dialect),
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(allMigrations(this.dialect));
  }
}

/**
 * PostgreSQL: the bookkeeping tables are pinned to the current schema. Left unset, the migrator looks
 * for them in every schema and takes another schema's copy for its own.
 */
async function migrationSchema(db: Db, dialect: DialectName): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

/**
 * Migration names (`0001-foundation`) in code point order, which for these names is the order Kysely's
 * default (`localeCompare`) gives. The default asks ICU for a collator: 3 MB of the node binary's pages
 * read at every start and then counted in the server's resident memory (issue 13 §8).
 */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export async function migrateToLatest(db: Db, dialect: DialectName): Promise<string[]> {
  const migrationTableSchema = await migrationSchema(db, dialect);
  const migrator = new Migrator({
    db,
    provider: new InCodeMigrationProvider(dialect),
    nameComparator: byCodePoint,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new Error(`migration ${failed.migrationName} failed`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Drops every table this application owns, including the migration bookkeeping. */
export async function dropAllTables(db: Db, dialect: DialectName): Promise<void> {
  const tables = [...TABLES_IN_DEPENDENCY_ORDER].reverse();
  for (const table of [...tables, 'kysely_migration', 'kysely_migration_lock']) {
    if (dialect === 'postgres') await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
    else await db.schema.dropTable(table).ifExists().execute();
  }
}
