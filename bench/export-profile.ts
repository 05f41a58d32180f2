// `npm run bench -- export-profile [--only sqlite|postgres] [--rows N] [--total N --main N --seed N]`:
// where the time of a transactions export goes, in-process on the transactions bench database (no
// HTTP, no socket), over the same newest-N-rows range as the export bench. Four passes over the same
// rows, each one step more than the last: read the rows only; + every column's cell value; the whole
// CSV into a sink; the whole XLSX (XML, CRC, deflate) into a sink. The differences are the steps' costs.
// For a function-level view run it under `node --cpu-prof` (see bench/RESULTS.md).
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
// The server's catalogs, so that status cells carry their labels as in a download.
import '../apps/server/src/messages';
import { createDb, type DialectName } from '../apps/server/src/db/database';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
// The transactions module declares its exports (defineExport) as it loads.
import '../apps/server/src/domains/transactions/routes';
import { iterateTransactions } from '../apps/server/src/domains/transactions/list-repository';
import { writeCsv } from '../apps/server/src/platform/export';
import { exportCells } from '../apps/server/src/platform/export-cells';
import { exportRouteOf } from '../apps/server/src/platform/export-route';
import { writeXlsx } from '../apps/server/src/platform/export-xlsx';
import { exportReaderFactory } from '../apps/server/src/platform/export-reader';
import { sessionScope } from '../apps/server/src/platform/scope';
import { repoRoot } from './bench-figures';
import { startKeptCluster } from './pg-cluster';
import { benchDataDir, buildBenchData, readMeta, sizeKey, type BenchSize } from './trade-data';
import { rangeFor } from './transactions-http';

type Options = BenchSize & { only: DialectName | null; rows: number; pgUrl: string | null };

function parse(args: string[]): Options {
  const o: Options = { total: 5_000_000, main: 2_000_000, seed: 1, only: null, rows: 1_000_000, pgUrl: null };
  for (let i = 0; i < args.length; i += 2) {
    const [k, v] = [args[i], args[i + 1] ?? ''];
    if (k === '--total') o.total = Number(v);
    else if (k === '--main') o.main = Number(v);
    else if (k === '--seed') o.seed = Number(v);
    else if (k === '--rows') o.rows = Number(v);
    else if (k === '--only' && (v === 'sqlite' || v === 'postgres')) o.only = v;
    else if (k === '--pg-url') o.pgUrl = v;
    else throw new Error(`unknown option ${k} (--rows N --only sqlite|postgres --pg-url URL --total N --main N --seed N)`);
  }
  return o;
}

function sink(): Writable & { bytes: number } {
  const w = new Writable({
    write(chunk: Buffer, _enc, cb) {
      w.bytes += chunk.length;
      cb();
    },
  }) as Writable & { bytes: number };
  w.bytes = 0;
  return w;
}

async function profile(dialect: DialectName, url: string, now: number, rows: number): Promise<void> {
  const handle = createDb(url);
  try {
    const m = await handle.db.selectFrom('merchants').select('id').where('merchant_no', '=', '100001').executeTakeFirstOrThrow();
    const range = await rangeFor(url, rows, now);
    const scope = sessionScope(m.id, 0, null);
    const timezone = 'Asia/Shanghai';
    const ctx = { scope, view: 'formal' as const, filter: { from: range.from, to: range.to, timeType: 'trade' as const }, timezone };
    const reader = exportReaderFactory(url);
    const batches = () => iterateTransactions(handle.db, ctx, { reader });
    const formal = exportRouteOf(TRANSACTION_VIEW_DEFS.formal.export);
    if (!formal) throw new Error('the formal transactions export is not declared');
    const columns = () => formal.columns(exportCells('en', timezone), { from: range.from, to: range.to, format: 'csv' });
    // CPU seconds of this process (all its threads: deflate runs on the libuv pool), steadier than wall time on a busy machine.
    const cpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1e6;
    };
    const line = (what: string, seconds: number, wall: number, extra = '') =>
      console.log(
        `  ${what.padEnd(22)} cpu ${seconds.toFixed(2).padStart(6)} s  ${(((seconds / range.count) * 1e6).toFixed(2) + ' us/row').padStart(14)}  wall ${wall.toFixed(2).padStart(6)} s  ${extra}`,
      );
    console.log(
      `${dialect}: ${range.count.toLocaleString('en')} rows (${range.from} .. ${range.to}), rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
    );

    let t = performance.now();
    let c0 = cpu();
    let n = 0;
    for await (const batch of batches()) n += batch.length;
    const read = cpu() - c0;
    line('read rows', read, (performance.now() - t) / 1000, `${n.toLocaleString('en')} rows`);

    t = performance.now();
    c0 = cpu();
    const cols = columns();
    let cells = 0;
    for await (const batch of batches()) for (const row of batch) for (const c of cols) if (c.value(row) !== null) cells += 1;
    if (cells === 0) console.log('  (no cells)');
    const values = cpu() - c0;
    line('read + cell values', values, (performance.now() - t) / 1000, `cells ${(values - read).toFixed(2)} s`);

    t = performance.now();
    c0 = cpu();
    const csvOut = sink();
    await writeCsv(csvOut, { columns: columns(), batches: batches() });
    const csv = cpu() - c0;
    line(
      'CSV into a sink',
      csv,
      (performance.now() - t) / 1000,
      `${(csvOut.bytes / 1e6).toFixed(0)} MB, text ${(csv - values).toFixed(2)} s, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
    );

    t = performance.now();
    c0 = cpu();
    const xlsxOut = sink();
    await writeXlsx(xlsxOut, { columns: columns(), batches: batches() });
    const xlsx = cpu() - c0;
    line(
      'XLSX into a sink',
      xlsx,
      (performance.now() - t) / 1000,
      `${(xlsxOut.bytes / 1e6).toFixed(0)} MB, XML + deflate ${(xlsx - values).toFixed(2)} s, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
    );
  } finally {
    await handle.destroy();
  }
}

export async function exportProfile(args: string[]): Promise<void> {
  const o = parse(args);
  const dir = benchDataDir(repoRoot);
  console.log(
    `export profile: ${os.cpus().length} cores, Node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (o.only !== 'postgres') {
    const key = sizeKey('sqlite', o);
    const url = `sqlite:${path.join(dir, `${key}.sqlite`)}`;
    const meta = readMeta(path.join(dir, `${key}.json`)) ?? (await buildBenchData(url, o, path.join(dir, `${key}.json`)));
    await profile('sqlite', url, meta.now, o.rows);
  }
  if (o.only !== 'sqlite' && o.pgUrl) {
    // An existing server (an empty database on it the first time): the data is built there once, its meta kept beside the others.
    const metaFile = path.join(dir, `${sizeKey('postgres', o)}-external.json`);
    const meta = readMeta(metaFile) ?? (await buildBenchData(o.pgUrl, o, metaFile));
    await profile('postgres', o.pgUrl, meta.now, o.rows);
  } else if (o.only !== 'sqlite') {
    const key = sizeKey('postgres', o);
    const meta = readMeta(path.join(dir, key, 'meta.json'));
    if (!meta) throw new Error(`no bench database ${key}: run npm run bench -- transactions first`);
    const cluster = await startKeptCluster(path.join(dir, key));
    try {
      await profile('postgres', cluster.url, meta.now, o.rows);
    } finally {
      cluster.stop();
    }
  }
}
