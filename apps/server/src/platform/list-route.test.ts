import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import type { TListPage } from '@mbo/shared/list';
import { RefundPath, type TRefund } from '@mbo/shared/refunds';
import { TRANSACTION_VIEW_DEFS, type TTransactionPage } from '@mbo/shared/transactions';
import { createDb, type DbHandle } from '../db/database';
import { createAdmin, createGateway, createMerchant, type AdminRow, type GatewayRow, type MerchantRow } from '../../test/factories';
import { call, signIn } from '../../test/helpers';
import { createTransaction } from '../../test/trade-factories';
import { startTwoNodes, type TwoNodes } from '../../test/two-nodes';

/*
 * List answers on SQLite and PostgreSQL, with two API nodes on one database and a third connection
 * outside both (what an operator command or a job writes through): any committed write, wherever it
 * came from, is in the very next answer of either node, and an answer never crosses callers, languages
 * or timezones. No answer is kept between asks (platform/list-route.ts); these hold whatever is added
 * in front of the lists.
 */

let nodes: TwoNodes;
let a: FastifyInstance;
let b: FastifyInstance;
let outside: DbHandle;
let merchant: MerchantRow;
let usd: GatewayRow;
let eur: GatewayRow;
let owner: AdminRow;
let tokenA: string;
let tokenB: string;

const LIST = TRANSACTION_VIEW_DEFS.formal.list;
const RANGE = { from: '2026-03-01', to: '2026-03-31' };
const noon = (day: number) => Date.UTC(2026, 2, day, 4);
const DAY_MS = 86_400_000;
/** A range of dates around `ms` wide enough for any timezone. */
const around = (ms: number) => ({
  from: new Date(ms - 30 * DAY_MS).toISOString().slice(0, 10),
  to: new Date(ms + DAY_MS).toISOString().slice(0, 10),
});

beforeAll(async () => {
  nodes = await startTwoNodes();
  ({ a, b } = nodes);
  outside = createDb(nodes.testDb.url, { poolMax: 1 });
  const db = nodes.testDb.db;
  merchant = await createMerchant(db);
  usd = await createGateway(db, merchant);
  eur = await createGateway(db, merchant, { currency: 'EUR' });
  await createTransaction(db, merchant, usd, { created_at: noon(2), amount: 1_000 });
  await createTransaction(db, merchant, eur, { created_at: noon(3), amount: 2_000 });
  owner = await createAdmin(db, merchant);
  tokenA = await signIn(a, owner);
  tokenB = await signIn(b, owner);
});
afterAll(async () => {
  await outside.destroy();
  await nodes.close();
});

type Ask = { token?: string; query?: Record<string, string>; lang?: 'en_US' | 'zh_HK'; timezone?: string };

async function formal(app: FastifyInstance, o: Ask = {}) {
  const res = await call<TTransactionPage>(app, LIST, {
    token: o.token ?? (app === a ? tokenA : tokenB),
    query: { ...RANGE, ...o.query },
    ...(o.lang ? { lang: o.lang } : {}),
    ...(o.timezone ? { headers: { timezone: o.timezone } } : {}),
  });
  expect(res.status).toBe(200);
  expect(res.body.code, res.body.msg).toBe(0);
  return res;
}
const amounts = async (app: FastifyInstance, o: Ask = {}) => (await formal(app, o)).body.data.list.map((r) => r.amount);

