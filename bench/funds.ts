// `npm run bench -- funds [--only sqlite|postgres] [--runs N]`: the Funds menu at scale (issue 9 §6) on
// the transactions bench's 5M database (bench/trade-data.ts: merchant 100001 with 2M transactions in 6
// months and its funds history from seedDemo, 30 bench merchants with 3M over 12 months), built or
// reused under bench/.data exactly as `npm run bench -- transactions` does. The bench merchants' funds
// history is written once by `ledger:backfill` (the same replay, merchant by merchant), so the ledger
// covers every transaction of the database. Then, per dialect: the account summary, the recorded-entry
// list (first and next page), a batch's breakdown, each timed through the API (app.inject, session
// included) and as the service call alone; one day's settlement of merchant 100001; ledger:verify of
// the whole database.
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import { batchItemsPath, FundsPath } from '@mbo/shared/funds';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb, type DialectName } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { backfillLedger } from '../apps/server/src/seed/demo-funds';
import { BulkWriter } from '../apps/server/src/seed/trade-bulk-writer';
import { verifyLedger } from '../apps/server/src/domains/funds/ledger';
import * as repo from '../apps/server/src/domains/funds/repository';
import { addDays, isBusinessDay, runSettlement, settlementDayOf } from '../apps/server/src/domains/funds/settlement';
import { fundsSummary } from '../apps/server/src/domains/funds/summary';
import { sessionScope } from '../apps/server/src/platform/scope';
import { dayRangeInZone } from '../apps/server/src/platform/time';
import { HEADERS, pct, printSummary, record, repoRoot, SIGN_IN } from './bench-figures';
import { startKeptCluster } from './pg-cluster';
import { benchDataDir, buildBenchData, readMeta, sizeKey, type BenchSize, type BuiltMeta } from './trade-data';
import { emptyDatabase } from './transactions';

type Options = BenchSize & { only: DialectName | null; runs: number; backfill: boolean };

function parse(args: string[]): Options {
  const o: Options = { total: 5_000_000, main: 2_000_000, seed: 1, only: null, runs: 200, backfill: true };
  for (let i = 0; i < args.length; i += 2) {
    const [k, v] = [args[i], args[i + 1] ?? ''];
    if (k === '--total') o.total = Number(v);
    else if (k === '--main') o.main = Number(v);
    else if (k === '--seed') o.seed = Number(v);
    else if (k === '--runs') o.runs = Number(v);
    else if (k === '--only' && (v === 'sqlite' || v === 'postgres')) o.only = v;
    else if (k === '--backfill' && (v === 'yes' || v === 'no')) o.backfill = v === 'yes';
    else throw new Error(`unknown option ${k} (--total N --main N --seed N --runs N --only sqlite|postgres --backfill yes|no)`);
  }
  if (!(o.main > 0 && o.total >= o.main)) throw new Error('--main must be positive and at most --total');
  return o;
}

const LEDGER_TABLES = [
  'ledger_accounts',
  'ledger_transactions',
  'ledger_entries',
  'settlement_batches',
  'settlement_items',
  'reserve_holds',
];

/**
 * The transactions bench's database (built if missing), migrated to the latest schema, with a funds
 * history for every merchant (ledger:backfill of those without one), then fresh planner statistics.
 */
