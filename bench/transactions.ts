// `npm run bench -- transactions`: the Transaction menu at scale (issue §3). Builds (or reuses) a
// 5M-transaction database on SQLite and on PostgreSQL, then prints one table of figures beside
// their targets. API timings are server-side, through app.inject (no socket), p50/p95 over N runs;
// exports and throughput go over real loopback HTTP to a server child whose RSS is sampled.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { API_BASE } from '@mbo/shared/api-paths';
import { lastDateOfRange } from '@mbo/shared/date-range';
import { DashboardPath } from '@mbo/shared/dashboard';
import { ReportPath } from '@mbo/shared/reports';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb, type DialectName } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { BulkWriter } from '../apps/server/src/db/seed/trade-bulk-writer';
import { businessDay, businessDayRange } from '../apps/server/src/platform/rollups';
import { freePort } from '../scripts/pg.mjs';
import { startKeptCluster } from './pg-cluster';
import { benchDataDir, buildBenchData, readMeta, sizeKey, type BenchSize, type BuiltMeta } from './trade-data';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DAY = 86_400_000;
const SIGN_IN = { merchantNo: '100001', loginName: 'admin', password: 'Admin@2026' };
const HEADERS = { lang: 'en_US', timezone: 'Asia/Shanghai' };
const LIST = TRANSACTION_VIEW_DEFS.formal.list;
const EXPORT = TRANSACTION_VIEW_DEFS.formal.export;

