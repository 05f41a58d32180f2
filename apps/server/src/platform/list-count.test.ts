import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { LIST_COUNT_CAP, listCountPath, type TListCount } from '@mbo/shared/list';
import { PayStatus, TradeCategory, TradeType } from '@mbo/shared/trade-enums';
import type { TTransactionPage } from '@mbo/shared/transactions';
import { FundsPath, type TWithdrawResult } from '@mbo/shared/funds';
import { createAdmin, createGateway, createMerchant, createRole } from '../../test/factories';
import { funded } from '../../test/funds-factories';
import { call, signIn, testAppForFile } from '../../test/helpers';
import { at, listPath, RANGE } from '../../test/transaction-world';
import { EXACT_COUNT_COLUMN } from './count-thread';
import { countAskOf, countingExactly, countRunnerOf, exactCountAsked, LIST_COUNT, type CountAsk } from './list-count';

/*
 * The count route of a list (list-count.ts): the exact number of rows the filters select, beyond the
 * page's capped count, within the caller's scope and permission. The transactions' formal list is
 * the one with the data for it: more rows than the cap, and an amount filter the page only bounds.
 */
const t = testAppForFile();
const onPostgres = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '');

/** Formal USD payments by VISA, one in three failed, spread over March 2026. */
const CARD = { card_scheme: 'VISA', card_first6: '411111', card_last4: '1111' };
const MONEY = { currency: 'USD', settle_currency: 'USD', settle_amount: 100 };
function payments(merchantId: number, gatewayId: number, prefix: string, count: number, amount: (i: number) => number) {
  return Array.from({ length: count }, (_, i) => ({
    ...{ merchant_id: merchantId, gateway_id: gatewayId, category: TradeCategory.formal, trade_type: TradeType.consumption },
    ...{
      trade_no: `${prefix}${merchantId}-${i}`,
      merchant_order_no: `${prefix}-${i}`,
      amount: amount(i),
      created_at: at(1 + (i % 28)) + i,
    },
    ...CARD,
    ...MONEY,
    pay_status: i % 3 === 0 ? PayStatus.failed : PayStatus.success,
  }));
}

async function insert(rows: ReturnType<typeof payments>) {
  for (let i = 0; i < rows.length; i += 500)
    await t.db
      .insertInto('transactions')
      .values(rows.slice(i, i + 500))
      .execute();
}

const FORMAL = listPath('formal');
const countOf = (token: string, query: Record<string, string>) =>
  call<TListCount>(t.app, listCountPath(FORMAL), { token, query: { ...RANGE, ...query } });
const pageOf = (token: string, query: Record<string, string>) =>
  call<TTransactionPage>(t.app, FORMAL, { token, query: { ...RANGE, ...query } });

// Over the cap: 12,000 payments of the merchant, 10,500 of them of 50.00 (a minimum of 20 keeps them).
const ROWS = LIST_COUNT_CAP + 2_000;
const big = (i: number) => (i % 8 === 0 ? 100 : 5_000);
const expectedBig = Array.from({ length: ROWS }, (_, i) => big(i)).filter((a) => a >= 2_000).length;

async function world() {
  const m = await createMerchant(t.db);
  const g = await createGateway(t.db, m);
  const g2 = await createGateway(t.db, m);
  await insert(payments(m.id, g.id, 'BIG', ROWS, big));
  // A second gateway of the same merchant and another merchant: rows the filters also match.
  await insert(payments(m.id, g2.id, 'TWO', 40, () => 5_000));
  const other = await createMerchant(t.db);
  const og = await createGateway(t.db, other);
  await insert(payments(other.id, og.id, 'OTHER', 300, () => 5_000));
  const token = await signIn(t.app, await createAdmin(t.db, m));
  return { m, g, g2, other, token };
}

afterEach(() => {
  vi.restoreAllMocks();
  LIST_COUNT.budgetMs = 10_000;
  LIST_COUNT.atOnce = 2;
});

/**
 * Holds every exact count at the door of its database (PostgreSQL: the count statement, its transaction
 * and connection taken; SQLite: the job, before the count thread gets it) until `release()`.
 * `started` counts the counts that reached it. With `releaseOnSecond`, a second count reaching it
 * releases them all, so a test that expects none fails at once instead of waiting for ever.
 */