async function prepare(dialect: DialectName, url: string, metaFile: string, o: Options): Promise<BuiltMeta> {
  let meta = readMeta(metaFile);
  if (meta)
    console.log(`${dialect}: reusing the database built ${new Date(meta.now).toISOString()} (${meta.buildSeconds.toFixed(0)} s to build)`);
  else {
    await emptyDatabase(dialect, url);
    console.log(`${dialect}: building ${o.total.toLocaleString('en')} transactions (${o.main.toLocaleString('en')} for merchant 100001)`);
    meta = await buildBenchData(url, o, metaFile);
  }
  const handle = createDb(url);
  try {
    const started = Date.now();
    const applied = await migrateToLatest(handle.db, handle.dialect);
    if (applied.length > 0) console.log(`  applied ${applied.join(', ')} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const missing = !o.backfill
      ? []
      : await handle.db
          .selectFrom('merchants as m')
          .select(['m.id', 'm.merchant_no'])
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('ledger_accounts as a').select('a.id').whereRef('a.merchant_id', '=', 'm.id'))),
          )
          .where(({ exists, selectFrom }) => exists(selectFrom('transactions as t').select('t.id').whereRef('t.merchant_id', '=', 'm.id')))
          .orderBy('m.id')
          .execute();
    if (missing.length > 0) {
      const t0 = Date.now();
      let entries = 0;
      let batches = 0;
      for (const m of missing) {
        // One merchant at a time: the replay holds its merchant's history in memory.
        const r = await backfillLedger(handle.db, meta.now, m.id);
        entries += r.entries;
        batches += r.batches;
      }
      const seconds = (Date.now() - t0) / 1000;
      console.log(`  ledger:backfill of ${missing.length} merchants: ${batches} batches, ${entries.toLocaleString('en')} entries`);
      record(
        dialect,
        `ledger:backfill of the ${missing.length} bench merchants`,
        `${seconds.toFixed(0)} s  ${Math.round(entries / seconds).toLocaleString('en')} entries/s`,
        '',
        null,
      );
    }
    if (applied.length > 0 || missing.length > 0) await new BulkWriter(handle.db, handle.dialect).analyze(LEDGER_TABLES);
    if (handle.dialect === 'postgres' && missing.length > 0) await sql`vacuum analyze ledger_entries`.execute(handle.db);
  } finally {
    await handle.destroy();
  }
  return meta;
}

async function measure(dialect: DialectName, url: string, meta: BuiltMeta, runs: number): Promise<void> {
  const handle = createDb(url);
  const db = handle.db;
  const config = { ...loadConfig({}, os.tmpdir()), databaseUrl: url, logLevel: 'silent' as const, webDist: path.join(os.tmpdir(), 'none') };
  const app: FastifyInstance = await buildApp({ config, db });
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
    const time = async (what: string, target: number | null, run: () => Promise<unknown>) => {
      for (let i = 0; i < 5; i += 1) await run();
      const ms: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const t = performance.now();
        await run();
        ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      const p95 = pct(ms, 95);
      record(
        dialect,
        what,
        `p50 ${pct(ms, 50).toFixed(2)} ms  p95 ${p95.toFixed(2)} ms`,
        target === null ? '' : `p95 <= ${target} ms`,
        target === null ? null : p95 <= target,
      );
    };

    const merchant = await db.selectFrom('merchants').select('id').where('merchant_no', '=', SIGN_IN.merchantNo).executeTakeFirstOrThrow();
    const admin = await db
      .selectFrom('admins')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('login_name', '=', SIGN_IN.loginName)
      .executeTakeFirstOrThrow();
    // What the demo administrator's session carries (owner, every gateway).
    const scope = sessionScope(merchant.id, admin.id, null);
    const today = settlementDayOf(meta.now);
    const range = { from: addDays(today, -6), to: today };
    const zone = HEADERS.timezone;
    const paging = { page: 1, limit: 20 };

    // The floor every API figure below includes: a signed-in GET that reads no funds data (session,
    // permissions, inject, serialization).
    await time('floor: GET admin/getInfo (API)', null, () => get(ApiPath.getInfo));
    await time('account summary (API)', 5, () => get(FundsPath.summary));
    await time('account summary (service call)', null, () => fundsSummary(db, scope));

    const first = await get<{ nextCursor: string | null; total: number; capped: boolean }>(FundsPath.entryList, range);
    const after = first.nextCursor ?? '';
    await time('recorded entries: first page, 7 days (API)', 10, () => get(FundsPath.entryList, range));
    await time('recorded entries: next page (API)', 10, () => get(FundsPath.entryList, { ...range, page: '2', after }));
    const r = dayRangeInZone(range.from, range.to, zone);
    await time('recorded entries: first page (service call)', null, () => repo.listEntries(db, scope, { ...range, ...paging }, r));
    await time('recorded entries: next page (service call)', null, () =>
      repo.listEntries(db, scope, { ...range, page: 2, limit: 20, after }, r),
    );
    record(dialect, 'recorded entries: count of 7 days', `${first.total.toLocaleString('en')}${first.capped ? ' (capped)' : ''}`, '', null);

    const batches = await get<{ list: { batchNo: string; txCount: number }[] }>(FundsPath.batchList, range);
    const batch = [...batches.list].sort((a, b) => b.txCount - a.txCount)[0];
    if (batch) {
      await time(`batch breakdown, ${batch.txCount} transactions (API)`, 10, () => get(batchItemsPath(batch.batchNo)));
      await time('batch breakdown (service call)', null, async () => {
        const b = await repo.findBatch(db, scope, batch.batchNo);
        return repo.batchItems(db, Number(b?.id ?? 0), { limit: 20, offset: 0 });
      });
    }

    // One day's settlement of merchant 100001: the first business day after the data's "now" with no
    // batch of it yet (a re-run of the bench settles the next one).
    let day = addDays(today, 1);
    const settled = await db
      .selectFrom('settlement_batches')
      .select('settle_date')
      .where('merchant_id', '=', merchant.id)
      .distinct()
      .execute();
    const done = new Set(settled.map((b) => b.settle_date));
    while (!isBusinessDay(day) || done.has(day)) day = addDays(day, 1);
    const t0 = performance.now();
    const run = await runSettlement(db, day, Date.parse(`${day}T00:00:00Z`), merchant.id);
    const seconds = (performance.now() - t0) / 1000;
    record(
      dialect,
      `settlement of ${day}, merchant 100001 (${run.batches} batches)`,
      `${seconds.toFixed(2)} s  ${Math.round(run.transactions / Math.max(seconds, 0.001)).toLocaleString('en')} tx/s (${run.transactions.toLocaleString('en')} tx)`,
      '',
      null,
    );
    const withLedger = await db
      .selectFrom('ledger_accounts')
      .select(sql<number>`count(distinct merchant_id)`.as('n'))
      .executeTakeFirstOrThrow();
    const all = await db
      .selectFrom('merchants')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    record(dialect, 'merchants with a funds history', `${Number(withLedger.n)} of ${Number(all.n)}`, '', null);
    const t1 = performance.now();
    const v = await verifyLedger(db);
    record(
      dialect,
      'ledger:verify, whole database',
      `${((performance.now() - t1) / 1000).toFixed(1)} s  ${v.entries.toLocaleString('en')} entries, ${v.problems.length} problems`,
      '',
      v.problems.length === 0,
    );
  } finally {
    await app.close();
    await handle.destroy();
  }
}

export async function funds(args: string[]): Promise<void> {
  const o = parse(args);
  const dir = benchDataDir(repoRoot);
  console.log(
    `funds bench: ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (o.only !== 'postgres') {
    const key = sizeKey('sqlite', o);
    console.log(`\n== SQLite (bench/.data/${key}.sqlite)`);
    const url = `sqlite:${path.join(dir, `${key}.sqlite`)}`;
    const meta = await prepare('sqlite', url, path.join(dir, `${key}.json`), o);
    await measure('sqlite', url, meta, o.runs);
  }
  if (o.only !== 'sqlite') {
    const key = sizeKey('postgres', o);
    console.log(`\n== PostgreSQL (cluster in bench/.data/${key})`);
    const cluster = await startKeptCluster(path.join(dir, key));
    try {
      const meta = await prepare('postgres', cluster.url, path.join(dir, key, 'meta.json'), o);
      await measure('postgres', cluster.url, meta, o.runs);
    } finally {
      cluster.stop();
    }
  }
  console.log(
    `load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  printSummary();
}
