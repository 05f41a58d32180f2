import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE } from '@mbo/shared/api-paths';
import { freePort } from '../scripts/pg.mjs';
import { HEADERS, repoRoot, SIGN_IN } from './bench-figures';

/* The product started as `npm start` starts it, as a child on a loopback port, for measures over real HTTP. */

export type Server = { baseURL: string; child: ChildProcess; stop: () => void };

export async function startServer(databaseUrl: string): Promise<Server> {
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

export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** User + system CPU seconds of a process so far, all its threads (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export async function signIn(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}${API_BASE}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...HEADERS },
    body: JSON.stringify(SIGN_IN),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}
