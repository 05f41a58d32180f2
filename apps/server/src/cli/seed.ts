import { loadConfig } from '../config';
import { dropAllTables, migrateToLatest } from '../db/migrate';
import { describeDatabase, openDatabase } from '../db/open';
import { ensureCurrencies } from '../db/seed/currencies';
import { seedDemo } from '../db/seed/demo';

const USAGE = `Usage: npm run seed [-- --reset]

Loads the demo data when the database (DATABASE_URL, or DATA_DIR/mbo.sqlite) holds no merchant.
  --reset   drop every table first, then migrate and seed again (all data is lost)`;

async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const unknown = args.filter((a) => a !== '--reset');
  if (unknown.length > 0) {
    console.error(`unknown argument: ${unknown.join(' ')}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const handle = await openDatabase(config);
  try {
    console.log(`database: ${describeDatabase(config.databaseUrl)}`);
    if (args.includes('--reset')) {
      await dropAllTables(handle.db, handle.dialect);
      await migrateToLatest(handle.db, handle.dialect);
      await ensureCurrencies(handle.db);
      console.log('reset: all tables dropped and recreated');
    }
    const summary = await seedDemo(handle.db, Date.now());
    for (const line of summary.lines) console.log(line);
    return 0;
  } finally {
    await handle.destroy();
  }
}

run(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
