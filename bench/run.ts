// `npm run bench -- <name>`: benchmarks that print figures. They are measurements, not tests:
// these machines are noisy, so nothing here passes or fails on a timing. Without a name: `lists`, the
// list screens asked as merchants ask while payments arrive (issue 46 §1).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/pg.mjs';
import { COMPILED_SERVER, buildServer } from './bench-server';
import { exportAb } from './export-ab';
import { exportProfile } from './export-profile';
import { funds } from './funds';
import { serverBench } from './server';
import { http } from './http';
import { lighthouseBench } from './lighthouse';
import { lists } from './lists';
import { searchBench } from './search';
import { transactions } from './transactions';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Started = { baseURL: string; stop: () => void };

/** Starts the API on a fresh SQLite file with the demo data, as `npm start` would (without the web build). */
async function startServer(): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mbo-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  buildServer();
  const child = spawn('node', COMPILED_SERVER, { cwd: repoRoot, env, stdio: 'ignore', detached: true });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/v3api/admin/getInfo`)).status === 401) break;
    } catch {
      /* not yet listening */
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    stop: () => {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Sends `total` requests with `concurrency` in flight and prints throughput and latency. */
async function load(label: string, total: number, concurrency: number, send: () => Promise<Response>): Promise<void> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t = performance.now();
        const res = await send();
        await res.arrayBuffer();
        if (!res.ok) failures += 1;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} ${String(total).padStart(6)} req  ${(total / seconds).toFixed(0).padStart(6)} req/s  ` +
      `p50 ${percentile(latencies, 50).toFixed(2)} ms  p95 ${percentile(latencies, 95).toFixed(2)} ms  p99 ${percentile(latencies, 99).toFixed(2)} ms` +
      (failures ? `  (${failures} non-2xx)` : ''),
  );
}

async function session(): Promise<void> {
  const server = await startServer();
  try {
    const login = async (): Promise<Response> =>
      fetch(`${server.baseURL}/v3api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang: 'en_US' },
        body: JSON.stringify({ merchantNo: '100001', loginName: 'admin', password: 'Admin@2026' }),
      });
    const first = (await (await login()).json()) as { data: { token: string } };
    const token = first.data.token;
    const headers = { 'X-Auth-Token': token, lang: 'en_US', timezone: 'Asia/Shanghai' };
    console.log(`API on SQLite, loopback, ${os.cpus().length} cores, Node ${process.version}`);
    await load('POST admin/login (argon2id)', 40, 4, login);
    await load('GET admin/getInfo', 5000, 50, () => fetch(`${server.baseURL}/v3api/admin/getInfo`, { headers }));
    await load('GET log/loginLogList (page 1)', 5000, 50, () =>
      fetch(`${server.baseURL}/v3api/log/loginLogList?page=1&limit=20`, { headers }),
    );
    await load('GET messageReminder/remind', 5000, 50, () => fetch(`${server.baseURL}/v3api/messageReminder/remind`, { headers }));
    await load('GET without token (401)', 5000, 50, () => fetch(`${server.baseURL}/v3api/admin/getInfo`));
  } finally {
    server.stop();
  }
}

// Options without a name are the default bench's (`npm run bench -- --only sqlite`).
const named = process.argv[2] !== undefined && !process.argv[2].startsWith('--');
const name = named ? process.argv[2]! : 'lists';
const rest = process.argv.slice(named ? 3 : 2);
const benches: Record<string, () => Promise<void>> = {
  lists: () => lists(rest),
  session,
  transactions: () => transactions(rest),
  funds: () => funds(rest),
  server: () => serverBench(rest),
  http: () => http(rest),
  'export-profile': () => exportProfile(rest),
  'export-ab': () => exportAb(rest),
  lighthouse: () => lighthouseBench(rest),
  search: () => searchBench(rest),
};
const bench = benches[name];
if (!bench) {
  console.error(`Unknown benchmark "${name}". Available: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
await bench();
