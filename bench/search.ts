import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { API_BASE } from '@mbo/shared/api-paths';
import { SearchPath } from '@mbo/shared/search';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { createRng } from '../apps/server/src/seed/trade-rng';
import { HEADERS, machineProbe, pct, repoRoot, SIGN_IN } from './bench-figures';
import { startServer } from './bench-server';
import { readMeta, sizeKey } from './trade-data';

/*
 * `npm run bench -- search`: the search box (issue 48 §1, target p95 <= 100 ms on the 5M-row database).
 * Every ask is a new text of one kind, drawn from merchant 100001's own rows (trade and order numbers,
 * e-mails, card digits, refund, case, complaint, withdrawal, batch and tracking numbers, link keys,
 * websites, blacklist values), their beginnings, and values that exist nowhere, asked one at a time
 * over loopback HTTP as the demo administrator (who may open every screen). Per kind: p50/p95 and
 * both as a ratio of the baseline measured in the same run, a signed-in GET that reads nothing
 * (admin/getInfo): what the machine and HTTP cost before any search work. On the 5M bench database
 * when it has been built (bench/.data), else on the demo database; `--db URL` takes one as it is.
 */

type Options = { db: string | null; asks: number; seed: number };

function parse(args: string[]): Options {
  const o: Options = { db: null, asks: 200, seed: 7 };
  for (let i = 0; i < args.length; i += 2) {
    const [k, v] = [args[i], args[i + 1] ?? ''];
    if (k === '--db') o.db = v;
    else if (k === '--asks') o.asks = Number(v);
    else if (k === '--seed') o.seed = Number(v);
    else throw new Error(`unknown option ${k} (--db URL --asks N --seed N)`);
  }
  return o;
}

type Sample = Record<string, string[]>;

/** Values of merchant 100001's rows, read at random places of each table (by id), `n` of each. */
async function sampleValues(url: string, n: number, seed: number): Promise<Sample> {
  const handle = createDb(url);
  const rng = createRng(seed);
  const db = handle.db;
  try {
    const m = await db.selectFrom('merchants').select('id').where('merchant_no', '=', '100001').executeTakeFirstOrThrow();
    const pick = async (table: string, columns: string[]): Promise<Record<string, string>[]> => {
      const { rows: span } = await sql<{ lo: number; hi: number }>`select min(id) as lo, max(id) as hi from ${sql.table(table)}
        where merchant_id = ${m.id}`.execute(db);
      const lo = Number(span[0]?.lo ?? 0);
      const hi = Number(span[0]?.hi ?? 0);
      const out: Record<string, string>[] = [];
      for (let i = 0; i < n && hi > 0; i += 1) {
        const at = lo + Math.floor(rng.next() * (hi - lo + 1));
        // By the primary key alone: a merchant filter here makes SQLite walk the merchant's index and sort.
        const { rows } = await sql<Record<string, string | number>>`select merchant_id, ${sql.join(columns.map((c) => sql.ref(c)))}
          from ${sql.table(table)} where id >= ${at} order by id limit 50`.execute(db);
        const row = rows.find((r) => Number(r.merchant_id) === m.id);
        if (row) out.push(Object.fromEntries(columns.map((c) => [c, String(row[c])])));
      }
      return out;
    };
    const trades = await pick('transactions', ['trade_no', 'merchant_order_no', 'email', 'card_first6', 'card_last4']);
    const values = async (table: string, column: string) => (await pick(table, [column])).map((r) => String(r[column]));
    const missing = Array.from({ length: n }, (_, i) => `ZQ${Math.floor(rng.next() * 1e9)}${i}`);
    return {
      'trade no': trades.map((r) => r.trade_no ?? ''),
      'trade no, beginning': trades.map((r) => (r.trade_no ?? '').slice(0, 12)),
      'order no': trades.map((r) => r.merchant_order_no ?? ''),
      'e-mail': trades.map((r) => r.email ?? '').filter((e) => e !== ''),
      'card 6+4': trades.map((r) => `${r.card_first6}****${r.card_last4}`),
      'card first six': trades.map((r) => r.card_first6 ?? ''),
      'card last four': trades.map((r) => r.card_last4 ?? ''),
      'refund no': await values('refunds', 'refund_no'),
      'case no': await values('disputes', 'case_no'),
      'complaint no': await values('complaints', 'complaint_no'),
      'withdrawal no': await values('withdrawals', 'withdrawal_no'),
      'batch no': await values('settlement_batches', 'batch_no'),
      'tracking no': (await values('waybills', 'tracking_no')).filter((v) => v !== ''),
      'link key': await values('payment_links', 'link_key'),
      website: await values('websites', 'url'),
      'blacklist value': await values('blacklist_entries', 'value'),
      'missing code': missing,
      'missing e-mail': missing.map((x) => `${x.toLowerCase()}@nowhere.example`),
      'missing card': missing.map((_, i) => `${400000 + i}****${String(1000 + i).slice(-4)}`),
      ARN: missing.map((_, i) => String(10 ** 22 + i * 7919)),
    };
  } finally {
    await handle.destroy();
  }
}

