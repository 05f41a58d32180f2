import http from 'node:http';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import { PayStatus } from '@mbo/shared/trade-enums';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
import { createAdmin, createGateway, createMerchant, type GatewayRow, type MerchantRow } from '../../test/factories';
import { createTestApp, signIn, type TestContext } from '../../test/helpers';
import { createTransaction } from '../../test/trade-factories';
import { at, csvRows, exportFile, RANGE } from '../../test/transaction-world';
import { checkZip, zipEntries } from '../../test/zip';
import { writeSliced } from './export';
import { exportCells } from './export-cells';
import { exportRouteOf } from './export-route';
import { writeXlsx } from './export-xlsx';
import { ExportPool } from './export-pool';
import { exportReaderFactory } from './export-reader';
import { isKeysetWalk } from './keyset-walk';
import { sessionScope } from './scope';

/*
 * Exports read by the pool's worker threads (export-pool.ts), on SQLite or on PostgreSQL with
 * TEST_DATABASE_URL: slices of 100 rows, so the 460 rows below make five slices over two workers.
 */

let t: TestContext;
let token: string;
let merchant: MerchantRow;
let usd: GatewayRow;
let adminId: number;
const ROWS = 460;

beforeAll(async () => {
  t = await createTestApp({ config: { exportWorkers: 2, exportSliceRows: 100 } });
  const m = await createMerchant(t.db);
  merchant = m;
  usd = await createGateway(t.db, m, { currency: 'USD' });
  const jpy = await createGateway(t.db, m, { currency: 'JPY' });
  const admin = await createAdmin(t.db, m);
  adminId = admin.id;
  token = await signIn(t.app, admin);
  // Runs of equal times (slice bounds fall inside them), two gateways, texts that need quoting or a
  // formula guard, Chinese text, and times on both sides of a day boundary in New York.
  const odd = ['a,b@example.com', 'say "hi"@example.com', '=1+1', 'line\nbreak', '张三@example.com', '+8613800000000'];
  // Gateway texts the export names in any ASCII case, with or without a response code; unknown ones
  // (a dotless ı, a Kelvin sign, another code form) on the odd days.
  const messages = ['', 'Approved', '51 INSUFFICIENT FUNDS', '05 do not honor', 'Expired Card', 'DECLINED'];
  const oddMessages = ['Insufficıent funds', '\u212Aelvin', '5 Declined', ' approved', 'Approved '];
  for (let i = 0; i < ROWS; i += 1) {
    await createTransaction(t.db, m, i % 4 === 0 ? jpy : usd, {
      created_at: at(1 + (i % 28), 1 + (i % 5) * 4) + Math.floor(i / 140) * 1000,
      // Amounts of every sign and size: negative, under one major unit, zero.
      amount: i % 28 === 10 ? -(i * 13) : i % 28 === 11 ? i % 100 : i === 40 ? 0 : 100 + i * 7,
      currency: i % 4 === 0 ? 'JPY' : 'USD',
      pay_status: i % 3 === 0 ? PayStatus.failed : PayStatus.success,
      // The odd texts on the month's first three days.
      email: i % 28 < 3 ? odd[i % odd.length]! : `user${i}@example.com`,
      // One row of another day: İ, which JavaScript lower-cases to i and a dot.
      return_message:
        i === 200 ? '\u0130nsufficient funds' : i % 28 < 3 ? oddMessages[i % oddMessages.length]! : messages[i % messages.length]!,
      // A currency code as a gateway may send it, in lower case: JPY's amounts have no decimals either way.
      settle_currency: i % 8 === 0 ? 'jpy' : i % 4 === 0 ? 'JPY' : 'USD',
      merchant_order_no: `ORDER-${i}`,
    });
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** What a slice job carries for an export of this test's merchant. */
function jobOf(path: string, body: unknown) {
  return {
    path,
    body,
    lang: 'en' as const,
    timezone: 'Asia/Shanghai',
    now: Date.now(),
    scope: { merchantId: merchant.id, adminId, gatewayIds: null },
    databaseUrl: t.app.appConfig.databaseUrl,
    statementTimeoutMs: 0,
    preparedStatements: 200,
  };
}

function collect(out: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve) => out.on('end', () => resolve(Buffer.concat(chunks))));
}

/** Every sheet's name and cell values, as a spreadsheet reads them. */
async function sheets(file: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => ({ name: ws.name, rows: ws.getSheetValues().map((r) => (Array.isArray(r) ? r.slice(1) : r)) }));
}

