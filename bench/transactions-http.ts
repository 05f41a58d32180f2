import { API_BASE } from '@mbo/shared/api-paths';
import { createDb, type DialectName } from '../apps/server/src/db/database';
import { businessDay, businessDayRange } from '../apps/server/src/platform/rollups';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { DAY, EXPORT, filesInMemory, HEADERS, record } from './bench-figures';
import { cpuSeconds, postgresCpuSeconds, rssMb, signIn, startServer } from './bench-server';
import { httpFigures } from './http';
import type { BuiltMeta } from './trade-data';

/*
 * Measures over loopback HTTP against a server child: exports (CSV and XLSX, with the child's RSS
 * sampled, at two sizes to show memory stays flat) and the HTTP figures of http.ts.
 */

/** The business-day range whose formal rows of merchant 100001, newest first, number about `rows`. */
export async function rangeFor(url: string, rows: number, now: number): Promise<{ from: string; to: string; count: number }> {
  const handle = createDb(url);
  try {
    const m = await handle.db.selectFrom('merchants').select('id').where('merchant_no', '=', '100001').executeTakeFirstOrThrow();
    const edge = await handle.db
      .selectFrom('transactions')
      .select('created_at')
      .where('merchant_id', '=', m.id)
      .where('category', '=', 1)
      .orderBy('created_at', 'desc')
      .offset(rows - 1)
      .limit(1)
      .executeTakeFirst();
    // The day after the one holding the N-th newest row: just under N rows.
    const from = businessDay(Number(edge?.created_at ?? 0) + DAY);
    const to = businessDay(now);
    const { fromMs, toMs } = businessDayRange(from, to);
    const c = await handle.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('merchant_id', '=', m.id)
      .where('category', '=', 1)
      .where('created_at', '>=', fromMs)
      .where('created_at', '<', toMs)
      .executeTakeFirstOrThrow();
    return { from, to, count: Number(c.n) };
  } finally {
    await handle.destroy();
  }
}

/**
 * How much of the PostgreSQL database's files the page cache holds (its directory under the cluster's
 * base/), or null when that cannot be read: the SQLite bench reads its 5.7 GB file just before, and
 * a PostgreSQL export that then reads its rows from the disk took 10.9 s instead of 4.3-4.9.
 */
async function postgresInMemory(url: string): Promise<string | null> {
  const handle = createDb(url);
  try {
    const { rows } = await sql<{
      dir: string;
      oid: number;
    }>`select current_setting('data_directory') as dir, oid from pg_database where datname = current_database()`.execute(handle.db);
    const dir = path.join(rows[0]!.dir, 'base', String(rows[0]!.oid));
    return filesInMemory(
      readdirSync(dir).map((f) => path.join(dir, f)),
      "the database's files",
    );
  } catch {
    return null;
  } finally {
    await handle.destroy();
  }
}

