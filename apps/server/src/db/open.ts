import { sql } from 'kysely';
import type { Config } from '../config';
import { createDb, type DbHandle } from './database';
import { migrateToLatest } from './migrate';
import { ensureCurrencies } from './seed/currencies';

/** Opens DATABASE_URL and brings its schema up to date: what the server, seed and ops commands all do first. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolMax' | 'statementTimeoutMs'>,
): Promise<DbHandle & { applied: string[] }> {
  const handle = createDb(config.databaseUrl, { poolMax: config.databasePoolMax, statementTimeoutMs: config.statementTimeoutMs });
  try {
    const applied = await migrateToLatest(handle.db, handle.dialect);
    await ensureCurrencies(handle.db);
    // SQLite picks an index from table statistics it only gathers when asked; without them a filter
    // can walk the date index instead of its own (seconds instead of a millisecond at millions of
    // rows). `optimize` (0x10002: every table) refreshes them where they are missing or stale, sampling so it stays quick.
    // PostgreSQL's autovacuum keeps its own statistics.
    if (handle.dialect === 'sqlite')
      await sql`pragma analysis_limit = 20000`.execute(handle.db).then(() => sql`pragma optimize = 0x10002`.execute(handle.db));
    return { ...handle, applied };
  } catch (error) {
    await handle.destroy();
    throw error;
  }
}

/** DATABASE_URL without its password, for printing. */
export function describeDatabase(databaseUrl: string): string {
  return databaseUrl.replace(/(\/\/[^:/@]+):[^@]*@/, '$1:***@');
}
