import type { Config } from '../config';
import { createDb, type DbHandle } from './database';
import { migrateToLatest } from './migrate';
import { ensureCurrencies } from './seed/currencies';

/** Opens DATABASE_URL and brings its schema up to date: what the server, seed and ops commands all do first. */
export async function openDatabase(config: Config): Promise<DbHandle & { applied: string[] }> {
  const handle = createDb(config.databaseUrl);
  try {
    const applied = await migrateToLatest(handle.db, handle.dialect);
    await ensureCurrencies(handle.db);
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
