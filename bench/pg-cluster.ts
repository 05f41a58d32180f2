// A PostgreSQL cluster kept under bench/.data between runs, so a built benchmark database survives.
// (scripts/pg.mjs makes throwaway clusters; this one keeps its data directory.)
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../scripts/pg.mjs';

function findPgBin(): string | null {
  if (process.env.PG_BIN && existsSync(`${process.env.PG_BIN}/initdb`)) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(`${root}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${root}/${versions[0]}/bin` : null;
}

function asPostgres(cmd: string, args: string[]): void {
  // initdb refuses to run as root: run the server binaries as the postgres user then.
  if (process.getuid?.() === 0) {
    const quoted = [cmd, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
  } else execFileSync(cmd, args, { stdio: 'pipe' });
}

export type Cluster = { url: string; fresh: boolean; stop: () => void };

export async function startKeptCluster(dir: string): Promise<Cluster> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (install the postgresql package or set PG_BIN).');
  const data = path.join(dir, 'db');
  const fresh = !existsSync(path.join(data, 'PG_VERSION'));
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  if (fresh) asPostgres(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const opts = [
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    '-c shared_buffers=512MB',
    '-c maintenance_work_mem=512MB',
    '-c max_wal_size=8GB',
  ].join(' ');
  asPostgres(`${bin}/pg_ctl`, ['-D', data, '-l', path.join(dir, 'pg.log'), '-w', '-o', opts, 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    fresh,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        asPostgres(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
    },
  };
}
