import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import type { Db } from '../../db/database';
import { generateTradeData } from '../../seed/trade-generator';
import type { TradeMerchantPlan } from '../../seed/trade-rows';
import { clearPageBoundaries, PAGE_BOUNDARIES } from '../../platform/list';
import { sessionScope, type Scope } from '../../platform/scope';
import { dayRangeInZone } from '../../platform/time';
import { createTestDb, type TestDb } from '../../../test/test-db';
import { createPlannedMerchant, createTransaction } from '../../../test/trade-factories';
import { amountRangeIsNarrow, listTransactions, type ListContext, type TransactionFilter } from './list-repository';

/**
 * Deep page jumps (cached page boundaries) and amount ranges without a currency (the amount index)
 * give exactly the rows of the plain definition: every formal row of the range matching the
 * filters, newest first by (time, id), cut into pages of `limit`. Random data, random page order.
 */

const NOW = Date.UTC(2026, 10, 20, 6, 30);
const SEED = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 1_000_000));
const TZ = 'Asia/Shanghai';
const ZERO_DECIMALS = new Set(['JPY', 'KRW']);

type Raw = { id: number; created_at: number; gateway_id: number; pay_status: number; amount: number; currency: string };

async function setUp(db: Db): Promise<TradeMerchantPlan> {
  return createPlannedMerchant(db, {
    merchantNo: '320001',
    currencies: ['USD', 'JPY', 'EUR'],
    now: NOW,
    orderPrefix: 'PG',
    weight: 1,
    months: 3,
    gatewayWeight: () => 1,
  });
}

function chooser(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s % n;
  };
}

/** The rows of a list by definition, computed in JavaScript from every formal row of the merchant. */
async function expected(db: Db, ctx: ListContext, where: (r: Raw) => boolean): Promise<number[]> {
  const { fromMs, toMs } = dayRangeInZone(ctx.filter.from, ctx.filter.to, TZ);
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'created_at', 'gateway_id', 'pay_status', 'amount', 'currency'])
    .where('merchant_id', '=', ctx.scope.merchantId)
    .where('category', '=', TradeCategory.formal)
    .execute();
  return rows
    .map((r) => ({ ...r, id: Number(r.id), created_at: Number(r.created_at), gateway_id: Number(r.gateway_id), amount: Number(r.amount) }))
    .filter((r) => r.created_at >= fromMs && r.created_at < toMs)
    .filter((r) => ctx.scope.gatewayIds === null || ctx.scope.gatewayIds.includes(r.gateway_id))
    .filter(where)
    .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
    .map((r) => r.id);
}