function holdCounts(o: { releaseOnSecond?: boolean } = {}) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const state = { started: 0, release: () => release() };
  let reached = () => {};
  const arrive = () => {
    state.started += 1;
    if (o.releaseOnSecond && state.started > 1) release();
    reached();
  };
  if (onPostgres) {
    // countOnPool's statement, in its transaction (the connection taken).
    const execute = Kysely.prototype.executeQuery;
    vi.spyOn(Kysely.prototype, 'executeQuery').mockImplementation(function (this: Kysely<unknown>, query, ...rest) {
      const text = (query as { sql?: unknown }).sql;
      if (typeof text !== 'string' || !text.includes(EXACT_COUNT_COLUMN)) return execute.call(this, query, ...rest);
      arrive();
      return held.then(() => execute.call(this, query, ...rest));
    });
  } else {
    const post = Worker.prototype.postMessage;
    vi.spyOn(Worker.prototype, 'postMessage').mockImplementation(function (this: Worker, message: unknown) {
      if (!(message && typeof message === 'object' && 'deadline' in message && 'sql' in message)) return post.call(this, message);
      arrive();
      void held.then(() => post.call(this, message));
    });
  }
  /** Resolves once `n` counts have reached the database. */
  const startedAt = (n: number) =>
    new Promise<void>((resolve) => {
      reached = () => state.started >= n && resolve();
      reached();
    });
  return Object.assign(state, { startedAt });
}