/** One direct export over HTTP against a server child of this checkout, or of the built checkout `root`. */
export async function exportRun(
  dialect: DialectName,
  url: string,
  format: 'csv' | 'xlsx',
  range: { from: string; to: string; count: number },
  root?: string,
) {
  const server = await startServer(url, { root });
  try {
    // How much of the database the page cache holds as the export starts (a cold read waits for the disk).
    const cached = dialect === 'sqlite' ? filesInMemory([url.slice('sqlite:'.length)], 'the database file') : await postgresInMemory(url);
    if (cached && range.count > 500_000) console.log(`        (${format.toUpperCase()}: ${cached})`);
    const token = await signIn(server.baseURL);
    const pid = server.child.pid ?? 0;
    const idle = rssMb(pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 25);
    const cpu0 = cpuSeconds(pid);
    // PostgreSQL's share: the CPU of every postgres process of the machine (the bench's own cluster).
    const pg0 = dialect === 'postgres' ? postgresCpuSeconds() : 0;
    const t = performance.now();
    const res = await fetch(`${server.baseURL}${API_BASE}${EXPORT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': token, ...HEADERS },
      body: JSON.stringify({ from: range.from, to: range.to, format }),
    });
    let bytes = 0;
    let lines = 0;
    const reader = res.body?.getReader();
    for (;;) {
      const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
      if (chunk.done) break;
      bytes += chunk.value.length;
      // indexOf, not a loop over every byte: on two cores the client shares the CPU with the server, and
      // a loop over 250 MB took about 0.9 s of it.
      if (format === 'csv') for (let at = chunk.value.indexOf(10); at !== -1; at = chunk.value.indexOf(10, at + 1)) lines += 1;
    }
    const seconds = (performance.now() - t) / 1000;
    const cpu = cpuSeconds(pid) - cpu0;
    const pgCpu = dialect === 'postgres' ? postgresCpuSeconds() - pg0 : null;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    return { seconds, cpu, pgCpu, peak, idle, bytes, rows: format === 'csv' ? lines - 1 : range.count, status: res.status, dialect };
  } finally {
    server.stop();
  }
}

/**
 * The same export as a background job (apps/server/src/domains/exports): started, its list asked every
 * 250 ms (as Recent exports asks it every 2 s) until done, then the file downloaded. The time is from
 * the start to the file ready; the download's own time is printed beside it. The server's RSS is
 * sampled as for the direct export: its peak while the job runs, and apart while the file is downloaded.
 */
async function exportJobRun(url: string, format: 'csv' | 'xlsx', range: { from: string; to: string }) {
  const server = await startServer(url);
  try {
    const token = await signIn(server.baseURL);
    const pid = server.child.pid ?? 0;
    let peak = rssMb(pid);
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 25);
    const cpu0 = cpuSeconds(pid);
    const post = (path: string, body: unknown) =>
      fetch(`${server.baseURL}${API_BASE}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-token': token, ...HEADERS },
        body: JSON.stringify(body),
      });
    const t = performance.now();
    const started = (await (
      await post('/exportJob/start', { exportPath: EXPORT, screen: '/merTradeMgr/initTradeRecordPage', filters: range, format })
    ).json()) as { code: number; msg: string; data: { id: number } };
    if (started.code !== 0) throw new Error(`export job refused: ${started.msg}`);
    let job: { status: string; rowsWritten: number | null; size: number } | undefined;
    for (;;) {
      const list = (await (
        await fetch(`${server.baseURL}${API_BASE}/exportJob/list`, { headers: { 'x-auth-token': token, ...HEADERS } })
      ).json()) as { data: { list: { id: number; status: string; rowsWritten: number | null; size: number }[] } };
      job = list.data.list.find((j) => j.id === started.data.id);
      if (job && job.status !== 'queued' && job.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (performance.now() - t) / 1000;
    const cpu = cpuSeconds(pid) - cpu0;
    const made = Math.max(peak, rssMb(pid));
    peak = rssMb(pid);
    const d = performance.now();
    const file = await post('/exportJob/download', { id: started.data.id });
    let bytes = 0;
    // Counted as it comes, not gathered: the bench's own memory stays out of the figure's way.
    for await (const chunk of file.body ?? []) bytes += (chunk as Uint8Array).length;
    const download = (performance.now() - d) / 1000;
    clearInterval(sampler);
    const served = Math.max(peak, rssMb(pid));
    return { seconds, cpu, download, bytes, status: job.status, rows: job.rowsWritten, peak: made, downloadPeak: served };
  } finally {
    server.stop();
  }
}

export async function exports(dialect: DialectName, url: string, meta: BuiltMeta, million: number): Promise<void> {
  const small = await rangeFor(url, Math.round(million / 10), meta.now);
  const big = await rangeFor(url, million, meta.now);
  for (const format of ['csv', 'xlsx'] as const) {
    const a = await exportRun(dialect, url, format, small);
    const b = await exportRun(dialect, url, format, big);
    const ratio = b.peak / Math.max(a.peak, 1);
    const rate = b.rows / b.seconds;
    const label = `${format.toUpperCase()} export ${b.rows.toLocaleString('en')} rows`;
    // Issue 46 §5: the same rows as a background job, against the direct export above.
    const job = await exportJobRun(url, format, big);
    record(
      dialect,
      `${format.toUpperCase()} export job ${b.rows.toLocaleString('en')} rows`,
      `${job.seconds.toFixed(2)} s to ready (direct ${b.seconds.toFixed(2)} s)  cpu ${job.cpu.toFixed(1)} s (direct ${b.cpu.toFixed(1)} s)  download ${job.download.toFixed(2)} s  ${(job.bytes / 1e6).toFixed(0)} MB`,
      'as the direct export',
      job.status === 'done' && job.bytes === b.bytes,
    );
    record(
      dialect,
      `${format.toUpperCase()} export job peak, whole process`,
      `${job.peak.toFixed(0)} MB making the file (direct ${b.peak.toFixed(0)} MB), ${job.downloadPeak.toFixed(0)} MB serving it`,
      format === 'csv' ? '<= 200 MB' : '<= 250 MB',
      Math.max(job.peak, job.downloadPeak) <= (format === 'csv' ? 200 : 250),
    );
    // The server's CPU seconds for the export (all its threads) beside the wall time: on a busy machine the wall time is mostly waiting.
    const fig = `${b.seconds.toFixed(2)} s  ${Math.round(rate).toLocaleString('en')} rows/s  cpu ${b.cpu.toFixed(1)} s${b.pgCpu === null ? '' : ` + PostgreSQL ${b.pgCpu.toFixed(1)} s`}  peak ${b.peak.toFixed(0)} MB  ${(b.bytes / 1e6).toFixed(0)} MB out`;
    // Issue 13 §5: the time (CSV) or rate (XLSX), and the peak at a million rows against a tenth of them.
    if (format === 'csv') record(dialect, label, fig, '<= 5 s', b.status === 200 && b.seconds <= 5);
    else record(dialect, label, fig, '>= 80k rows/s', b.status === 200 && rate >= 80_000);
    record(
      dialect,
      `${format.toUpperCase()} RSS at ${a.rows.toLocaleString('en')} vs ${b.rows.toLocaleString('en')} rows`,
      `${a.peak.toFixed(0)} MB vs ${b.peak.toFixed(0)} MB: ratio ${ratio.toFixed(2)} (idle ${a.idle.toFixed(0)} MB)`,
      'ratio <= 1.5',
      ratio <= 1.5,
    );
    // The transaction menu's earlier budget of the whole process's peak (about 100 MB of it at rest),
    // printed apart from the issue's targets above.
    record(
      dialect,
      `${format.toUpperCase()} peak, whole process`,
      `${b.peak.toFixed(0)} MB`,
      format === 'csv' ? '<= 200 MB' : '<= 250 MB',
      b.peak <= (format === 'csv' ? 200 : 250),
    );
  }
}

/** Loopback throughput beside a hello-world and a static file, in one run (http.ts). */
export async function throughput(dialect: DialectName, url: string, seconds: number): Promise<void> {
  await httpFigures({ label: dialect, databaseUrl: url, seconds });
}