describe('a list answer is never stale, on any node', () => {
  it('a transaction recorded through one node is in the next answer of both nodes', async () => {
    expect(await amounts(a)).toEqual([2_000, 1_000]);
    expect(await amounts(b)).toEqual([2_000, 1_000]);
    await createTransaction(nodes.testDb.db, merchant, usd, { created_at: noon(4), amount: 3_000 });
    expect(await amounts(a)).toEqual([3_000, 2_000, 1_000]);
    expect(await amounts(b)).toEqual([3_000, 2_000, 1_000]);
  });

  it('a write from outside the API nodes (an operator command) is in the next answer', async () => {
    const before = await formal(b);
    expect(before.body.data.list[0]!.refundStatus).toBe(0);
    const trade = before.body.data.list[0]!.tradeNo;
    await outside.db.updateTable('transactions').set({ refund_status: 2 }).where('trade_no', '=', trade).execute();
    expect((await formal(a)).body.data.list[0]!.refundStatus).toBe(2);
    expect((await formal(b)).body.data.list[0]!.refundStatus).toBe(2);
    await outside.db.updateTable('transactions').set({ refund_status: 0 }).where('trade_no', '=', trade).execute();
    expect((await formal(b)).body.data.list[0]!.refundStatus).toBe(0);
  });

  it('a refund applied on one node is in the other node’s refund list at once', async () => {
    const refunds = async () => {
      const res = await call<TListPage<TRefund>>(b, RefundPath.list, { token: tokenB, query: around(nodes.clock.now()) });
      expect(res.body.code, res.body.msg).toBe(0);
      return res.body.data.list.map((r) => [r.tradeNo, r.amount]);
    };
    expect(await refunds()).toEqual([]);
    expect(await refunds()).toEqual([]);
    const trade = (await formal(b)).body.data.list.find((r) => r.amount === 1_000)!;
    const applied = await call(a, RefundPath.apply, { token: tokenA, body: { tradeNo: trade.tradeNo, amount: '2.50', reason: 'kept' } });
    expect(applied.body.code, applied.body.msg).toBe(0);
    expect(await refunds()).toEqual([[trade.tradeNo, 250]]);
  });

  it('an administrator limited to one gateway, or of another merchant, sees only its own rows', async () => {
    expect(await amounts(a)).toEqual([3_000, 2_000, 1_000]);
    const limited = await createAdmin(nodes.testDb.db, merchant, { gateways: [eur] });
    expect(await amounts(a, { token: await signIn(a, limited) })).toEqual([2_000]);
    const other = await createMerchant(nodes.testDb.db);
    const otherGateway = await createGateway(nodes.testDb.db, other);
    await createTransaction(nodes.testDb.db, other, otherGateway, { created_at: noon(5), amount: 7_700 });
    expect(await amounts(a, { token: await signIn(a, await createAdmin(nodes.testDb.db, other)) })).toEqual([7_700]);
    expect(await amounts(a)).toEqual([3_000, 2_000, 1_000]);
  });

  it('each language and timezone gets its own answer', async () => {
    const en = await formal(a, { lang: 'en_US' });
    const hk = await formal(a, { lang: 'zh_HK' });
    expect(en.body.msg).not.toBe(hk.body.msg);
    expect((await formal(a, { lang: 'en_US' })).body.msg).toBe(en.body.msg);
    // 2 March in Shanghai (the default) holds the trade of 2 March 04:00 UTC; 2 March in Los Angeles
    // holds the one of 3 March 04:00 UTC (2 March, 20:00 there).
    const day = { from: '2026-03-02', to: '2026-03-02' };
    expect(await amounts(a, { query: day })).toEqual([1_000]);
    expect(await amounts(a, { query: day, timezone: 'America/Los_Angeles' })).toEqual([2_000]);
    expect(await amounts(a, { query: day })).toEqual([1_000]);
  });

  it('a failed ask (bad filters) changes nothing', async () => {
    const bad = await call(a, LIST, { token: tokenA, query: { from: '2026-03-31', to: '2026-03-01' } });
    expect(bad.status).toBe(200);
    expect(bad.body.code).not.toBe(0);
    expect(await amounts(a)).toEqual([3_000, 2_000, 1_000]);
  });
});

describe('list answers sent compressed', () => {
  it('a browser gets the answer compressed, and the new one after a change', async () => {
    const many = await createMerchant(nodes.testDb.db);
    const gateway = await createGateway(nodes.testDb.db, many);
    for (let day = 1; day <= 25; day += 1) await createTransaction(nodes.testDb.db, many, gateway, { created_at: noon(day), amount: day });
    const token = await signIn(a, await createAdmin(nodes.testDb.db, many));
    const ask = async () => {
      const res = await a.inject({
        method: 'GET',
        url: `${API_BASE}${LIST}`,
        query: RANGE,
        headers: { 'x-auth-token': token, 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      return JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()) as { data: TTransactionPage };
    };
    const first = await ask();
    expect(first.data.list.map((r) => r.amount)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    expect(await ask()).toEqual(first);
    await createTransaction(nodes.testDb.db, many, gateway, { created_at: noon(26), amount: 26 });
    expect((await ask()).data.list[0]!.amount).toBe(26);
  });
});
