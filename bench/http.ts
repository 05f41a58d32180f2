import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import { createDb } from '../apps/server/src/db/database';
import { freePort } from '../scripts/pg.mjs';
import { HEADERS, LIST, record, repoRoot, sixMonths } from './bench-figures';
import { signIn, startServer } from './bench-server';

/*
 * Requests per second over loopback HTTP, 50 connections, all in one run so that every ratio is taken
 * side by side (issue 13 §1, §9): a Fastify hello-world, a static file served by the product, the
 * trivial signed-in endpoint (GET messageReminder/remind) and the formal transactions list (6 months,
 * page 1 of 20), asked without and then with an Accept-Encoding as a browser sends it. The load generator is autocannon in its own process (cannon.mjs).
 */

/** Seconds of unmeasured load before each measured run. */
const WARM_SECONDS = 4;

export type Latency = { n: number; p50: number; p95: number; p99: number };
export type Cannon = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** With `queries`: the response times of the asks that used each filter (cannon.mjs). */
  byFilter?: Record<string, Latency>;
};
/** More of cannon.mjs's options: `queries`, a file of asks to walk through (lists.ts). */
export type CannonMore = { queries?: string };

/**
 * One load run of cannon.mjs in a child process. Not a synchronous spawn: the bench process goes on
 * meanwhile (the payment writer of lists.ts records payments during the run).
 */
export function cannon(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = 50,
  unique = false,
  more: CannonMore = {},
): Promise<Cannon> {
  const options = JSON.stringify({ url, headers, seconds, connections, unique, ...more });
  const child = spawn('node', [path.join(repoRoot, 'bench/cannon.mjs'), options], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0) reject(new Error(`autocannon failed: ${stderr}`));
      else resolve(JSON.parse(stdout) as Cannon);
    });
  });
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

