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
import { webhooksMigration } from './migrations/0022-webhooks';
import { searchIndexesMigration } from './migrations/0023-search-indexes';
import { savedViewsMigration } from './migrations/0024-saved-views';
import { reportSchedulesMigration } from './migrations/0025-report-schedules';
import { schemeProgrammesMigration } from './migrations/0027-scheme-programmes';
import { disputeDraftsMigration } from './migrations/0028-dispute-drafts';
import { backtestIndexesMigration } from './migrations/0029-backtest-indexes';
import { passkeysFreshCheckMigration } from './migrations/0030-passkeys-fresh-check';
import { approvalsMigration } from './migrations/0031-approvals';
import { operationLogChainMigration } from './migrations/0032-operation-log-chain';
import { notificationsMigration } from './migrations/0033-notifications';
import { listCountIndexesMigration } from './migrations/0034-list-count-indexes';
import { approvalBankChangeMigration } from './migrations/0036-approval-bank-change';
import { exportJobsMigration } from './migrations/0037-export-jobs';
import { listFilterIndexesMigration } from './migrations/0038-list-filter-indexes';
import { waybillProcessIndexesMigration } from './migrations/0039-waybill-process-indexes';

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
    '0022-webhooks': webhooksMigration(dialect),
    '0023-search-indexes': searchIndexesMigration(dialect),
    '0024-saved-views': savedViewsMigration(dialect),
    '0025-report-schedules': reportSchedulesMigration(dialect),
    '0027-scheme-programmes': schemeProgrammesMigration(dialect),
    '0028-dispute-drafts': disputeDraftsMigration(dialect),
    '0029-backtest-indexes': backtestIndexesMigration(dialect),
    '0030-passkeys-fresh-check': passkeysFreshCheckMigration(dialect),
    '0031-approvals': approvalsMigration(dialect),
    '0032-operation-log-chain': operationLogChainMigration(dialect),
    '0033-notifications': notificationsMigration(dialect),
    '0034-list-count-indexes': listCountIndexesMigration(dialect),
    '0036-approval-bank-change': approvalBankChangeMigration(dialect),
    '0037-export-jobs': exportJobsMigration(dialect),
    '0038-list-filter-indexes': listFilterIndexesMigration(dialect),
    '0039-waybill-process-indexes': waybillProcessIndexesMigration(dialect),
  };
}

/*
 * Expand, then contract (apps/server/README.md, "Schema changes and rolling back").
 *
 * Every migration is either compatible with the build before it, or breaking. Compatible (an expand
 * step): the previous build runs correctly on the schema after it: new tables, new columns that are
 * nullable or have a default, new or rebuilt indexes, triggers that keep their own data. Breaking (a
 * contract step): anything else, such as dropping or renaming what the previous build reads or
 * writes, a NOT NULL column without a default, a constraint or trigger that refuses what it does, or a
 * table the new code keeps in step with others in its own transactions (an older build writing the
 * others would leave it wrong). A change that needs a contract step ships as an expand step first;
 * the contract follows in a later release, once no build that needs the old shape runs.
 *
 * A migration is compatible unless it is listed in CONTRACT_STEPS, with the reason. What each applied
 * migration was declared is recorded in the database as it is applied (`migration_compatibility`),
 * because a build older than a migration cannot read the newer code. A build that finds applied
 * migrations it does not know (a rollback, or an older node during a rolling deploy) starts when every
 * one of them was recorded compatible, and refuses with SchemaError when one is breaking (or was not
 * recorded). Kysely's own bookkeeping (`kysely_migration`) is kept as it was.
 */

/** The migrations a build before them cannot run on, and why. */
const CONTRACT_STEPS: Readonly<Record<string, string>> = {
  '0005-rollups': 'rollups kept by the code in the transaction of each write: an older build writes rows without them',
  '0007-sign-in-hardening': 'email addresses no longer unique among all persons, which the build before relied on',
  '0008-system-management': 'operation log rebuilt: references no longer cascade and triggers refuse changes and early deletes',
  '0010-funds': 'ledger postings made with each payment, refund and dispute: an older build records them without posting',
  '0013-coarse-rollups': 'day and month rollups kept by the code: an older build writes rows without them',
  '0016-ledger-month-rollup': 'monthly rollup kept by the code with each ledger entry: an older build posts without it',
  '0038-list-filter-indexes': "refunds and cases carry their transaction's time, written with each: an older build records them without it",
  '0039-waybill-process-indexes': "waybills carry their transaction's time, written with each: an older build records them without it",
};

export type Compatibility = 'compatible' | 'breaking';

export function compatibilityOf(name: string): Compatibility {
  return Object.hasOwn(CONTRACT_STEPS, name) ? 'breaking' : 'compatible';
}

/** The database's schema cannot be served by this build (or, without migrating, not yet). */
export class SchemaError extends Error {}

const COMPAT_TABLE = 'migration_compatibility';