type Row = { dialect: string; what: string; figure: string; target: string; pass: boolean | null };
const table: Row[] = [];
function record(dialect: string, what: string, figure: string, target: string, pass: boolean | null): void {
  table.push({ dialect, what, figure, target, pass });
  const mark = pass === null ? '    ' : pass ? 'pass' : 'MISS';
  console.log(`  ${mark}  ${what.padEnd(44)} ${figure.padEnd(40)} ${target}`);
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The newest 6-month range the filters accept, ending on the data's last business day. */
function sixMonths(now: number): { from: string; to: string } {
  const to = businessDay(now);
  let from = businessDay(Date.parse(`${to}T00:00:00Z`) - 184 * DAY);
  while (lastDateOfRange(from) < to) from = businessDay(Date.parse(`${from}T00:00:00Z`) + DAY + 8 * 3_600_000);
  return { from, to };
}

// ---------------------------------------------------------------------------------------------
// Server-side timings through app.inject

async function apiTimings(dialect: DialectName, url: string, meta: BuiltMeta, runs: number): Promise<void> {
  const handle = createDb(url);
  const config = { ...loadConfig({}, os.tmpdir()), databaseUrl: url, logLevel: 'silent' as const, webDist: path.join(os.tmpdir(), 'none') };
  const app: FastifyInstance = await buildApp({ config, db: handle.db });
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: `${API_BASE}/admin/login`, headers: HEADERS, payload: SIGN_IN });
    const token = (login.json() as { data: { token: string } }).data.token;
    const range = sixMonths(meta.now);
    const get = async (p: string, query: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url: `${API_BASE}${p}`, query, headers: { ...HEADERS, 'x-auth-token': token } });
      const body = res.json() as { code: number; msg: string; data: unknown };
      if (res.statusCode !== 200 || body.code !== 0) throw new Error(`${p}: HTTP ${res.statusCode} ${body.msg}`);
      return body.data;
    };
    const time = async (what: string, target: number | null, p: string, query: Record<string, string>) => {
      try {
        for (let i = 0; i < 3; i += 1) await get(p, query);
        const ms: number[] = [];
        for (let i = 0; i < runs; i += 1) {
          const t = performance.now();
          await get(p, query);
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
      } catch (error) {
        record(dialect, what, `error: ${(error as Error).message.slice(0, 60)}`, target === null ? '' : `p95 <= ${target} ms`, false);
      }
    };

    const base = { ...range, limit: '20' };
    const first = (await get(LIST, { ...base, page: '1' })) as {
      nextCursor: string | null;
      total: number;
      capped: boolean;
      list: Record<string, unknown>[];
    };
    const sample = first.list[7] ?? first.list[0] ?? {};
    await time('list: first page (6 months)', 10, LIST, { ...base, page: '1' });
    if (first.nextCursor) await time('list: next page (cursor)', 10, LIST, { ...base, page: '2', after: first.nextCursor });
    await time('list: page jump to page 2,000', 10, LIST, { ...base, page: '2000' });
    await time('list: page jump to page 20,000', 10, LIST, { ...base, page: '20000' });

    const str = (k: string) => String(sample[k] ?? '');
    const filters: [string, Record<string, string>][] = [
      ['gatewayNo', { gatewayNo: '10010002' }],
      ['tradeNo', { tradeNo: str('tradeNo') }],
      ['merchantOrderNo', { merchantOrderNo: str('merchantOrderNo') }],
      ['payStatus=3 (3-D refused)', { payStatus: '3' }],
      ['tradeType=2 (pre-auth)', { tradeType: '2' }],
      ['cardScheme=UNIONPAY', { cardScheme: 'UNIONPAY' }],
      ['currency=JPY', { currency: 'JPY' }],
      ['email', { email: str('email') }],
      ['ip', { ip: str('ip') }],
      ['cardFirst6', { cardFirst6: str('cardMasked').slice(0, 6) }],
      ['cardLast4', { cardLast4: str('cardMasked').slice(-4) }],
      ['amount 1000.00-1000.99', { amountMin: '1000.00', amountMax: '1000.99' }],
      ['refundStatus=1', { refundStatus: '1' }],
      ['chargebackStatus=1', { chargebackStatus: '1' }],
      ['retrievalStatus=1', { retrievalStatus: '1' }],
      ['rdrStatus=1', { rdrStatus: '1' }],
      ['ethocaStatus=1', { ethocaStatus: '1' }],
      ['appealStatus=2', { appealStatus: '2' }],
      ['timeType=process', { timeType: 'process' }],
      ['cardScheme=JCB + payStatus=2 + gateway', { cardScheme: 'JCB', payStatus: '2', gatewayNo: '10010003' }],
    ];
    for (const [label, q] of filters) await time(`filter: ${label}`, 15, LIST, { ...base, page: '1', ...q });
    record(dialect, 'count (first page total)', `${first.total.toLocaleString('en')}${first.capped ? ' (capped)' : ''}`, '', null);
    await time('count: rare filter, exact total (retrieval)', 15, LIST, { ...base, page: '1', retrievalStatus: '1' });

    await time('daily report, 6 months', 5, ReportPath.dailyList, { ...range, page: '1', limit: '50' });
    // Six calendar months, the current one included.
    const [ty, tm] = range.to.split('-').map(Number) as [number, number];
    const months = { from: new Date(Date.UTC(ty, tm - 6, 1)).toISOString().slice(0, 7), to: range.to.slice(0, 7) };
    await time('monthly report, 6 months', 5, ReportPath.monthList, months);
    await time('chargeback/refund statistics, 6 months', 5, ReportPath.chargebackRefundList, months);
    await time('scheme monitoring', 5, ReportPath.monitoring, {});
    await time('dashboard: today', 5, DashboardPath.tradeToday, {});
    await time('dashboard: history, 3 months (USD)', 5, DashboardPath.tradeHistory, { range: 'quarter', currency: 'USD' });
    await time('dashboard: deadlines', 5, DashboardPath.deadlines, {});
    await time('dashboard: monitoring', 5, DashboardPath.monitoring, {});
  } finally {
    await app.close();
    await handle.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// A server child over loopback: exports (with its RSS sampled) and throughput

type Server = { baseURL: string; child: ChildProcess; stop: () => void };

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    SEED_ON_EMPTY: 'false',
    WEB_DIST: path.join(os.tmpdir(), 'none'),
  };
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: repoRoot, env, stdio: 'ignore', detached: true });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}${API_BASE}/admin/getInfo`)).status === 401) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    child,
    stop: () => {
      if (child.pid) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          /* gone */
        }
      }
    },
  };
}

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function signIn(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}${API_BASE}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...HEADERS },
    body: JSON.stringify(SIGN_IN),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The business-day range whose formal rows of merchant 100001, newest first, number about `rows`. */
async function rangeFor(url: string, rows: number, now: number): Promise<{ from: string; to: string; count: number }> {
  const handle = createDb(url);
  try {
    const m = await handle.db.selectFrom('merchants').select('id').where('merchant_no', '=', '100001').executeTakeFirstOrThrow();
    const edge = await handle.db
      .selectFrom('transactions')
      .select('created_at')
      .where('merchant_id', '=', m.id)
      .where('category', '=', 1)
      .orderBy('created_at', 'desc')
      .offset(rows - 1)
      .limit(1)
      .executeTakeFirst();
    // The day after the one holding the N-th newest row: just under N rows.
    const from = businessDay(Number(edge?.created_at ?? 0) + DAY);
    const to = businessDay(now);
    const { fromMs, toMs } = businessDayRange(from, to);
    const c = await handle.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', m.id)
      .where('category', '=', 1)
      .where('created_at', '>=', fromMs)
      .where('created_at', '<', toMs)
      .executeTakeFirstOrThrow();
    return { from, to, count: Number(c.n) };
  } finally {
    await handle.destroy();
  }
}

async function exportRun(dialect: DialectName, url: string, format: 'csv' | 'xlsx', range: { from: string; to: string; count: number }) {
  const server = await startServer(url);
  try {
    const token = await signIn(server.baseURL);
    const pid = server.child.pid ?? 0;
    const idle = rssMb(pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 25);
    const t = performance.now();
    const res = await fetch(`${server.baseURL}${API_BASE}${EXPORT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': token, ...HEADERS },
      body: JSON.stringify({ from: range.from, to: range.to, format }),
    });
    let bytes = 0;
    let lines = 0;
    const reader = res.body?.getReader();
    for (;;) {
      const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
      if (chunk.done) break;
      bytes += chunk.value.length;
      if (format === 'csv') for (const b of chunk.value) if (b === 10) lines += 1;
    }
    const seconds = (performance.now() - t) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    return { seconds, peak, idle, bytes, rows: format === 'csv' ? lines - 1 : range.count, status: res.status, dialect };
  } finally {
    server.stop();
  }
}