describe('deep page jumps and amount ranges', () => {
  let t: TestDb;
  let plan: TradeMerchantPlan;
  let all: Scope;
  const stride = PAGE_BOUNDARIES.stride;
  beforeAll(async () => {
    t = await createTestDb();
    plan = await setUp(t.db);
    all = sessionScope(plan.merchantId, 1, null);
    await generateTradeData(t.db, { now: NOW, seed: SEED, transactions: 5000, merchants: [plan] });
  }, 120_000);
  afterEach(() => {
    PAGE_BOUNDARIES.stride = stride;
    clearPageBoundaries();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const ctxOf = (scope: Scope, filter: Partial<TransactionFilter> = {}): ListContext => ({
    scope,
    view: 'formal',
    timezone: TZ,
    filter: { from: '2026-08-25', to: '2026-11-20', timeType: 'trade', ...filter } as TransactionFilter,
  });

  it('a jump to any page gives the rows of that page, cold and from cached boundaries, in any order', async () => {
    PAGE_BOUNDARIES.stride = 60; // several boundaries within the test's few thousand rows
    const pick = chooser(SEED);
    const one = plan.gateways[pick(plan.gateways.length)]!.gatewayId;
    const cases: [ListContext, (r: Raw) => boolean][] = [
      [ctxOf(all), () => true],
      [ctxOf(all, { payStatus: PayStatus.success }), (r) => r.pay_status === PayStatus.success],
      [ctxOf(sessionScope(plan.merchantId, 1, [one])), () => true],
    ];
    for (const [ctx, where] of cases) {
      const want = await expected(t.db, ctx, where);
      const limit = [20, 7, 50][pick(3)]!;
      const pages = Math.ceil(want.length / limit) + 1;
      const order = Array.from({ length: pages }, (_, i) => i + 1).sort(() => pick(3) - 1);
      for (const page of order) {
        const got = await listTransactions(t.db, ctx, { page, limit });
        const label = `seed ${SEED}, page ${page} of ${limit}, gateways ${JSON.stringify(ctx.scope.gatewayIds)}`;
        expect(
          got.list.map((r) => Number(r.id)),
          label,
        ).toEqual(want.slice((page - 1) * limit, page * limit));
        expect(got.nextCursor !== null, label).toBe(page * limit < want.length);
      }
    }
  });

  it('a new transaction in the range is seen by the next jump (the exact total changed)', async () => {
    PAGE_BOUNDARIES.stride = 40;
    const ctx = ctxOf(all);
    const page = 30;
    await listTransactions(t.db, ctx, { page, limit: 20 });
    const g = plan.gateways[0]!;
    await createTransaction(
      t.db,
      { id: plan.merchantId, merchantNo: plan.merchantNo } as never,
      { id: g.gatewayId, gatewayNo: g.gatewayNo, currency: g.currency } as never,
      { created_at: NOW - 3_600_000 },
    );
    const want = await expected(t.db, ctx, () => true);
    const got = await listTransactions(t.db, ctx, { page, limit: 20 });
    expect(got.list.map((r) => Number(r.id))).toEqual(want.slice((page - 1) * 20, page * 20));
  });

  it('an amount range without a currency finds the same rows through the amount index, each row in its own currency', async () => {
    const pick = chooser(SEED + 1);
    const rows = await t.db.selectFrom('transactions').select(['amount', 'currency']).where('merchant_id', '=', plan.merchantId).execute();
    let narrow = 0;
    for (let i = 0; i < 12; i += 1) {
      const sample = rows[pick(rows.length)]!;
      const major = ZERO_DECIMALS.has(sample.currency) ? Number(sample.amount) : Math.floor(Number(sample.amount) / 100);
      const width = [0, 1, 5, 40][pick(4)]!;
      const amountMin = `${Math.max(0, major - width)}${pick(2) ? '.5' : ''}`;
      const amountMax = `${major + width}.${String(pick(100)).padStart(2, '0')}`;
      const ctx = ctxOf(all, { amountMin, amountMax });
      const inRange = (r: Raw) => {
        const scale = ZERO_DECIMALS.has(r.currency) ? 1 : 100;
        const min = Math.ceil(Number(amountMin) * scale - 1e-9);
        const max = Math.floor(Number(amountMax) * scale + 1e-9);
        return r.amount >= min && r.amount <= max;
      };
      const want = await expected(t.db, ctx, inRange);
      if (await amountRangeIsNarrow(t.db, ctx)) narrow += 1;
      const got: number[] = [];
      let after: string | undefined;
      // Every page of the range, one more than it needs at the most (a wide range holds a few thousand rows:
      // pages of 50, the largest size the screen offers, so the walk is a few dozen queries, not hundreds).
      for (let page = 1; page <= Math.ceil(want.length / 50) + 1; page += 1) {
        const p = await listTransactions(t.db, ctx, { page, limit: 50, ...(after ? { after } : {}) });
        got.push(...p.list.map((r) => Number(r.id)));
        expect(p.total, `seed ${SEED}, ${amountMin}-${amountMax}`).toBe(want.length);
        if (!p.nextCursor) break;
        after = p.nextCursor;
      }
      expect(got, `seed ${SEED}, ${amountMin}-${amountMax}`).toEqual(want);
    }
    expect(narrow).toBeGreaterThan(0);
    // A wide range (or one open end) keeps the date index.
    expect(await amountRangeIsNarrow(t.db, ctxOf(all, { amountMin: '0', amountMax: '99999999' }))).toBe(false);
    expect(await amountRangeIsNarrow(t.db, ctxOf(all, { amountMin: '10' }))).toBe(false);
  });
});
