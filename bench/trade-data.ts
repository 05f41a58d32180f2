// The transactions benchmark's databases: 2M rows for demo merchant 100001 within 6 months, the rest
// spread over bench merchants across 12 months. Built once per dialect, seed and size, and kept
// under bench/.data (git-ignored) so a re-run measures without generating again.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDb, type DialectName } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { ensureCurrencies } from '../apps/server/src/db/currencies';
import { seedDemo } from '../apps/server/src/seed/demo';
import { generateTradeData } from '../apps/server/src/seed/trade-generator';
import type { TradeMerchantPlan } from '../apps/server/src/seed/trade-rows';

export type BenchSize = { total: number; main: number; seed: number };
export type BuiltMeta = { now: number; total: number; main: number; seed: number; buildSeconds: number; rowsPerSecond: number };

const BENCH_MERCHANTS = 30;
const CURRENCIES = ['USD', 'EUR', 'GBP', 'HKD'] as const;

export function benchDataDir(repoRoot: string): string {
  const dir = path.join(repoRoot, 'bench', '.data');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function sizeKey(dialect: DialectName, s: BenchSize): string {
  return `tx-${dialect}-seed${s.seed}-${s.total}-${s.main}`;
}

export function readMeta(file: string): BuiltMeta | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuiltMeta) : null;
}

/** Loads the benchmark data into an empty database at `url` and writes `metaFile` when done. */
export async function buildBenchData(url: string, s: BenchSize, metaFile: string): Promise<BuiltMeta> {
  rmSync(metaFile, { force: true });
  const handle = createDb(url);
  const started = Date.now();
  // A fixed "now" per build (recorded in the meta file): the queries are placed relative to it.
  const now = Date.now();
  let last = 0;
  const progress = (label: string) => (written: number, total: number) => {
    const t = Date.now();
    if (t - last < 5000 && written < total) return;
    last = t;
    const secs = (t - started) / 1000;
    console.log(`  ${label}: ${written.toLocaleString('en')} / ${total.toLocaleString('en')}  ${secs.toFixed(0)} s`);
  };
  try {
    await migrateToLatest(handle.db, handle.dialect);
    await ensureCurrencies(handle.db);
    await seedDemo(handle.db, now, {
      transactions: s.main,
      months: 6,
      merchantNo: '100001',
      seed: s.seed,
      onProgress: progress('merchant 100001'),
    });

    const plans: TradeMerchantPlan[] = [];
    for (let i = 1; i <= BENCH_MERCHANTS; i += 1) {
      const no = String(200000 + i);
      const m = await handle.db
        .insertInto('merchants')
        .values({
          merchant_no: no,
          name: `Bench merchant ${no}`,
          status: 1,
          region: 'overseas',
          contract_start: '2025-01-01',
          contract_end: '2027-12-31',
          registered_at: now - 500 * 86_400_000,
          services: 'visa,mastercard,jcb,amex,unionpay',
          created_at: now - 500 * 86_400_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const currency = CURRENCIES[i % CURRENCIES.length] ?? 'USD';
      const gatewayNo = `2${String(i).padStart(3, '0')}0001`;
      const g = await handle.db
        .insertInto('gateways')
        .values({ merchant_id: m.id, gateway_no: gatewayNo, name: `Bench ${gatewayNo}`, currency, status: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      plans.push({
        merchantId: m.id,
        merchantNo: no,
        orderPrefix: `B${i}`,
        siteHost: `shop${i}.bench.example`,
        weight: 1,
        months: 12,
        gateways: [{ gatewayId: g.id, gatewayNo, currency, weight: 1 }],
      });
    }
    await generateTradeData(handle.db, {
      now,
      seed: s.seed + 1,
      transactions: s.total - s.main,
      merchants: plans,
      onProgress: progress('bench merchants'),
    });
    const buildSeconds = (Date.now() - started) / 1000;
    const meta: BuiltMeta = { now, ...s, buildSeconds, rowsPerSecond: Math.round(s.total / buildSeconds) };
    writeFileSync(metaFile, JSON.stringify(meta, null, 2));
    return meta;
  } finally {
    await handle.destroy();
  }
}