async function exports(dialect: DialectName, url: string, meta: BuiltMeta, million: number): Promise<void> {
  const small = await rangeFor(url, Math.round(million / 10), meta.now);
  const big = await rangeFor(url, million, meta.now);
  for (const format of ['csv', 'xlsx'] as const) {
    const a = await exportRun(dialect, url, format, small);
    const b = await exportRun(dialect, url, format, big);
    const ratio = b.peak / Math.max(a.peak, 1);
    const rate = b.rows / b.seconds;
    const label = `${format.toUpperCase()} export ${b.rows.toLocaleString('en')} rows`;
    const fig = `${b.seconds.toFixed(2)} s  ${Math.round(rate).toLocaleString('en')} rows/s  peak ${b.peak.toFixed(0)} MB  ${(b.bytes / 1e6).toFixed(0)} MB out`;
    if (format === 'csv') record(dialect, label, fig, '<= 5 s, <= 200 MB', b.status === 200 && b.seconds <= 5 && b.peak <= 200);
    else record(dialect, label, fig, '>= 80k rows/s, <= 250 MB', b.status === 200 && rate >= 80_000 && b.peak <= 250);
    record(
      dialect,
      `${format.toUpperCase()} RSS at ${a.rows.toLocaleString('en')} vs ${b.rows.toLocaleString('en')} rows`,
      `${a.peak.toFixed(0)} MB vs ${b.peak.toFixed(0)} MB: ratio ${ratio.toFixed(2)} (idle ${a.idle.toFixed(0)} MB)`,
      format === 'csv' ? 'ratio <= 1.5' : '',
      format === 'csv' ? ratio <= 1.5 : null,
    );
  }
}

