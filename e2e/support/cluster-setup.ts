// The product as it runs in production with several nodes: a throwaway PostgreSQL cluster, three API
// nodes started together on an empty database (so the start-up lock is exercised: one migrates and
// seeds, the others wait), and Debian's nginx in front of them with the repository's own site file
// (deploy/nginx/merchant-back-office.conf, only its ports substituted). The browser journeys of this
// stage run through nginx; the scale-out spec also talks to each node directly and kills one with -9.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startPostgres } from '../../scripts/pg.mjs';
import { SERVER_NODE_ARGS } from '../../scripts/server-command.mjs';
import { startMailServer } from './mail-server';
import { repoRoot, resultsDir } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The API nodes behind nginx, in upstream order; the last one is the one the scale-out spec kills. */
    nodeURLs: string[];
    nodePids: number[];
    /**
     * This process's own control of the nodes, for cluster/rolling-restart.test.ts: POST /nodes/<i>/stop
     * sends SIGTERM and answers {exitCode, signal} once the node has exited; POST /nodes/<i>/start starts
     * it again with the environment it first had and answers {pid} once its readiness endpoint answers
     * 200 (nodePids is then updated for the files that run later). Only this process can see a node's
     * exit code, and a node it started is stopped by its teardown.
     */
    clusterControlURL: string;
    /** Set in this stage: operator commands run against it instead of DATA_DIR's SQLite file. */
    databaseUrl?: string;
  }
}

const NODES = 3;
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

async function waitFor(url: string, alive: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`process behind ${url} exited; see ${resultsDir}/cluster-*.log`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

type TNodeControl = {
  stop: (i: number) => Promise<{ exitCode: number | null; signal: string | null; wasRunning: boolean }>;
  start: (i: number) => Promise<{ pid: number }>;
};

/** The HTTP face of TNodeControl on a loopback port (see ProvidedContext.clusterControlURL). */
function controlServer(control: TNodeControl): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const m = /^\/nodes\/(\d+)\/(stop|start)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) {
      res.writeHead(404).end();
      return;
    }
    const i = Number(m[1]);
    (m[2] === 'stop' ? control.stop(i) : control.start(i)).then(
      (out) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out)),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err)),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })),
  );
}

