import { loadConfig } from '../config';
import { dropAllTables, migrateToLatest } from '../db/migrate';
import { describeDatabase, openDatabase, startupLock } from '../db/open';
import { ensureCurrencies } from '../db/currencies';
import { seedDemo } from '../seed/demo';
import { parseSeedArgs, SEED_USAGE } from './seed-args';
import { exitWith } from './exit';

async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(SEED_USAGE);
    return 0;
  }
  const parsed = parseSeedArgs(args, Date.now());
  if (typeof parsed === 'string') {
    console.error(`${parsed}\n\n${SEED_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const handle = await openDatabase(config);
  try {
    console.log(`database: ${describeDatabase(config.databaseUrl)}`);
    const started = Date.now();
    // Under the start-up lock: a node starting meanwhile waits for the data instead of serving half of it.
    await startupLock(handle, config.databaseUrl, async () => {
      if (parsed.reset) {
        await dropAllTables(handle.db, handle.dialect);
        await migrateToLatest(handle.db, handle.dialect);
        await ensureCurrencies(handle.db);
        console.log('reset: all tables dropped and recreated');
      }
      let lastPrint = 0;
      const summary = await seedDemo(handle.db, parsed.now ?? Date.now(), {
        ...parsed.trade,
        onProgress: (written, total) => {
          const at = Date.now();
          if (at - lastPrint < 1000 && written < total) return;
          lastPrint = at;
          const s = (at - started) / 1000;
          console.log(`transactions: ${written} / ${total}  ${s.toFixed(1)} s  ${Math.round(written / Math.max(s, 0.001))} rows/s`);
        },
      });
      for (const line of summary.lines) console.log(line);
      if (!summary.seeded && parsed.trade.transactions !== undefined) console.log('add --reset to replace the data');
    });
    console.log(`elapsed: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    await handle.destroy();
  }
}

exitWith(run(process.argv.slice(2)));