type Cannon = { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
function autocannon(url: string, headers: Record<string, string>, seconds: number): Cannon {
  const args = [path.join(repoRoot, 'node_modules/autocannon/autocannon.js'), '-c', '50', '-d', String(seconds), '--json'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const out = spawnSync('node', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out.stdout) as Cannon;
}

async function throughput(dialect: DialectName, url: string, meta: BuiltMeta, seconds: number): Promise<void> {
  const port = await freePort();
  const hello = spawn(
    'node',
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => ({ hello: 'world' })); await app.listen({ port: ${port}, host: '127.0.0.1' });`,
    ],
    { cwd: path.join(repoRoot, 'apps/server'), stdio: 'ignore', detached: true },
  );
  await new Promise((r) => setTimeout(r, 1500));
  let helloRps = 0;
  try {
    const h = autocannon(`http://127.0.0.1:${port}/`, {}, seconds);
    helloRps = h.requests.average;
    record(dialect, 'HTTP: Fastify hello-world', `${Math.round(helloRps).toLocaleString('en')} req/s  p99 ${h.latency.p99} ms`, '', null);
  } finally {
    if (hello.pid) process.kill(-hello.pid, 'SIGTERM');
  }
  const server = await startServer(url);
  try {
    const token = await signIn(server.baseURL);
    const range = sixMonths(meta.now);
    const r = autocannon(
      `${server.baseURL}${API_BASE}${LIST}?from=${range.from}&to=${range.to}&page=1&limit=20`,
      { 'x-auth-token': token, ...HEADERS },
      seconds,
    );
    const share = r.requests.average / Math.max(helloRps, 1);
    record(
      dialect,
      'HTTP: list endpoint, 50 connections',
      `${Math.round(r.requests.average).toLocaleString('en')} req/s (${(share * 100).toFixed(0)}%)  p99 ${r.latency.p99} ms${r.non2xx ? `  ${r.non2xx} non-2xx` : ''}`,
      '>= 40% of hello-world, p99 <= 50 ms',
      share >= 0.4 && r.latency.p99 <= 50 && r.non2xx === 0,
    );
  } finally {
    server.stop();
  }
}

// ---------------------------------------------------------------------------------------------

type Options = BenchSize & { only: DialectName | null; runs: number; httpSeconds: number };

function parse(args: string[]): Options {
  const o: Options = { total: 5_000_000, main: 2_000_000, seed: 1, only: null, runs: 50, httpSeconds: 10 };
  for (let i = 0; i < args.length; i += 2) {
    const [k, v] = [args[i], args[i + 1] ?? ''];
    if (k === '--total') o.total = Number(v);
    else if (k === '--main') o.main = Number(v);
    else if (k === '--seed') o.seed = Number(v);
    else if (k === '--runs') o.runs = Number(v);
    else if (k === '--http-seconds') o.httpSeconds = Number(v);
    else if (k === '--only' && (v === 'sqlite' || v === 'postgres')) o.only = v;
    else throw new Error(`unknown option ${k} (--total N --main N --seed N --runs N --http-seconds N --only sqlite|postgres)`);
  }
  if (!(o.main > 0 && o.total >= o.main)) throw new Error('--main must be positive and at most --total');
  return o;
}

async function benchDialect(dialect: DialectName, url: string, metaFile: string, o: Options): Promise<void> {
  let meta = readMeta(metaFile);
  if (meta) {
    console.log(`${dialect}: reusing the database built ${new Date(meta.now).toISOString()} (${meta.buildSeconds.toFixed(0)} s to build)`);
    await upgradeCached(url);
  } else {
    await emptyDatabase(dialect, url);
    console.log(
      `${dialect}: building ${o.total.toLocaleString('en')} transactions (${o.main.toLocaleString('en')} for merchant 100001 within 6 months)`,
    );
    meta = await buildBenchData(url, o, metaFile);
  }
  record(
    dialect,
    'build: generate + load + index + rollups',
    `${meta.buildSeconds.toFixed(0)} s  ${meta.rowsPerSecond.toLocaleString('en')} rows/s`,
    '',
    null,
  );
  await apiTimings(dialect, url, meta, o.runs);
  await exports(dialect, url, meta, Math.min(1_000_000, Math.round(o.main * 0.5)));
  await throughput(dialect, url, meta, o.httpSeconds);
}

/** A cached database built before the latest migrations gets them (new indexes), then fresh planner statistics. */
async function upgradeCached(url: string): Promise<void> {
  const handle = createDb(url);
  try {
    const started = Date.now();
    const applied = await migrateToLatest(handle.db, handle.dialect);
    if (applied.length > 0) {
      await new BulkWriter(handle.db, handle.dialect).analyze(['transactions']);
      console.log(`  applied ${applied.join(', ')} and analyzed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    await handle.destroy();
  }
}

/** A half-built database (no meta file) is thrown away before building again. */
async function emptyDatabase(dialect: DialectName, url: string): Promise<void> {
  if (dialect === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    return;
  }
  const handle = createDb(url);
  try {
    await sql`drop schema public cascade`.execute(handle.db);
    await sql`create schema public`.execute(handle.db);
  } finally {
    await handle.destroy();
  }
}

export async function transactions(args: string[]): Promise<void> {
  const o = parse(args);
  const dir = benchDataDir(repoRoot);
  console.log(`transactions bench: ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}`);
  if (o.only !== 'postgres') {
    const key = sizeKey('sqlite', o);
    console.log(`\n== SQLite (bench/.data/${key}.sqlite)`);
    await benchDialect('sqlite', `sqlite:${path.join(dir, `${key}.sqlite`)}`, path.join(dir, `${key}.json`), o);
  }
  if (o.only !== 'sqlite') {
    const key = sizeKey('postgres', o);
    console.log(`\n== PostgreSQL (cluster in bench/.data/${key})`);
    const cluster = await startKeptCluster(path.join(dir, key));
    try {
      await benchDialect('postgres', cluster.url, path.join(dir, key, 'meta.json'), o);
    } finally {
      cluster.stop();
    }
  }
  const misses = table.filter((r) => r.pass === false);
  console.log(
    `\n${table.filter((r) => r.pass).length} targets met, ${misses.length} missed${misses.length ? `: ${misses.map((m) => `${m.dialect} ${m.what}`).join('; ')}` : ''}`,
  );
}
