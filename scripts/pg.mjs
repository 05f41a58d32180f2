// A throwaway PostgreSQL cluster on a loopback port, for one test or benchmark run.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findPgBin } from './system-deps.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function asPostgres(cmd, args) {
  // initdb refuses to run as root: run the server binaries as the postgres user then.
  if (process.getuid?.() === 0) {
    const quoted = [cmd, ...args].map((a) => `'${String(a).replaceAll("'", "'\\''")}'`).join(' ');
    return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
  }
  return execFileSync(cmd, args, { stdio: 'pipe' });
}

/** Starts a cluster and returns { url, stop }. `extraConf` are `-c name=value` server settings. */
export async function startPostgres({ extraConf = [] } = {}) {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (install the postgresql package or set PG_BIN).');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mbo-pg-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const port = await freePort();
  const data = path.join(dir, 'db');
  asPostgres(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const opts = [
    `-c listen_addresses=127.0.0.1`,
    `-p ${port}`,
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    ...extraConf.map((c) => `-c ${c}`),
  ].join(' ');
  asPostgres(`${bin}/pg_ctl`, ['-D', data, '-l', path.join(dir, 'pg.log'), '-w', '-o', opts, 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      asPostgres(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      /* already gone */
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop };
}