/** The shipped site file with the test's ports, wrapped in a main configuration that runs from a temp folder. */
function nginxConfig(dir: string, listen: number, nodePorts: number[]): string {
  const site = readFileSync(path.join(repoRoot, 'deploy/nginx/merchant-back-office.conf'), 'utf8');
  // Each node gets the parameters the file gives its first server (max_fails, fail_timeout).
  const params = /^ {4}server 127\.0\.0\.1:\d+ ([^\n;]*);/m.exec(site)?.[1] ?? '';
  const servers = nodePorts.map((p) => `    server 127.0.0.1:${p} ${params};`).join('\n');
  const adapted = site
    .replace(/( {4}server 127\.0\.0\.1:\d+ [^\n]*\n)+/, `${servers}\n`)
    .replace(/listen \d+;/, `listen 127.0.0.1:${listen};`);
  if (!adapted.includes(`127.0.0.1:${nodePorts[0]}`) || !adapted.includes(`listen 127.0.0.1:${listen};`))
    throw new Error('deploy/nginx/merchant-back-office.conf no longer has the upstream servers and listen line this stage substitutes');
  writeFileSync(path.join(dir, 'site.conf'), adapted);
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}daemon on;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(NGINX)) throw new Error(`nginx not found at ${NGINX} (apt-get install nginx-light, or set NGINX_PATH)`);
  mkdirSync(resultsDir, { recursive: true });
  const work = mkdtempSync(path.join(os.tmpdir(), 'mbo-cluster-'));
  const children: ChildProcess[] = [];
  let pg: { url: string; stop: () => void } | undefined;
  let stopMail: (() => Promise<void>) | undefined;
  let nginxStarted = false;
  let control: Server | undefined;

  const teardown = async () => {
    for (const c of children) {
      try {
        if (c.pid && c.exitCode === null) process.kill(-c.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    if (nginxStarted) {
      try {
        execFileSync(NGINX, ['-c', path.join(work, 'nginx.conf'), '-s', 'stop'], { stdio: 'ignore' });
      } catch {
        /* already stopped */
      }
    }
    control?.close();
    pg?.stop();
    await stopMail?.();
    rmSync(work, { recursive: true, force: true });
  };

  try {
    // The web app and the server, built once (or already built by `npm test` for both browser stages).
    if (process.env.MBO_BUILT !== '1') execFileSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
    pg = await startPostgres();
    const smtpPort = await freePort();
    stopMail = await startMailServer(smtpPort);
    const listen = await freePort();
    const baseURL = `http://127.0.0.1:${listen}`;
    const ports: number[] = [];
    for (let i = 0; i < NODES; i += 1) ports.push(await freePort());

    // All nodes at once on the empty database, each with a data folder of its own: nothing may rely on a shared disk.
    const envs: NodeJS.ProcessEnv[] = [];
    const spawnNode = (i: number, logFlags: 'w' | 'a'): ChildProcess => {
      const log = openSync(path.join(resultsDir, `cluster-node-${i}.log`), logFlags);
      // The compiled server as `npm start` runs it, as a direct child so that its pid is the node process's.
      return spawn('node', SERVER_NODE_ARGS, {
        cwd: repoRoot,
        env: envs[i],
        detached: true,
        stdio: ['ignore', log, log],
      });
    };
    ports.forEach((port, i) => {
      const dataDir = path.join(work, `node-${i}`);
      mkdirSync(dataDir);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: pg!.url,
        DATABASE_POOL_MAX: '8',
        // nginx connects to the nodes from the loopback address: its X-Forwarded-For alone is believed.
        TRUST_PROXY: '127.0.0.1',
        APP_URL: baseURL,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        // The journeys here make the rows they look at (operator commands); the demo's volume is the
        // single-node stage's concern. A tenth of it keeps every screen populated; loading it took 11 s
        // instead of 85 s for 200,000 transactions and their ledger on PostgreSQL.
        DEMO_TRANSACTIONS: '20000',
        // Asked for, not left to the default (off with NODE_ENV=production): the journeys sign in as the demo owner.
        SEED_ON_EMPTY: 'true',
        // Node 0 reads exports of more than 500 rows with its worker threads, node 1 on its API thread
        // alone (cluster/exports.test.ts compares them); node 2 keeps the defaults.
        ...(i === 0 ? { EXPORT_SLICE_ROWS: '500' } : i === 1 ? { EXPORT_WORKERS: '0' } : {}),
      };
      for (const key of Object.keys(env)) if (key === 'NODE_ENV' || key.startsWith('VITEST')) delete env[key];
      envs.push(env);
      children.push(spawnNode(i, 'w'));
    });
    await Promise.all(
      ports.map((port, i) => waitFor(`http://127.0.0.1:${port}/v3api/health/ready`, () => children[i]!.exitCode === null, 300_000)),
    );

    writeFileSync(path.join(work, 'nginx.conf'), nginxConfig(work, listen, ports));
    execFileSync(NGINX, ['-c', path.join(work, 'nginx.conf'), '-t'], { stdio: 'pipe' });
    execFileSync(NGINX, ['-c', path.join(work, 'nginx.conf')], { stdio: 'inherit' });
    nginxStarted = true;
    await waitFor(`${baseURL}/version.json`, () => true, 20_000);

    project.provide('baseURL', baseURL);
    project.provide('dataDir', path.join(work, 'node-0'));
    project.provide('databaseUrl', pg.url);
    project.provide(
      'nodeURLs',
      ports.map((p) => `http://127.0.0.1:${p}`),
    );
    project.provide(
      'nodePids',
      children.map((c) => c.pid ?? 0),
    );
    const node = (i: number): ChildProcess => {
      const c = children[i];
      if (!c) throw new Error(`no node ${i}`);
      return c;
    };
    const started = await controlServer({
      async stop(i) {
        const c = node(i);
        if (c.exitCode !== null || c.signalCode !== null) return { exitCode: c.exitCode, signal: c.signalCode, wasRunning: false };
        const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
        c.kill('SIGTERM');
        await exited;
        return { exitCode: c.exitCode, signal: c.signalCode, wasRunning: true };
      },
      async start(i) {
        const old = node(i);
        if (old.exitCode === null && old.signalCode === null) return { pid: old.pid ?? 0 };
        const c = spawnNode(i, 'a');
        children[i] = c;
        await waitFor(`http://127.0.0.1:${ports[i]}/v3api/health/ready`, () => c.exitCode === null, 120_000);
        project.provide(
          'nodePids',
          children.map((x) => x.pid ?? 0),
        );
        return { pid: c.pid ?? 0 };
      },
    });
    control = started.server;
    project.provide('clusterControlURL', started.url);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