class InCodeMigrationProvider implements MigrationProvider {
  constructor(
    private readonly dialect: DialectName,
    private readonly foreignCompatible: readonly string[],
  ) {}
  getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, migration] of Object.entries(allMigrations(this.dialect))) {
      // The declaration is recorded by the migration itself: in its transaction on PostgreSQL.
      out[name] = {
        async up(db) {
          await migration.up(db);
          await recordCompatibility(db as Db, name, compatibilityOf(name));
        },
      };
    }
    // Applied by a newer build and recorded compatible: Kysely must see them to accept the database; they never run here.
    for (const name of this.foreignCompatible) out[name] = { up: () => Promise.reject(new SchemaError(`${name} is not this build's`)) };
    return Promise.resolve(out);
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

async function tableExists(db: Db, dialect: DialectName, table: string): Promise<boolean> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db)
      : await sql<{ found: string | null }>`select name as found from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  return Boolean(rows[0]?.found);
}

async function recordCompatibility(db: Db, name: string, compatibility: Compatibility): Promise<void> {
  await sql`insert into ${sql.table(COMPAT_TABLE)} (name, compatible) values (${name}, ${compatibility === 'compatible' ? 1 : 0})
    on conflict (name) do nothing`.execute(db);
}

/** What the database holds: the migrations applied to it and, for each recorded, whether it was declared compatible. */
export type SchemaState = {
  /** This build's migrations not applied yet, in order. */
  pending: string[];
  /** Applied migrations this build does not know, with what was recorded for them (undefined: nothing). */
  foreign: { name: string; compatibility: Compatibility | undefined }[];
};

export async function readSchemaState(db: Db, dialect: DialectName): Promise<SchemaState> {
  const known = Object.keys(allMigrations(dialect));
  const applied = (await tableExists(db, dialect, 'kysely_migration'))
    ? (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name)
    : [];
  const recorded = new Map<string, Compatibility>();
  if (await tableExists(db, dialect, COMPAT_TABLE)) {
    const { rows } = await sql<{ name: string; compatible: number }>`select name, compatible from ${sql.table(COMPAT_TABLE)}`.execute(db);
    for (const r of rows) recorded.set(r.name, Number(r.compatible) === 1 ? 'compatible' : 'breaking');
  }
  return {
    pending: known.filter((name) => !applied.includes(name)),
    foreign: applied
      .filter((name) => !known.includes(name))
      .sort(byCodePoint)
      .map((name) => ({ name, compatibility: recorded.get(name) })),
  };
}

/** Refuses a database with an applied migration this build does not know and that was not recorded compatible. */
function refuseBreaking(state: SchemaState): void {
  const breaking = state.foreign.filter((f) => f.compatibility !== 'compatible').map((f) => f.name);
  if (breaking.length === 0) return;
  throw new SchemaError(
    `the database has migration${breaking.length > 1 ? 's' : ''} ${breaking.join(', ')} applied, which this build does not know ` +
      'and which a newer build declared breaking (a contract step): this build cannot run on that schema. ' +
      'Run a build that knows them, or restore the backup taken before they were applied (apps/server/README.md, "Schema changes and rolling back").',
  );
}

/** Names for a message: all of a few, the first and last of many. */
function shortList(names: readonly string[]): string {
  return names.length <= 5 ? names.join(', ') : `${names.slice(0, 2).join(', ')} ... ${names.at(-1)}`;
}

/**
 * For MIGRATE_ON_START=false: refuses (SchemaError) unless this build can serve the schema as it is:
 * every one of its migrations applied, and any newer one recorded compatible.
 */
export async function checkSchema(db: Db, dialect: DialectName): Promise<SchemaState> {
  const state = await readSchemaState(db, dialect);
  refuseBreaking(state);
  if (state.pending.length > 0) {
    const total = Object.keys(allMigrations(dialect)).length;
    throw new SchemaError(
      `the database schema is behind this build: ${state.pending.length} of its ${total} migrations not applied ` +
        `(${shortList(state.pending)}). Run \`npm run migrate\` (or \`node apps/server/dist/migrate.js\`) with the same DATABASE_URL, ` +
        'or start with MIGRATE_ON_START=true.',
    );
  }
  return state;
}

export async function migrateToLatest(db: Db, dialect: DialectName): Promise<string[]> {
  const migrationTableSchema = await migrationSchema(db, dialect);
  await sql`create table if not exists ${sql.table(COMPAT_TABLE)} (name varchar(255) primary key, compatible integer not null)`.execute(db);
  const state = await readSchemaState(db, dialect);
  refuseBreaking(state);
  // Migrations applied before the declarations were recorded (or by a build that died before recording) get this build's.
  const known = Object.keys(allMigrations(dialect));
  const applied = known.filter((name) => !state.pending.includes(name));
  for (const name of applied) await recordCompatibility(db, name, compatibilityOf(name));
  const migrator = new Migrator({
    db,
    provider: new InCodeMigrationProvider(
      dialect,
      state.foreign.map((f) => f.name),
    ),
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
  for (const table of [...tables, 'kysely_migration', 'kysely_migration_lock', COMPAT_TABLE]) {
    if (dialect === 'postgres') await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
    else await db.schema.dropTable(table).ifExists().execute();
  }
}
