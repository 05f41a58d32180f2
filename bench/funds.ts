// `npm run bench -- funds [transactions]`: the Funds menu at scale on SQLite. Builds (or reuses, under
// bench/.data) a database with the demo data of merchant 100001 at the given size (default 2,000,000
// gateway records over 6 months) and its whole funds history, then measures server-side (app.inject)
// the account summary, the recorded-entry list (first and next page), a batch's breakdown, one day's
// settlement run and ledger:verify of the whole database.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@mbo/shared/api-paths';
import { batchItemsPath, FundsPath } from '@mbo/shared/funds';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { ensureCurrencies } from '../apps/server/src/db/seed/currencies';
import { seedDemo } from '../apps/server/src/db/seed/demo';
import { verifyLedger } from '../apps/server/src/domains/funds/ledger';
import { addDays, isBusinessDay, runSettlement, settlementDayOf } from '../apps/server/src/domains/funds/settlement';
import { HEADERS, pct, printSummary, record, repoRoot, SIGN_IN } from './bench-figures';
import { benchDataDir, readMeta, type BuiltMeta } from './trade-data';

const RUNS = 200;

export async function funds(args: string[]): Promise<void> {
  const total = Number(args[0] ?? 2_000_000);
  const dir = benchDataDir(repoRoot);
  const file = path.join(dir, `funds-sqlite-${total}.sqlite`);
  const metaFile = `${file}.json`;
  let meta = readMeta(metaFile);
  if (!meta || !existsSync(file)) {
    rmSync(file, { force: true });
    console.log(`building ${total.toLocaleString('en')} transactions with their funds history into ${file}`);
    const handle = createDb(`sqlite:${file}`);
    const started = Date.now();
    const now = Date.now();
    await migrateToLatest(handle.db, handle.dialect);
    await ensureCurrencies(handle.db);
    const summary = await seedDemo(handle.db, now, { transactions: total, months: 6, merchantNo: '100001' });
    for (const line of summary.lines.slice(-2)) console.log(`  ${line}`);
    await handle.destroy();
    const buildSeconds = (Date.now() - started) / 1000;
    meta = { now, total, main: total, seed: 1, buildSeconds, rowsPerSecond: total / buildSeconds } satisfies BuiltMeta;
    writeFileSync(metaFile, JSON.stringify(meta));
  }
  const url = `sqlite:${file}`;
  const handle = createDb(url);
  const config = { ...loadConfig({}, os.tmpdir()), databaseUrl: url, logLevel: 'silent' as const, webDist: path.join(os.tmpdir(), 'none') };
  const app: FastifyInstance = await buildApp({ config, db: handle.db });
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: `${API_BASE}/admin/login`, headers: HEADERS, payload: SIGN_IN });
    const token = (login.json() as { data: { token: string } }).data.token;
    const get = async <T>(p: string, query: Record<string, string> = {}): Promise<T> => {
      const res = await app.inject({ method: 'GET', url: `${API_BASE}${p}`, query, headers: { ...HEADERS, 'x-auth-token': token } });
      const body = res.json() as { code: number; msg: string; data: T };
      if (res.statusCode !== 200 || body.code !== 0) throw new Error(`${p}: HTTP ${res.statusCode} ${body.msg}`);
      return body.data;
    };
    const time = async (what: string, target: number, run: () => Promise<unknown>) => {
      for (let i = 0; i < 3; i += 1) await run();
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const t = performance.now();
        await run();
        ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      const p95 = pct(ms, 95);
      record('sqlite', what, `p50 ${pct(ms, 50).toFixed(2)} ms  p95 ${p95.toFixed(2)} ms`, `p95 <= ${target} ms`, p95 <= target);
    };
    const today = settlementDayOf(meta.now);
    const range = { from: addDays(today, -6), to: today };
    await time('account summary', 5, () => get(FundsPath.summary));
    await time('recorded entries: first page (7 days)', 10, () => get(FundsPath.entryList, range));
    const first = await get<{ nextCursor: string | null }>(FundsPath.entryList, range);
    await time('recorded entries: next page (cursor)', 10, () => get(FundsPath.entryList, { ...range, after: first.nextCursor ?? '' }));
    const batches = await get<{ list: { batchNo: string; txCount: number }[] }>(FundsPath.batchList, range);
    const batch = batches.list.find((b) => b.txCount > 0);
    if (batch) await time(`batch breakdown (${batch.txCount} transactions)`, 10, () => get(batchItemsPath(batch.batchNo)));

    // One day's settlement of merchant 100001: the first business day after the data's "now" that has
    // no batch yet (a re-run of the bench settles the next one).
    let day = addDays(today, 1);
    const settled = await handle.db.selectFrom('settlement_batches').select('settle_date').distinct().execute();
    const done = new Set(settled.map((b) => b.settle_date));
    while (!isBusinessDay(day) || done.has(day)) day = addDays(day, 1);
    const t0 = performance.now();
    const run = await runSettlement(handle.db, day, Date.parse(`${day}T00:00:00Z`));
    const seconds = (performance.now() - t0) / 1000;
    record(
      'sqlite',
      `settlement of ${day} (${run.batches} batches)`,
      `${seconds.toFixed(2)} s  ${Math.round(run.transactions / Math.max(seconds, 0.001)).toLocaleString('en')} transactions/s (${run.transactions.toLocaleString('en')})`,
      '',
      null,
    );
    const t1 = performance.now();
    const v = await verifyLedger(handle.db);
    record(
      'sqlite',
      'ledger:verify, whole database',
      `${((performance.now() - t1) / 1000).toFixed(2)} s  ${v.entries.toLocaleString('en')} entries, ${v.problems.length} problems`,
      '',
      v.problems.length === 0,
    );
  } finally {
    await app.close();
    await handle.destroy();
  }
  printSummary();
}
