// Starts the product exactly as the README does (`npm start`: build the web app and the server, then run
// the compiled server: migrate, seed, serve) on a free loopback port with its own data directory, and stops
// its whole process group afterwards. When `npm test` has already built both for the browser stages
// (MBO_BUILT=1), it runs `npm run serve`, the same command `npm start` runs after building.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailServer } from './mail-server';
import { repoRoot, resultsDir } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForServer(url: string, child: { exitCode: number | null }, command: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`npm ${command.join(' ')} exited with code ${child.exitCode}; see ${resultsDir}/server.log`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(resultsDir, { recursive: true });
  const port = await freePort();
  const smtpPort = await freePort();
  const stopMail = await startMailServer(smtpPort);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mbo-e2e-'));
  const log = openSync(path.join(resultsDir, 'server.log'), 'w');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // A quarter of the demo's 200,000 payments: every screen still has months of rows, pages to walk and
    // counts past the cheap limit ("more than N"), and the server is ready in 8 s instead of 32 s (its
    // start is on this stage's critical path). The README's `npm start` keeps the full demo.
    DEMO_TRANSACTIONS: '50000',
  };
  delete env.DATABASE_URL;
  // The test runner sets NODE_ENV=test (and its own markers); the product must start as a person starts it.
  for (const key of Object.keys(env)) if (key === 'NODE_ENV' || key.startsWith('VITEST')) delete env[key];
  const command = process.env.MBO_BUILT === '1' ? ['run', 'serve'] : ['start'];
  const child = spawn('npm', command, { cwd: repoRoot, env, detached: true, stdio: ['ignore', log, log] });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${baseURL}/version.json`, child, command, 180_000);
  } catch (err) {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
    await stopMail();
    throw err;
  }
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  return async () => {
    if (child.pid && child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already stopped */
      }
    }
    await stopMail();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