describe('the exact count of a list, asked after its page', () => {
  it("answers the number of rows the filters select beyond the cap, in the caller's scope only", async () => {
    const w = await world();
    // The page says "more than N" at once.
    const page = await pageOf(w.token, { amountMin: '20' });
    expect(page.body.data.capped).toBe(true);
    expect(page.body.data.total).toBeLessThan(expectedBig + 40);

    // The count route: every row of the merchant's two gateways, none of the other merchant's.
    const all = await countOf(w.token, { amountMin: '20' });
    expect(all.body).toMatchObject({ code: 0, data: { total: expectedBig + 40, capped: false } });
    // Paging fields (the page's own query string) change nothing.
    const paged = await countOf(w.token, { amountMin: '20', page: '3', limit: '10', after: '1_1' });
    expect(paged.body.data).toEqual({ total: expectedBig + 40, capped: false });
    // Another filter no rollup answers, over the cap.
    const success = await countOf(w.token, { payStatus: String(PayStatus.success) });
    expect(success.body.data).toEqual({ total: ROWS - Math.ceil(ROWS / 3) + 40 - Math.ceil(40 / 3), capped: false });
    // A gateway filter narrows it; the other merchant's gateway counts nothing.
    const one = await countOf(w.token, { amountMin: '20', gatewayNo: w.g2.gatewayNo });
    expect(one.body.data).toEqual({ total: 40, capped: false });
    const foreign = await createGateway(t.db, w.other);
    const none = await countOf(w.token, { amountMin: '20', gatewayNo: foreign.gatewayNo });
    expect(none.body.data).toEqual({ total: 0, capped: false });
    // An admin limited to the second gateway counts its rows only.
    const role = await createRole(t.db, w.m, { permissions: ['/merTradeMgr/initTradeRecordPage'] });
    const limited = await signIn(t.app, await createAdmin(t.db, w.m, { roleId: role.id, gateways: [w.g2] }));
    expect((await countOf(limited, { amountMin: '20' })).body.data).toEqual({ total: 40, capped: false });
  });

  it("needs the list's own permission and takes the same filters as the list", async () => {
    const m = await createMerchant(t.db);
    const role = await createRole(t.db, m, { permissions: ['/merTradeMgr/initTradeRecordPage'] });
    const member = await signIn(t.app, await createAdmin(t.db, m, { roleId: role.id }));
    expect((await countOf(member, {})).body.code).toBe(0);
    const test = await call(t.app, listCountPath(listPath('test')), { token: member, query: RANGE });
    expect(test.status).toBe(403);
    const anonymous = await call(t.app, listCountPath(FORMAL), { query: RANGE });
    expect(anonymous.status).toBe(401);
    const reversed = await call<TListCount>(t.app, listCountPath(FORMAL), {
      token: member,
      query: { ...RANGE, amountMin: '30', amountMax: '20' },
      lang: 'en_US',
    });
    expect(reversed.body.code).toBe(ErrorCode.validation);
    expect(reversed.body.msg).toContain('The maximum amount must not be less than the minimum amount');
  });

  it('without a time budget it says "more than N" again, as the page did', async () => {
    const w = await world();
    LIST_COUNT.budgetMs = 0;
    const res = await countOf(w.token, { amountMin: '20' });
    expect(res.body.code).toBe(0);
    expect(res.body.data.capped).toBe(true);
    expect(res.body.data.total).toBeLessThan(expectedBig + 40);
  });

  it('a count that runs past its budget is stopped and answers null; the next count is answered', async () => {
    LIST_COUNT.budgetMs = 100;
    const run = countRunnerOf(t.config.databaseUrl);
    // Rows without end: only the budget stops it, however fast the machine.
    const endless = onPostgres
      ? CompiledQuery.raw('select 1 as one from generate_series(1, 1000000000000) as s')
      : CompiledQuery.raw('with recursive r(i) as (select 1 union all select i + 1 from r) select 1 as one from r');
    expect(await run(endless, t.db)).toBeNull();
    LIST_COUNT.budgetMs = 10_000;
    expect(await run(CompiledQuery.raw('select 1 as one union all select 2'), t.db)).toBe(2);
  });

  it.skipIf(onPostgres)('on SQLite the count runs beside the API thread, not on it', async () => {
    const w = await world();
    const prepared: string[] = [];
    const prepare = SqliteDatabase.prototype.prepare;
    vi.spyOn(SqliteDatabase.prototype, 'prepare').mockImplementation(function (this: SqliteDatabase.Database, source: string) {
      prepared.push(source);
      return prepare.call(this, source);
    });
    const res = await countOf(w.token, { amountMin: '20' });
    expect(res.body.data).toEqual({ total: expectedBig + 40, capped: false });
    // The page's own statements run here; the exact count is not among them.
    await pageOf(w.token, { amountMin: '20' });
    expect(prepared.length).toBeGreaterThan(0);
    expect(prepared.filter((s) => s.includes(EXACT_COUNT_COLUMN))).toEqual([]);
  });

  it.skipIf(!onPostgres)(
    'while counts wait their turn, pages and a withdrawal are answered (PostgreSQL: the pool is not theirs)',
    async () => {
      const w = await world();
      const f = await funded(t, 10_000);
      LIST_COUNT.budgetMs = 600_000;
      LIST_COUNT.atOnce = 1;
      const hold = holdCounts();
      // Six counts at once (six screens with other filters), one more than the five connections of the test pool.
      const counts = Array.from({ length: 6 }, (_, i) => countOf(w.token, { amountMin: String(20 + i) }));
      await hold.startedAt(1);
      const page = await pageOf(w.token, { amountMin: '20' });
      expect(page.body.code).toBe(0);
      expect(page.body.data.capped).toBe(true);
      const withdrawal = await call<TWithdrawResult>(t.app, FundsPath.withdrawApply, {
        token: f.token,
        body: { gatewayNo: f.gateway.gatewayNo, amount: '30.00', bankAccountId: f.bankId },
      });
      expect(withdrawal.body.code).toBe(0);
      expect(hold.started).toBe(1);
      hold.release();
      for (const res of await Promise.all(counts)) expect(res.body.data).toEqual({ total: expectedBig + 40, capped: false });
    },
  );

  it('a count still waiting its turn when its budget ends answers "more than N" at once, without being run', async () => {
    const w = await world();
    LIST_COUNT.budgetMs = 600_000;
    LIST_COUNT.atOnce = 1;
    const hold = holdCounts({ releaseOnSecond: true });
    const first = countOf(w.token, { amountMin: '20' });
    await hold.startedAt(1);
    // The budget counts from the request's arrival: this one's ends while the first still runs.
    LIST_COUNT.budgetMs = 300;
    const second = await countOf(w.token, { amountMin: '21' });
    expect(second.body.code).toBe(0);
    expect(second.body.data.capped).toBe(true);
    expect(second.body.data.total).toBeLessThan(expectedBig + 40);
    expect(hold.started).toBe(1);
    hold.release();
    expect((await first).body.data).toEqual({ total: expectedBig + 40, capped: false });
  });

  it('a count waiting its turn whose client went away is never run', async () => {
    LIST_COUNT.budgetMs = 600_000;
    const hold = holdCounts({ releaseOnSecond: true });
    LIST_COUNT.atOnce = 1;
    const run = countRunnerOf(t.config.databaseUrl);
    const ask = (min: number, asked: CountAsk) =>
      countingExactly(
        run,
        () =>
          exactCountAsked(
            t.db,
            () => t.db.selectFrom('transactions').select('id').where('amount', '>=', min),
            undefined,
            () => Promise.resolve({ total: 0, capped: true }),
          ),
        asked,
      );
    const first = ask(1, { arrivedAt: Date.now() });
    await hold.startedAt(1);
    // The count route's ask: its client is gone once the answer closes before it was sent.
    const raw = Object.assign(new EventEmitter(), { destroyed: false, writableFinished: false });
    const second = ask(2, countAskOf({ elapsedTime: 0, raw: raw as unknown as ServerResponse }));
    raw.emit('close');
    expect(await second).toEqual({ total: 0, capped: true });
    expect(hold.started).toBe(1);
    hold.release();
    expect((await first)?.capped).toBe(false);
  });
});
