import { loadConfig } from '../config';
import { dropAllTables, migrateToLatest } from '../db/migrate';
import { describeDatabase, openDatabase, startupLock } from '../db/open';
import { ensureCurrencies } from '../db/seed/currencies';
import { DEMO_TRADE_SEED_DEFAULT, DEMO_TRANSACTIONS_DEFAULT, seedDemo, type DemoTradeOptions } from '../db/seed/demo';

const USAGE = `Usage: npm run seed [-- --reset] [--transactions N] [--seed N] [--merchant NO] [--months N]

Loads the demo data when the database (DATABASE_URL, or DATA_DIR/mbo.sqlite) holds no merchant.
  --reset           drop every table first, then migrate and seed again (all data is lost)
  --transactions N  gateway records to generate (default ${DEMO_TRANSACTIONS_DEFAULT}; e.g. 5000000 for benchmarks)
  --seed N          seed of the generator: the same seed gives the same data (default ${DEMO_TRADE_SEED_DEFAULT})
  --merchant NO     generate transactions for this demo merchant only (100001 or 100002)
  --months N        months of history, 1-12 (default 12; merchant 100002 has at most 6)`;

type Parsed = { reset: boolean; trade: DemoTradeOptions };

function parseArgs(args: string[]): Parsed | string {
  const out: Parsed = { reset: false, trade: {} };
  const int = (name: string, raw: string | undefined, min: number, max: number): number | string => {
    const n = Number(raw);
    return raw !== undefined && /^\d+$/.test(raw) && n >= min && n <= max ? n : `${name} needs a whole number from ${min} to ${max}`;
  };
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i];
    const value = args[i + 1];
    if (a === '--reset') out.reset = true;
    else if (a === '--transactions' || a === '--seed' || a === '--months') {
      const n =
        a === '--transactions' ? int(a, value, 0, 50_000_000) : a === '--seed' ? int(a, value, 0, 4_294_967_295) : int(a, value, 1, 12);
      if (typeof n === 'string') return n;
      if (a === '--transactions') out.trade.transactions = n;
      else if (a === '--seed') out.trade.seed = n;
      else out.trade.months = n;
      i += 1;
    } else if (a === '--merchant') {
      if (value !== '100001' && value !== '100002') return '--merchant needs a demo merchant number: 100001 or 100002';
      out.trade.merchantNo = value;
      i += 1;
    } else return `unknown argument: ${a}`;
  }
  return out;
}

async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    console.error(`${parsed}\n\n${USAGE}`);
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
      const summary = await seedDemo(handle.db, Date.now(), {
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

run(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
