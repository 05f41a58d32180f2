import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE } from '@mbo/shared/api-paths';
import { freePort } from '../scripts/pg.mjs';
import { SERVER_NODE_ARGS, SOURCE_SERVER_NODE_ARGS } from '../scripts/server-command.mjs';
import { HEADERS, repoRoot, SIGN_IN } from './bench-figures';

/* The product started as `npm start` starts it, as a child on a loopback port, for measures over real HTTP. */

/** The compiled server as `npm start` runs it after `npm run build` (node arguments, from the repository root). */
export const COMPILED_SERVER = SERVER_NODE_ARGS;
/** The server from its TypeScript sources under the loader (`npm run dev`), for comparison. */
export const TSX_SERVER = SOURCE_SERVER_NODE_ARGS;

let built = false;
/**
 * Compiles the server once per bench run (about a second), so the figures are of the current sources;
 * MBO_BUILT=1 (as `npm test` sets it after its build) uses apps/server/dist as it is.
 */
export function buildServer(): void {
  if (built || process.env.MBO_BUILT === '1') return;
  execFileSync('node', [path.join('apps', 'server', 'build.mjs')], { cwd: repoRoot, stdio: 'inherit' });
  built = true;
}

export type Server = { baseURL: string; child: ChildProcess; stop: () => void };

export type StartOptions = {
  /** Built web app to serve (none by default: the API alone). */
  webDist?: string;
  /** Load the demo data into an empty database at start, as `npm start` does. */
  seed?: boolean;
  /** Another checkout whose server is already built, started instead of this one (export-ab.ts: a build before a change). */
  root?: string;
};

export async function startServer(databaseUrl: string, o: StartOptions = {}): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    SEED_ON_EMPTY: o.seed ? 'true' : 'false',
    WEB_DIST: o.webDist ?? path.join(os.tmpdir(), 'none'),
  };
  if (o.root === undefined) buildServer();
  const child = spawn('node', COMPILED_SERVER, { cwd: o.root ?? repoRoot, env, stdio: 'ignore', detached: true });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (o.seed ? 300_000 : 60_000);
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

export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** User + system CPU seconds in a /proc/<pid>/stat text (clock ticks of 10 ms). */
function statCpuSeconds(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** User + system CPU seconds of a process so far, all its threads. */
export function cpuSeconds(pid: number): number {
  try {
    return statCpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return 0;
  }
}

/** CPU seconds of every PostgreSQL process on this machine (its backends included), for an export's PostgreSQL share. */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += statCpuSeconds(stat);
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

export async function signIn(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}${API_BASE}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...HEADERS },
    body: JSON.stringify(SIGN_IN),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}