/** The formal list's export of this test's merchant cut at every `every`-th row: its keys and the first two. */
async function formalSlices<F extends 'csv' | 'xlsx'>(format: F, every = 100) {
  const route = exportRouteOf(TRANSACTION_VIEW_DEFS.formal.export)!;
  const body = { ...RANGE, timeType: 'trade', format } as const;
  const ctx = { db: t.db, scope: sessionScope(merchant.id, adminId, null), timezone: 'Asia/Shanghai', now: Date.now(), reader: null };
  const walk = route.batches(body, ctx);
  if (!isKeysetWalk(walk)) throw new Error('not a keyset walk');
  const bounds = walk.bounds(every);
  const first = (await bounds.next()).value!;
  const second = (await bounds.next()).value!;
  return { body, bounds, first, second };
}

/** The same export on the API thread alone (the pool taken away for one call). */
async function withoutPool<T>(run: () => Promise<T>): Promise<T> {
  const pool = t.app.exportPool;
  t.app.exportPool = null;
  try {
    return await run();
  } finally {
    t.app.exportPool = pool;
  }
}

describe('export pool', () => {
  it('an export of one slice or less stays on the API thread: no worker starts', async () => {
    const res = await exportFile(t, token, 'formal', { format: 'csv', from: '2026-03-01', to: '2026-03-03' });
    expect(res.statusCode).toBe(200);
    const rows = csvRows(res.body).length - 1;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(100);
    expect(t.app.exportPool?.workers).toBe(0);
  });

  it('a CSV of several slices is read by the workers and is byte for byte the file of one walk (languages, timezones, filters)', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ format: 'csv' }, { lang: 'en_US' }],
      [{ format: 'csv' }, { lang: 'zh_CN', timezone: 'America/New_York' }],
      [{ format: 'csv', payStatus: String(PayStatus.success) }, { lang: 'zh_HK' }],
    ];
    for (const [body, headers] of cases) {
      const pooled = await exportFile(t, token, 'formal', body, headers);
      const alone = await withoutPool(() => exportFile(t, token, 'formal', body, headers));
      expect(pooled.statusCode).toBe(200);
      expect(pooled.headers['content-type']).toContain('text/csv');
      expect(pooled.body.length).toBeGreaterThan(10_000);
      expect(pooled.body, JSON.stringify(headers)).toBe(alone.body);
    }
    expect(t.app.exportPool?.workers).toBe(2);
    // Every row once, the formula guard and quoting as on the API thread.
    const all = await exportFile(t, token, 'formal', { format: 'csv' }, { lang: 'en_US' });
    expect(all.body.match(/ORDER-\d+/g)?.length).toBe(ROWS);
    expect(new Set(all.body.match(/ORDER-\d+/g)).size).toBe(ROWS);
    expect(all.body).toContain(",'=1+1,");
    expect(all.body).toContain('"say ""hi""@example.com"');
  });

  it('an XLSX of several slices, its rows numbered and deflated by the workers, is the workbook of one walk', async () => {
    for (const headers of [{ lang: 'en_US' }, { lang: 'zh_CN', timezone: 'America/New_York' }] as Record<string, string>[]) {
      const pooled = await exportFile(t, token, 'formal', { format: 'xlsx' }, headers);
      const alone = await withoutPool(() => exportFile(t, token, 'formal', { format: 'xlsx' }, headers));
      expect(pooled.statusCode).toBe(200);
      expect(pooled.headers['content-type']).toContain('spreadsheetml');
      checkZip(pooled.rawPayload);
      const [a, b] = [await sheets(pooled.rawPayload), await sheets(alone.rawPayload)];
      expect(a).toEqual(b);
      // Byte for byte: the workers' segments joined as the API thread's one stream.
      expect(zipEntries(pooled.rawPayload)).toEqual(zipEntries(alone.rawPayload));
      // Every row in Shanghai's March (the header row first); New York's March starts 12 hours later.
      if (!headers.timezone) expect(a[0]!.rows.filter(Boolean)).toHaveLength(ROWS + 1);
    }
  });

  it('XLSX sheets split at the row limit across slices, each with its header row', async () => {
    const route = exportRouteOf(TRANSACTION_VIEW_DEFS.formal.export)!;
    const scope = sessionScope(merchant.id, adminId, null);
    const body = { ...RANGE, timeType: 'trade', format: 'xlsx' } as const;
    const cells = exportCells('en', 'Asia/Shanghai');
    const spec = { format: 'xlsx' as const, columns: route.columns(cells, body), sheetName: 'Tx', maxRowsPerSheet: 170 };
    const ctx = {
      db: t.db,
      scope,
      timezone: 'Asia/Shanghai',
      now: Date.now(),
      reader: exportReaderFactory(t.app.appConfig.databaseUrl, t.db),
    };
    const job = { ...jobOf(TRANSACTION_VIEW_DEFS.formal.export, body), format: 'xlsx' as const, maxRowsPerSheet: 170 };
    const pooledOut = new PassThrough();
    const pooled = collect(pooledOut);
    const walk = route.batches(body, ctx);
    if (!isKeysetWalk(walk)) throw new Error('not a keyset walk');
    await writeSliced(pooledOut, spec, walk, t.app.exportPool!, job);
    const aloneOut = new PassThrough();
    const alone = collect(aloneOut);
    await writeXlsx(aloneOut, { ...spec, batches: route.batches(body, ctx) });
    checkZip(await pooled);
    const [a, b] = [await sheets(await pooled), await sheets(await alone)];
    expect(a.map((x) => x.name)).toEqual(['Tx', 'Tx 2', 'Tx 3']);
    expect(a.map((x) => x.rows.filter(Boolean).length)).toEqual([171, 171, ROWS - 340 + 1]);
    expect(a).toEqual(b);
    expect(zipEntries(await pooled)).toEqual(zipEntries(await alone));
  });

  it('an XLSX whose rows changed under a slice fails instead of numbering rows twice', async () => {
    const { body, bounds, first, second } = await formalSlices('xlsx');
    // A row written inside the first slice after the keys were counted.
    const extra = await createTransaction(t.db, merchant, usd, { created_at: second.value + 1 });
    try {
      const job = { ...jobOf(TRANSACTION_VIEW_DEFS.formal.export, body), format: 'xlsx' as const, maxRowsPerSheet: 1_000_000 };
      await expect(t.app.exportPool!.writeSlices(job, bounds, first, second, async () => undefined)).rejects.toThrow(
        /rows changed during the export/,
      );
    } finally {
      await t.db.deleteFrom('transactions').where('id', '=', extra.id).execute();
    }
  });

  it('a client that goes away mid-file cancels the slices; the next export is whole', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const payload = JSON.stringify({ ...RANGE, format: 'csv' });
    const received = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `${API_BASE}${TRANSACTION_VIEW_DEFS.formal.export}`,
          headers: { 'content-type': 'application/json', 'x-auth-token': token, 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.length);
          });
        },
      );
      req.on('error', (e) => (e.message.includes('socket hang up') ? undefined : reject(e)));
      req.end(payload);
    });
    expect(received).toBeGreaterThan(0);
    const next = await exportFile(t, token, 'formal', { format: 'csv' });
    expect(next.statusCode).toBe(200);
    expect(csvRows(next.body).length - 1).toBeGreaterThanOrEqual(ROWS);
    expect(next.body.match(/ORDER-\d+/g)?.length).toBe(ROWS);
  });

  it('a thread that dies mid-export fails that download; the next export gets new threads and is whole', async () => {
    // Slices of 5 rows, 92 of them: the threads are still reading when the first chunk is written
    // (with the app's five slices of 100, two threads could finish them all before it, and no thread
    // died mid-export).
    const pool = new ExportPool(2, 5);
    try {
      const { body, bounds, first, second } = await formalSlices('csv', 5);
      const threads = (pool as unknown as { all: Set<{ worker: { terminate(): Promise<number> } }> }).all;
      let killed = false;
      await expect(
        pool.writeSlices(
          { ...jobOf(TRANSACTION_VIEW_DEFS.formal.export, body), format: 'csv', maxRowsPerSheet: 1_000 },
          bounds,
          first,
          second,
          async () => {
            if (killed) return;
            killed = true;
            await Promise.all([...threads].map((w) => w.worker.terminate()));
          },
        ),
      ).rejects.toThrow(/export worker stopped/);
      // The same pool starts new threads for the next export, which is whole.
      const again = await formalSlices('csv', 5);
      const chunks: Buffer[] = [];
      await pool.writeSlices(
        { ...jobOf(TRANSACTION_VIEW_DEFS.formal.export, again.body), format: 'csv', maxRowsPerSheet: 1_000 },
        again.bounds,
        again.first,
        again.second,
        async (chunk) => {
          chunks.push(Buffer.from(chunk.data));
        },
      );
      const text = Buffer.concat(chunks).toString('utf8');
      expect(text.match(/ORDER-\d+/g)?.length).toBe(ROWS);
      expect(new Set(text.match(/ORDER-\d+/g)).size).toBe(ROWS);
    } finally {
      await pool.close();
    }
  });

  it('a slice a worker cannot read fails the export instead of leaving a gap', async () => {
    const pool = new ExportPool(1, 10);
    try {
      const job = {
        path: '/no/such/export',
        body: {},
        lang: 'en' as const,
        timezone: 'UTC',
        now: Date.now(),
        scope: { merchantId: 1, adminId: 1, gatewayIds: null },
        databaseUrl: t.app.appConfig.databaseUrl,
        statementTimeoutMs: 0,
        preparedStatements: 200,
        format: 'csv' as const,
        maxRowsPerSheet: 1_000,
      };
      async function* none() {}
      const written: Buffer[] = [];
      await expect(
        pool.writeSlices(job, none(), { value: 2, id: 2 }, { value: 1, id: 1 }, async (c) => {
          written.push(c.data);
        }),
      ).rejects.toThrow(/no export at \/no\/such\/export/);
      expect(written).toEqual([]);
    } finally {
      await pool.close();
    }
  });
});
