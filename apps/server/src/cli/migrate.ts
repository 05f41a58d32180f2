import { loadConfig } from '../config';
import { createDb } from '../db/database';
import { checkSchema } from '../db/migrate';
import { describeDatabase, openDatabase } from '../db/open';
import { exitWith } from './exit';

export const MIGRATE_USAGE = `Usage: npm run migrate [-- --check]   (compiled: node apps/server/dist/migrate.js [--check])

Applies the migrations of this build that the database (DATABASE_URL, or DATA_DIR/mbo.sqlite) lacks,
under the lock a starting server takes, and exits: the deployment step that runs before the new build's
servers start with MIGRATE_ON_START=false. Loads no demo data.
  --check   change nothing: exit 0 when this build can serve the schema as it is, 1 with what to do when not`;

async function run(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(MIGRATE_USAGE);
    return 0;
  }
  const unknown = args.find((a) => a !== '--check');
  if (unknown !== undefined) {
    console.error(`unknown argument "${unknown}"\n\n${MIGRATE_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  console.log(`database: ${describeDatabase(config.databaseUrl)}`);
  if (args.includes('--check')) {
    const handle = createDb(config.databaseUrl, { poolMax: 1 });
    try {
      const state = await checkSchema(handle.db, handle.dialect);
      console.log('schema: this build can serve it as it is');
      if (state.foreign.length > 0) console.log(`newer migrations, declared compatible: ${state.foreign.map((f) => f.name).join(', ')}`);
      return 0;
    } finally {
      await handle.destroy();
    }
  }
  const started = Date.now();
  const handle = await openDatabase({ ...config, migrateOnStart: true });
  try {
    if (handle.applied.length === 0) console.log('schema: up to date, nothing to apply');
    for (const name of handle.applied) console.log(`applied: ${name}`);
    if (handle.newer.length > 0) console.log(`newer migrations, declared compatible: ${handle.newer.join(', ')}`);
    console.log(`elapsed: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    await handle.destroy();
  }
}

exitWith(run(process.argv.slice(2)));