async function timeAll(asks: string[], send: (q: string) => Promise<Response>): Promise<number[]> {
  const ms: number[] = [];
  for (const q of asks) {
    const t = performance.now();
    const res = await send(q);
    const body = (await res.json()) as { code: number; msg: string };
    ms.push(performance.now() - t);
    if (body.code !== 0) throw new Error(`search ${JSON.stringify(q)}: ${body.code} ${body.msg}`);
  }
  return ms.sort((a, b) => a - b);
}

export async function searchBench(args: string[]): Promise<void> {
  const o = parse(args);
  const key = sizeKey('sqlite', { total: 5_000_000, main: 2_000_000, seed: 1 });
  const built = readMeta(path.join(repoRoot, 'bench', '.data', `${key}.json`));
  let dir: string | null = null;
  let url = o.db;
  let data = 'the database given with --db';
  if (!url && built) {
    url = `sqlite:${path.join(repoRoot, 'bench', '.data', `${key}.sqlite`)}`;
    data = `5M bench database (bench/.data/${key})`;
  } else if (!url) {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mbo-bench-search-'));
    url = `sqlite:${path.join(dir, 'mbo.sqlite')}`;
    data = 'demo database (a fresh SQLite file, loaded at start)';
  }
  console.log(`search bench: ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}; ${machineProbe()}`);
  console.log(`data: ${data}`);
  if (!dir) {
    // A database built before migration 0023 gets the search indexes first, timed.
    const handle = createDb(url);
    const started = Date.now();
    const applied = await migrateToLatest(handle.db, handle.dialect);
    await handle.destroy();
    if (applied.length > 0) console.log(`  applied ${applied.join(', ')} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const server = await startServer(url, { seed: dir !== null });
  try {
    const login = await fetch(`${server.baseURL}${API_BASE}/admin/login`, {
      method: 'POST',
      headers: { ...HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify(SIGN_IN),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { ...HEADERS, 'X-Auth-Token': token };
    const sample = await sampleValues(url, o.asks, o.seed);
    const ask = (q: string) => fetch(`${server.baseURL}${API_BASE}${SearchPath.search}?q=${encodeURIComponent(q)}`, { headers });
    // Warm-up: other texts than the measured ones, so the first measured asks do not pay for cold code.
    await timeAll(['warm', 'T1', 'RF', 'buyer@', '411111'], ask);
    const baseline = await timeAll(
      Array.from({ length: o.asks }, (_, i) => String(i)),
      () => fetch(`${server.baseURL}${API_BASE}/admin/getInfo`, { headers }),
    );
    const b50 = pct(baseline, 50);
    const b95 = pct(baseline, 95);
    console.log(
      `\n${'kind'.padEnd(22)} ${'asks'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}  ratio p50 / p95`,
    );
    console.log(
      `${'baseline (getInfo)'.padEnd(22)} ${String(baseline.length).padStart(5)} ${b50.toFixed(2).padStart(8)} ${b95.toFixed(2).padStart(8)} ${(baseline.at(-1) ?? 0).toFixed(2).padStart(8)}  1.0 / 1.0`,
    );
    const all: number[] = [];
    for (const [kind, texts] of Object.entries(sample)) {
      const asks = [...new Set(texts)].filter((q) => q.trim() !== '');
      if (asks.length === 0) {
        console.log(`${kind.padEnd(22)} none in this database`);
        continue;
      }
      const ms = await timeAll(asks, ask);
      all.push(...ms);
      const [p50, p95] = [pct(ms, 50), pct(ms, 95)];
      console.log(
        `${kind.padEnd(22)} ${String(ms.length).padStart(5)} ${p50.toFixed(2).padStart(8)} ${p95.toFixed(2).padStart(8)} ${(ms.at(-1) ?? 0).toFixed(2).padStart(8)}  ${(p50 / b50).toFixed(1)} / ${(p95 / b95).toFixed(1)}`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(
      `${'every kind'.padEnd(22)} ${String(all.length).padStart(5)} ${pct(all, 50).toFixed(2).padStart(8)} ${pct(all, 95).toFixed(2).padStart(8)} ${(all.at(-1) ?? 0).toFixed(2).padStart(8)}  target p95 <= 100 ms`,
    );
    console.log(`\n${machineProbe()} at the end`);
  } finally {
    server.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
