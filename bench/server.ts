// `npm run bench -- server [--runs N]`: the production server (issue 13 §8). Starts the server on a copy
// of a demo database, the compiled way (`node apps/server/dist/main.js`, what `npm start` runs) and the
// TypeScript-loader way (`node --import tsx apps/server/src/main.ts`, what `npm run dev` runs) in turns,
// and prints for each: the time from spawning the process to the first answer of /v3api/health/ready,
// and the resident memory (VmRSS of /proc/<pid>/status) once it has served a sign-in and a few signed-in
// requests and then sat idle for 3 s, and again after 30 s idle (`--idle SECONDS`), once V8's memory reducer
// has run its garbage collections on the idle process. Targets, compiled way: first answer <= 2 s, RSS <= 100 MB
// idle. The CPU time the process used until its first answer is printed beside the wall time: on a busy
// machine the wall time mostly measures the wait for a core.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE } from '@mbo/shared/api-paths';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { freePort } from '../scripts/pg.mjs';
import { HEADERS, pct, printSummary, record, repoRoot, SIGN_IN } from './bench-figures';
import { COMPILED_SERVER, TSX_SERVER, buildServer } from './bench-server';

const DEMO_DIR = path.join(repoRoot, 'bench', '.data', 'server-demo');
const DEMO_DB = path.join(DEMO_DIR, 'mbo.sqlite');
const SETTLE_MS = 3000;

/**
 * The demo database `npm start` creates on an empty data folder, made once and reused (copied for each
 * run). A kept one made before a newer migration is brought up to date first: the figures are those of a
 * server starting on a database at its own version, not of one running a migration at each start.
 */