export async function helloWorld(seconds: number): Promise<Cannon> {
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
  try {
    const deadline = Date.now() + 20_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error('hello-world did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    await cannon(`http://127.0.0.1:${port}/`, {}, 2);
    return await cannon(`http://127.0.0.1:${port}/`, {}, seconds);
  } finally {
    if (hello.pid) process.kill(-hello.pid, 'SIGTERM');
  }
}

/** A built web app of two files: what the product's static serving is measured on (a 2 KB hashed asset). */
function tinyWebDist(): { dir: string; asset: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mbo-bench-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>bench</title></head><body></body></html>\n');
  writeFileSync(path.join(dir, 'assets', 'bench-3f2a9c.js'), `export const x = ${JSON.stringify('x'.repeat(2000))};\n`);
  return { dir, asset: '/assets/bench-3f2a9c.js' };
}

/** The 6 months ending on the day of merchant 100001's newest transaction. */
async function listRange(databaseUrl: string): Promise<{ from: string; to: string }> {
  const handle = createDb(databaseUrl);
  try {
    const row = await handle.db
      .selectFrom('transactions as t')
      .innerJoin('merchants as m', 'm.id', 't.merchant_id')
      .select((eb) => eb.fn.max('t.created_at').as('newest'))
      .where('m.merchant_no', '=', '100001')
      .executeTakeFirst();
    return sixMonths(Number(row?.newest ?? Date.now()));
  } finally {
    await handle.destroy();
  }
}

export type HttpRun = {
  /** Label of the figures (sqlite, postgres, demo). */
  label: string;
  databaseUrl: string;
  seconds: number;
  /** Load the demo data when the database is empty (the standalone run on a fresh file). */
  seed?: boolean;
};

export async function httpFigures(run: HttpRun): Promise<void> {
  const { label, seconds } = run;
  console.log(
    `  HTTP, 50 connections, ${seconds} s each, loopback, ${os.cpus().length} cores, Node ${process.version}; load average before: ${loadAverage()}`,
  );
  const hello = await helloWorld(seconds);
  const line = (c: Cannon) =>
    `${Math.round(c.rps).toLocaleString('en')} req/s  p50 ${c.p50.toFixed(1)}  p95 ${c.p95.toFixed(1)}  p99 ${c.p99.toFixed(1)} ms`;
  const share = (c: Cannon) => c.rps / Math.max(hello.rps, 1);
  const tail = (c: Cannon) => `${(share(c) * 100).toFixed(1)}%${c.non2xx || c.errors ? `  ${c.non2xx} non-2xx, ${c.errors} errors` : ''}`;
  record(label, 'HTTP: Fastify hello-world', line(hello), '', null);

  const web = tinyWebDist();
  const server = await startServer(run.databaseUrl, { webDist: web.dir, seed: run.seed === true });
  try {
    const token = await signIn(server.baseURL);
    const auth = { 'x-auth-token': token, ...HEADERS };
    const range = await listRange(run.databaseUrl);

    // Steady state: a started server first compiles its hot code, builds the API document when it starts
    // listening and runs its jobs' first pass; each endpoint is also warmed before it is measured.
    const warm = (url: string, headers: Record<string, string>) => cannon(url, headers, WARM_SECONDS);
    await new Promise((r) => setTimeout(r, 3000));
    await warm(`${server.baseURL}${web.asset}`, {});
    const file = await cannon(`${server.baseURL}${web.asset}`, {}, seconds);
    record(label, 'HTTP: static file (2 KB asset)', `${line(file)}  ${tail(file)}`, '', null);

    await warm(`${server.baseURL}${API_BASE}${ApiPath.reminders}`, auth);
    const remind = await cannon(`${server.baseURL}${API_BASE}${ApiPath.reminders}`, auth, seconds);
    record(
      label,
      'HTTP: GET messageReminder/remind (signed in)',
      `${line(remind)}  ${tail(remind)}`,
      '>= 40% of hello-world',
      share(remind) >= 0.4 && remind.non2xx === 0,
    );

    const listUrl = `${server.baseURL}${API_BASE}${LIST}?from=${range.from}&to=${range.to}&page=1&limit=20`;
    await warm(listUrl, auth);
    const list = await cannon(listUrl, auth, seconds);
    record(
      label,
      `HTTP: formal list ${range.from}..${range.to}`,
      `${line(list)}  ${tail(list)}`,
      '>= 10% of hello-world, p99 <= 50 ms',
      share(list) >= 0.1 && list.p99 <= 50 && list.non2xx === 0,
    );
    // The same page, each ask with a URL of its own: what a page asked for the first time costs.
    const fresh = await cannon(listUrl, auth, seconds, 50, true);
    record(label, 'HTTP: formal list, each ask new (not kept)', `${line(fresh)}  ${tail(fresh)}`, '', null);

    // The same page as a browser asks for it: the answer (about 15 KB) goes out compressed.
    const browser = { ...auth, 'accept-encoding': 'gzip, deflate, br' };
    await warm(listUrl, browser);
    const compressed = await cannon(listUrl, browser, seconds);
    record(label, 'HTTP: formal list, accept-encoding br', `${line(compressed)}  ${tail(compressed)}`, '', null);
    console.log(`  load average after: ${loadAverage()}`);
  } finally {
    server.stop();
    rmSync(web.dir, { recursive: true, force: true });
  }
}

/** `npm run bench -- http [--db URL] [--seconds N]`: on a fresh SQLite file with the demo data unless --db names a database. */
export async function http(args: string[]): Promise<void> {
  let databaseUrl: string | null = null;
  let seconds = 10;
  for (let i = 0; i < args.length; i += 2) {
    const [k, v] = [args[i], args[i + 1] ?? ''];
    if (k === '--db') databaseUrl = v;
    else if (k === '--seconds') seconds = Number(v);
    else throw new Error(`unknown option ${k} (--db URL --seconds N)`);
  }
  if (databaseUrl) {
    await httpFigures({ label: databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres', databaseUrl, seconds });
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mbo-bench-http-'));
  try {
    console.log('demo data on a fresh SQLite file (loaded at start)');
    await httpFigures({ label: 'demo', databaseUrl: `sqlite:${path.join(dataDir, 'mbo.sqlite')}`, seconds, seed: true });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
