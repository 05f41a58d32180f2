// The server as a child process (\`main.ts\`), for the tests that stop or kill it during a load.
// It runs from the TypeScript sources under tsx: the API stages of `npm test` run before anything is built, and
// test the sources; the compiled server (`npm start`) is checked by the browser and cluster stages, kill -9 included.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import { HealthPath } from '../src/platform/health';
import { createAdmin, createGateway, createMerchant, createPerson, type AdminRow, type GatewayRow, type MerchantRow } from './factories';
import { forTestFile } from './for-test-file';
import { createTestDb, type TestDb } from './test-db';

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

/** A merchant with a USD gateway and its owner, in a database and data folder of their own that a server process can be started on. */
export type ServerWorld = {
  handle: TestDb;
  dataDir: string;
  merchant: MerchantRow;
  gateway: GatewayRow;
  owner: AdminRow;
};

/** The file's ServerWorld, made before its first test (`folderPrefix` names its data folder) and removed after its last. */
export function serverWorldForFile(folderPrefix: string): ServerWorld {
  return forTestFile(
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
      const handle = await createTestDb();
      const merchant = await createMerchant(handle.db);
      const gateway = await createGateway(handle.db, merchant, { currency: 'USD' });
      const owner = await createAdmin(handle.db, merchant, { personId: (await createPerson(handle.db)).id, isOwner: true });
      return { handle, dataDir, merchant, gateway, owner };
    },
    async ({ handle, dataDir }) => {
      await handle.cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { handle: true, dataDir: true, merchant: true, gateway: true, owner: true },
  );
}

/** What became of one request of a load: answered (the envelope's code, the number it made), refused, or cut mid-way. */
export type LoadOutcome =
  | { kind: 'answered'; code: number; createdNo: string | null; startedAt: number; endedAt: number; reason: string }
  | { kind: 'refused-connection'; reason: string }
  | { kind: 'cut'; reason: string; detail: string };

export type RequestError = NodeJS.ErrnoException & { afterHeaders?: boolean };

/**
 * `workers` clients, each sending one request after another (`send`, given a reason unique in the load) until
 * `stop()`; `failed` says what a request that raised an error was and whether that client stops there.
 * The outcomes are recorded in the order they end.
 */
export function startLoad(o: {
  workers: number;
  reasonPrefix: string;
  send: (reason: string) => Promise<{ status: number; text: string }>;
  createdNo: (data: Record<string, unknown>) => unknown;
  failed: (error: RequestError, reason: string) => { outcome: LoadOutcome; stop: boolean };
}): { outcomes: LoadOutcome[]; stop: () => Promise<void> } {
  let stopped = false;
  let seq = 0;
  const outcomes: LoadOutcome[] = [];
  const worker = async () => {
    while (!stopped) {
      seq += 1;
      const reason = `${o.reasonPrefix}-${seq}`;
      const startedAt = Date.now();
      try {
        const res = await o.send(reason);
        const body = JSON.parse(res.text) as { code: number; data: Record<string, unknown> | null };
        const createdNo = body.data ? o.createdNo(body.data) : undefined;
        outcomes.push({
          kind: 'answered',
          code: body.code,
          createdNo: typeof createdNo === 'string' ? createdNo : null,
          startedAt,
          endedAt: Date.now(),
          reason,
        });
      } catch (error) {
        const { outcome, stop } = o.failed(error as RequestError, reason);
        outcomes.push(outcome);
        if (stop) stopped = true;
      }
    }
  };
  const load = Promise.all(Array.from({ length: o.workers }, worker));
  return {
    outcomes,
    stop: async () => {
      stopped = true;
      await load;
    },
  };
}