async function ensureDemoDatabase(): Promise<void> {
  if (existsSync(DEMO_DB)) {
    const handle = createDb(`sqlite:${DEMO_DB}`);
    try {
      const applied = await migrateToLatest(handle.db, 'sqlite');
      if (applied.length) console.log(`demo database brought up to date: ${applied.join(', ')}`);
    } finally {
      await handle.destroy();
    }
    return;
  }
  const building = path.join(DEMO_DIR, 'building');
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  console.log('building the demo database once (bench/.data/server-demo, about 30 s)...');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: building, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const res = spawnSync('node', [path.join('apps', 'server', 'dist', 'seed.js')], { cwd: repoRoot, env, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('seeding the demo database failed');
  renameSync(path.join(building, 'mbo.sqlite'), DEMO_DB);
  rmSync(building, { recursive: true, force: true });
}

function status(pid: number): { rss: number; hwm: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** CPU time the process has used (user + system, every thread), from /proc/<pid>/stat in clock ticks of 10 ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

type Run = { startMs: number; cpuMs: number; settledMb: number; rssMb: number; peakMb: number };

async function once(args: readonly string[], idleMs: number): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mbo-bench-server-'));
  copyFileSync(DEMO_DB, path.join(dataDir, 'mbo.sqlite'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const key of Object.keys(env)) if (key === 'DATABASE_URL' || key === 'NODE_ENV' || key.startsWith('VITEST')) delete env[key];
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn('node', args, { cwd: repoRoot, env, stdio: 'ignore' });
  try {
    let startMs = 0;
    let startCpu = 0;
    while (!startMs) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error('server did not answer within 60 s');
      try {
        if ((await fetch(`${base}${API_BASE}/health/ready`)).ok) {
          startMs = performance.now() - started;
          startCpu = cpuMs(child.pid!);
        }
      } catch {
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    const login = await fetch(`${base}${API_BASE}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...HEADERS },
      body: JSON.stringify(SIGN_IN),
    });
    const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error('sign-in failed');
    const headers = { 'X-Auth-Token': token, ...HEADERS };
    for (const p of ['/admin/getInfo', '/messageReminder/remind', '/log/loginLogList?page=1&limit=20']) {
      await (await fetch(`${base}${API_BASE}${p}`, { headers })).arrayBuffer();
    }
    await (await fetch(`${base}/loginNew`, { headers: { accept: 'text/html' } })).arrayBuffer();
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const settled = status(child.pid!).rss;
    await new Promise((r) => setTimeout(r, Math.max(0, idleMs - SETTLE_MS)));
    const { rss, hwm } = status(child.pid!);
    return { startMs, cpuMs: startCpu, settledMb: settled, rssMb: rss, peakMb: hwm };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function serverBench(argv: string[]): Promise<void> {
  const runsAt = argv.indexOf('--runs');
  const runs = runsAt >= 0 ? Math.max(1, Number(argv[runsAt + 1]) || 1) : 3;
  const idleAt = argv.indexOf('--idle');
  const idleMs = (idleAt >= 0 ? Math.max(3, Number(argv[idleAt + 1]) || 30) : 30) * 1000;
  buildServer();
  await ensureDemoDatabase();
  const webBuilt = existsSync(path.join(repoRoot, 'apps', 'web', 'dist', 'index.html'));
  const [load1] = os.loadavg();
  console.log(
    `server start and idle memory: demo database (200,000 transactions, SQLite), ${runs} runs per way in turns, ` +
      `${os.cpus().length} cores, load ${load1!.toFixed(2)}, Node ${process.version}, web app ${webBuilt ? 'served from apps/web/dist' : 'not built (placeholder page)'}`,
  );
  const ways = [
    { name: 'compiled', args: COMPILED_SERVER, results: [] as Run[] },
    { name: 'tsx', args: TSX_SERVER, results: [] as Run[] },
  ];
  for (let i = 0; i < runs; i += 1) {
    for (const way of ways) {
      const r = await once(way.args, idleMs);
      way.results.push(r);
      console.log(
        `  ${way.name.padEnd(9)} run ${i + 1}: first answer ${r.startMs.toFixed(0)} ms (CPU ${r.cpuMs} ms), RSS ${r.settledMb.toFixed(1)} MB after 3 s, ${r.rssMb.toFixed(1)} MB after ${idleMs / 1000} s idle (peak ${r.peakMb.toFixed(1)} MB)`,
      );
    }
  }
  console.log(`\n  ${'    '}  ${'figure'.padEnd(44)} ${'p50 / p95 (min-max)'.padEnd(40)} target`);
  for (const way of ways) {
    const start = way.results.map((r) => r.startMs).sort((a, b) => a - b);
    const cpu = way.results.map((r) => r.cpuMs).sort((a, b) => a - b);
    const settled = way.results.map((r) => r.settledMb).sort((a, b) => a - b);
    const rss = way.results.map((r) => r.rssMb).sort((a, b) => a - b);
    const compiled = way.name === 'compiled';
    record(
      way.name,
      `start to first answer (${way.name})`,
      `${pct(start, 50).toFixed(0)} / ${pct(start, 95).toFixed(0)} ms (${start[0]!.toFixed(0)}-${start.at(-1)!.toFixed(0)})`,
      compiled ? '<= 2000 ms' : '',
      compiled ? pct(start, 95) <= 2000 : null,
    );
    record(
      way.name,
      `CPU time to first answer (${way.name})`,
      `${pct(cpu, 50).toFixed(0)} / ${pct(cpu, 95).toFixed(0)} ms (${cpu[0]!.toFixed(0)}-${cpu.at(-1)!.toFixed(0)})`,
      '',
      null,
    );
    record(
      way.name,
      `RSS 3 s after sign-in (${way.name})`,
      `${pct(settled, 50).toFixed(1)} / ${pct(settled, 95).toFixed(1)} MB (${settled[0]!.toFixed(1)}-${settled.at(-1)!.toFixed(1)})`,
      '',
      null,
    );
    record(
      way.name,
      `idle RSS, ${idleMs / 1000} s after sign-in (${way.name})`,
      `${pct(rss, 50).toFixed(1)} / ${pct(rss, 95).toFixed(1)} MB (${rss[0]!.toFixed(1)}-${rss.at(-1)!.toFixed(1)})`,
      compiled ? '<= 100 MB' : '',
      compiled ? pct(rss, 95) <= 100 : null,
    );
  }
  printSummary();
}
