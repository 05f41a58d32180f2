// The server as a child process (\`main.ts\`), for the tests that stop or kill it during a load.
// It runs from the TypeScript sources under tsx: the API stages of `npm test` run before anything is built, and
// test the sources; the compiled server (`npm start`) is checked by the browser and cluster stages, kill -9 included.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import { HealthPath } from '../src/platform/health';
import type { AdminRow } from './factories';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One request on its own connection, so a refused connection and a cut answer can be told apart. */
export function post(
  port: number,
  urlPath: string,
  body: unknown,
  token: string | null,
  key?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `${API_BASE}${urlPath}`,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          connection: 'close',
          ...(token ? { 'x-auth-token': token } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (e) => reject(Object.assign(e, { afterHeaders: true })));
        res.on('aborted', () => reject(Object.assign(new Error('answer aborted'), { afterHeaders: true })));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function waitReady(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: `${API_BASE}${HealthPath.ready}`, agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready:\n${log()}`);
}

export type ServerProcess = { child: ChildProcess; exited: Promise<number | null>; log: () => string };

/** `main.ts` on its own database and data folder, without demo data; what it prints is kept for failure messages. */
export function startServer(o: { databaseUrl: string; dataDir: string; port: number; env?: NodeJS.ProcessEnv }): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('apps', 'server', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: o.databaseUrl,
      DATA_DIR: o.dataDir,
      PORT: String(o.port),
      HOST: '127.0.0.1',
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(o.dataDir, 'no-web'),
      ...o.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, log: () => output };
}

/** Signs the administrator in over HTTP, as the web app does; the session token. */
export async function signInOverHttp(port: number, admin: AdminRow): Promise<string> {
  const login = await post(
    port,
    ApiPath.login,
    { merchantNo: admin.merchant.merchantNo, loginName: admin.loginName, password: admin.password },
    null,
  );
  return (JSON.parse(login.text) as { data: { token: string } }).data.token;
}
