import { sql } from 'kysely';
import { DisputeKind, PayStatus, RefundProcessing, TradeCategory, AppealStatus } from '@mbo/shared/trade-enums';
import type { Db, DbOrTrx } from '../db/database';
import { inTransaction } from '../db/in-transaction';
import { ROLLUP_MEASURES, type TRollupMeasure } from '../db/types';

/**
 * Daily rollups (table trade_rollups): what reports, statistics, monitoring and the dashboard read.
 *
 * Which event lands on which business day (cut at midnight UTC+08:00, spec §9):
 * - a formal transaction (any trade type) on the day it entered the system: tx_count; success_count
 *   and success_amount when paid; failed_count for failed and 3-D Secure refused; duplicate_failed_count;
 *   reserve_count and reserve_amount when a reserve was held from it;
 * - a refund on the day it succeeded (refund_count, refund_amount);
 * - a dispute on the day it arrived, by kind (chargeback, retrieval, RDR, Ethoca, fraud report);
 * - a successful appeal on the day it was decided.
 * Amounts are the gateway's settlement currency in minor units. Risk-declined, uncompleted, test and
 * counterfeit records are not trading and are not counted.
 *
 * Every write that changes one of these calls `addToRollup` inside its own database transaction;
 * `rebuildRollups` recomputes everything from the raw rows (after a bulk load, and to prove the
 * incremental path right in tests).
 */

export const BUSINESS_DAY_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export type TRollupDelta = Partial<Record<TRollupMeasure, number>>;
export type TRollupKey = { merchantId: number; gatewayId: number; cardScheme: string; currency: string; at: number };

/** Business day (YYYY-MM-DD, UTC+08:00) of an instant. */
export function businessDay(ms: number): string {
  return new Date(ms + BUSINESS_DAY_OFFSET_MS).toISOString().slice(0, 10);
}

function dayFromNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** UTC ms bounds [from, to) of business days `from`..`to` inclusive. */
export function businessDayRange(from: string, to: string): { fromMs: number; toMs: number } {
  return {
    fromMs: Date.parse(`${from}T00:00:00Z`) - BUSINESS_DAY_OFFSET_MS,
    toMs: Date.parse(`${to}T00:00:00Z`) + DAY_MS - BUSINESS_DAY_OFFSET_MS,
  };
}

type RollupTable = 'trade_rollups' | 'trade_rollups_day' | 'trade_rollups_month';

/** Adds `entries` to one row of a rollup table (creating it): an upsert on the table's key. */
async function upsertRollup(
  db: DbOrTrx,
  table: RollupTable,
  key: Record<string, string | number>,
  entries: [TRollupMeasure, number][],
): Promise<void> {
  await db
    .insertInto(table)
    .values({ ...key, ...Object.fromEntries(entries) } as never)
    .onConflict((oc) =>
      oc
        .columns(Object.keys(key) as never)
        .doUpdateSet(Object.fromEntries(entries.map(([m, v]) => [m, sql<number>`${sql.ref(`${table}.${m}`)} + ${v}`])) as never),
    )
    .execute();
}

/**
 * Adds `delta` to the rollup rows of `key` (creating them): the per-scheme day row and the coarser
 * rows of the same event (day without the scheme, month by scheme). Call inside the write's own
 * transaction, so the three tables never disagree.
 */
export async function addToRollup(db: DbOrTrx, key: TRollupKey, delta: TRollupDelta): Promise<void> {
  const entries = Object.entries(delta).filter(([, v]) => v !== undefined && v !== 0) as [TRollupMeasure, number][];
  if (entries.length === 0) return;
  const day = businessDay(key.at);
  const { merchantId: merchant_id, gatewayId: gateway_id, cardScheme: card_scheme, currency } = key;
  // The key columns of trade_rollups are (merchant, gateway, day, scheme); currency rides along.
  await db
    .insertInto('trade_rollups')
    .values({ merchant_id, gateway_id, day, card_scheme, currency, ...Object.fromEntries(entries) })
    .onConflict((oc) =>
      oc
        .columns(['merchant_id', 'gateway_id', 'day', 'card_scheme'])
        .doUpdateSet(
          Object.fromEntries(entries.map(([m, v]) => [m, sql<number>`${sql.ref(`trade_rollups.${m}`)} + ${v}`])) as Record<
            TRollupMeasure,
            ReturnType<typeof sql<number>>
          >,
        ),
    )
    .execute();
  await upsertRollup(db, 'trade_rollups_day', { merchant_id, day, gateway_id, currency }, entries);
  await upsertRollup(db, 'trade_rollups_month', { merchant_id, month: day.slice(0, 7), card_scheme, gateway_id, currency }, entries);
}

/** What a newly recorded transaction adds to its day. */
export function transactionDelta(t: {
  category: number;
  pay_status: number;
  settle_amount: number;
  duplicate_failure: number;
  reserve_amount: number;
}): TRollupDelta {
  if (t.category !== TradeCategory.formal) return {};
  const success = t.pay_status === PayStatus.success;
  const failed = t.pay_status === PayStatus.failed || t.pay_status === PayStatus.threeDRefused;
  return {
    tx_count: 1,
    success_count: success ? 1 : 0,
    success_amount: success ? t.settle_amount : 0,
    failed_count: failed ? 1 : 0,
    duplicate_failed_count: failed && t.duplicate_failure === 1 ? 1 : 0,
    reserve_count: t.reserve_amount > 0 ? 1 : 0,
    reserve_amount: t.reserve_amount,
  };
}

/** What a newly arrived dispute adds to its day. */
export function disputeDelta(kind: number, settleAmount: number): TRollupDelta {
  switch (kind) {
    case DisputeKind.chargeback:
      return { chargeback_count: 1, chargeback_amount: settleAmount };
    case DisputeKind.retrieval:
      return { retrieval_count: 1, retrieval_amount: settleAmount };
    case DisputeKind.rdrAlert:
      return { rdr_count: 1, rdr_amount: settleAmount };
    case DisputeKind.ethocaAlert:
      return { ethoca_count: 1, ethoca_amount: settleAmount };
    case DisputeKind.fraudReport:
      return { fraud_report_count: 1 };
    default:
      return {};
  }
}

type Acc = { merchantId: number; gatewayId: number; day: string; cardScheme: string; currency: string; m: TRollupDelta };

/**
 * Recomputes the rollups of one merchant (or all) from raw rows, replacing what was there, in one
 * transaction (the caller's, when given one). Groups by an integer business-day number in SQL, which
 * both dialects compute alike.
 */
export async function rebuildRollups(db: Db, merchantId?: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const rows = await computeRollups(trx, merchantId);
    await trx
      .deleteFrom('trade_rollups')
      .$if(merchantId !== undefined, (qb) => qb.where('merchant_id', '=', merchantId ?? 0))
      .execute();
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('trade_rollups')
        .values(rows.slice(i, i + 500))
        .execute();
    await deriveCoarseRollups(trx, merchantId);
    return rows.length;
  });
}

/** Rewrites the day and month rollups of one merchant (or all) as sums of its trade_rollups rows. */
async function deriveCoarseRollups(trx: DbOrTrx, merchantId?: number): Promise<void> {
  const only = merchantId === undefined ? sql`` : sql`where merchant_id = ${merchantId}`;
  const sums = sql.join(ROLLUP_MEASURES.map((m) => sql`sum(${sql.ref(m)})`));
  const cols = sql.join(ROLLUP_MEASURES.map((m) => sql.ref(m)));
  for (const table of ['trade_rollups_day', 'trade_rollups_month'] as const)
    await trx
      .deleteFrom(table)
      .$if(merchantId !== undefined, (qb) => qb.where('merchant_id', '=', merchantId ?? 0))
      .execute();
  await sql`insert into trade_rollups_day (merchant_id, day, gateway_id, currency, ${cols})
    select merchant_id, day, gateway_id, currency, ${sums} from trade_rollups ${only}
    group by merchant_id, day, gateway_id, currency`.execute(trx);
  await sql`insert into trade_rollups_month (merchant_id, month, card_scheme, gateway_id, currency, ${cols})
    select merchant_id, substr(day, 1, 7), card_scheme, gateway_id, currency, ${sums} from trade_rollups ${only}
    group by merchant_id, substr(day, 1, 7), card_scheme, gateway_id, currency`.execute(trx);
}

export type TComputedRollup = { merchant_id: number; gateway_id: number; day: string; card_scheme: string; currency: string } & Record<
  TRollupMeasure,
  number
>;

/** The rollup rows the raw rows imply, computed without writing (rebuild writes them; verify compares). */
export async function computeRollups(trx: DbOrTrx, merchantId?: number): Promise<TComputedRollup[]> {
  // Literals, not parameters: PostgreSQL only matches a select expression to its GROUP BY when both are the same text.
  const dayNo = (col: string) => sql<number>`(${sql.ref(col)} + ${sql.lit(BUSINESS_DAY_OFFSET_MS)}) / ${sql.lit(DAY_MS)}`;
  const acc = new Map<string, Acc>();
  const add = (
    r: { merchant_id: number; gateway_id: number; d: number | string; card_scheme: string; currency: string },
    delta: TRollupDelta,
  ) => {
    const day = dayFromNumber(Math.floor(Number(r.d)));
    const k = `${r.merchant_id}|${r.gateway_id}|${day}|${r.card_scheme}`;
    let a = acc.get(k);
    if (!a) {
      a = { merchantId: r.merchant_id, gatewayId: r.gateway_id, day, cardScheme: r.card_scheme, currency: r.currency, m: {} };
      acc.set(k, a);
    }
    for (const [m, v] of Object.entries(delta) as [TRollupMeasure, number][]) a.m[m] = (a.m[m] ?? 0) + Number(v);
  };

  const txRows = await trx
    .selectFrom('transactions as t')
    .select((eb) => [
      't.merchant_id',
      't.gateway_id',
      't.card_scheme',
      't.settle_currency as currency',
      dayNo('t.created_at').as('d'),
      eb.fn.countAll<number>().as('tx_count'),
      sql<number>`sum(case when t.pay_status = ${PayStatus.success} then 1 else 0 end)`.as('success_count'),
      sql<number>`sum(case when t.pay_status = ${PayStatus.success} then t.settle_amount else 0 end)`.as('success_amount'),
      sql<number>`sum(case when t.pay_status in (${PayStatus.failed}, ${PayStatus.threeDRefused}) then 1 else 0 end)`.as('failed_count'),
      sql<number>`sum(case when t.pay_status in (${PayStatus.failed}, ${PayStatus.threeDRefused}) and t.duplicate_failure = 1 then 1 else 0 end)`.as(
        'duplicate_failed_count',
      ),
      sql<number>`sum(case when t.reserve_amount > 0 then 1 else 0 end)`.as('reserve_count'),
      sql<number>`sum(t.reserve_amount)`.as('reserve_amount'),
    ])
    .where('t.category', '=', TradeCategory.formal)
    .$if(merchantId !== undefined, (qb) => qb.where('t.merchant_id', '=', merchantId ?? 0))
    .groupBy(['t.merchant_id', 't.gateway_id', 't.card_scheme', 't.settle_currency', dayNo('t.created_at')])
    .execute();
  for (const r of txRows) {
    const { merchant_id, gateway_id, card_scheme, currency, d, ...m } = r;
    add({ merchant_id, gateway_id, card_scheme, currency, d }, m);
  }

  const refundRows = await trx
    .selectFrom('refunds as r')
    .innerJoin('transactions as t', 't.id', 'r.transaction_id')
    .select((eb) => [
      'r.merchant_id',
      'r.gateway_id',
      't.card_scheme',
      't.settle_currency as currency',
      dayNo('r.processed_at').as('d'),
      eb.fn.countAll<number>().as('refund_count'),
      eb.fn.sum<number>('r.settle_amount').as('refund_amount'),
    ])
    .where('r.status', '=', RefundProcessing.refunded)
    .where('t.category', '=', TradeCategory.formal)
    .$if(merchantId !== undefined, (qb) => qb.where('r.merchant_id', '=', merchantId ?? 0))
    .groupBy(['r.merchant_id', 'r.gateway_id', 't.card_scheme', 't.settle_currency', dayNo('r.processed_at')])
    .execute();
  for (const r of refundRows) add(r, { refund_count: r.refund_count, refund_amount: r.refund_amount });

  const disputeRows = await trx
    .selectFrom('disputes as x')
    .innerJoin('transactions as t', 't.id', 'x.transaction_id')
    .select((eb) => [
      'x.merchant_id',
      'x.gateway_id',
      'x.kind',
      't.card_scheme',
      't.settle_currency as currency',
      dayNo('x.created_at').as('d'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('x.settle_amount').as('amount'),
    ])
    .$if(merchantId !== undefined, (qb) => qb.where('x.merchant_id', '=', merchantId ?? 0))
    .groupBy(['x.merchant_id', 'x.gateway_id', 'x.kind', 't.card_scheme', 't.settle_currency', dayNo('x.created_at')])
    .execute();
  for (const r of disputeRows) {
    const one = disputeDelta(r.kind, Number(r.amount));
    add(r, Object.fromEntries(Object.entries(one).map(([k, v]) => [k, k.endsWith('_count') ? Number(r.n) : v])));
  }

  const appealRows = await trx
    .selectFrom('disputes as x')
    .innerJoin('transactions as t', 't.id', 'x.transaction_id')
    .select((eb) => [
      'x.merchant_id',
      'x.gateway_id',
      't.card_scheme',
      't.settle_currency as currency',
      dayNo('x.decided_at').as('d'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('x.settle_amount').as('amount'),
    ])
    .where('x.appeal_status', '=', AppealStatus.success)
    .where('x.decided_at', 'is not', null)
    .$if(merchantId !== undefined, (qb) => qb.where('x.merchant_id', '=', merchantId ?? 0))
    .groupBy(['x.merchant_id', 'x.gateway_id', 't.card_scheme', 't.settle_currency', dayNo('x.decided_at')])
    .execute();
  for (const r of appealRows) add(r, { appeal_success_count: r.n, appeal_success_amount: r.amount });

  return [...acc.values()].map(
    (a) =>
      ({
        merchant_id: a.merchantId,
        gateway_id: a.gatewayId,
        day: a.day,
        card_scheme: a.cardScheme,
        currency: a.currency,
        ...Object.fromEntries(ROLLUP_MEASURES.map((m) => [m, Number(a.m[m] ?? 0)])),
      }) as TComputedRollup,
  );
}

/** The stored rollup rows of one merchant (or all), as `computeRollups` would produce them. */
export async function readRollups(db: DbOrTrx, merchantId?: number): Promise<TComputedRollup[]> {
  const rows = await db
    .selectFrom('trade_rollups')
    .selectAll()
    .$if(merchantId !== undefined, (qb) => qb.where('merchant_id', '=', merchantId ?? 0))
    .execute();
  return rows.map((r) => ({
    ...r,
    merchant_id: Number(r.merchant_id),
    gateway_id: Number(r.gateway_id),
    ...Object.fromEntries(ROLLUP_MEASURES.map((m) => [m, Number(r[m])])),
  })) as TComputedRollup[];
}

export type TCoarseRollup = { key: string } & Record<TRollupMeasure, number>;

const measuresOf = (r: Record<string, unknown>) =>
  Object.fromEntries(ROLLUP_MEASURES.map((m) => [m, Number(r[m] ?? 0)])) as Record<TRollupMeasure, number>;

/** The day and month rollup rows that per-scheme rows imply, keyed by their table's key. */
export function coarseFromFine(rows: readonly TComputedRollup[]): { day: Map<string, TCoarseRollup>; month: Map<string, TCoarseRollup> } {
  const day = new Map<string, TCoarseRollup>();
  const month = new Map<string, TCoarseRollup>();
  const add = (into: Map<string, TCoarseRollup>, key: string, r: TComputedRollup) => {
    let a = into.get(key);
    if (!a) {
      a = { key, ...measuresOf({}) };
      into.set(key, a);
    }
    for (const m of ROLLUP_MEASURES) a[m] += r[m];
  };
  for (const r of rows) {
    add(day, `day ${r.merchant_id}|${r.day}|${r.gateway_id}|${r.currency}`, r);
    add(month, `month ${r.merchant_id}|${r.day.slice(0, 7)}|${r.card_scheme}|${r.gateway_id}|${r.currency}`, r);
  }
  return { day, month };
}

/** The stored day and month rollup rows of one merchant (or all), keyed as `coarseFromFine` keys them. */
export async function readCoarseRollups(
  db: DbOrTrx,
  merchantId?: number,
): Promise<{ day: Map<string, TCoarseRollup>; month: Map<string, TCoarseRollup> }> {
  const days = await db
    .selectFrom('trade_rollups_day')
    .selectAll()
    .$if(merchantId !== undefined, (qb) => qb.where('merchant_id', '=', merchantId ?? 0))
    .execute();
  const months = await db
    .selectFrom('trade_rollups_month')
    .selectAll()
    .$if(merchantId !== undefined, (qb) => qb.where('merchant_id', '=', merchantId ?? 0))
    .execute();
  return {
    day: new Map(
      days.map((r) => {
        const key = `day ${Number(r.merchant_id)}|${r.day}|${Number(r.gateway_id)}|${r.currency}`;
        return [key, { key, ...measuresOf(r) }];
      }),
    ),
    month: new Map(
      months.map((r) => {
        const key = `month ${Number(r.merchant_id)}|${r.month}|${r.card_scheme}|${Number(r.gateway_id)}|${r.currency}`;
        return [key, { key, ...measuresOf(r) }];
      }),
    ),
  };
}

/**
 * Every difference between the stored rollups (per scheme, per day, per month) and what the raw rows
 * imply, one line each (empty when they all agree). What `ops rollups:verify` prints.
 */
export async function verifyRollups(db: DbOrTrx, merchantId?: number): Promise<{ checked: number; problems: string[] }> {
  const expected = await computeRollups(db, merchantId);
  const stored = await readRollups(db, merchantId);
  const fineKey = (r: TComputedRollup) => `${r.merchant_id}|${r.gateway_id}|${r.day}|${r.card_scheme}`;
  const problems = diffRollups(new Map(expected.map((r) => [fineKey(r), r])), new Map(stored.map((r) => [fineKey(r), r])));
  const want = coarseFromFine(expected);
  const have = await readCoarseRollups(db, merchantId);
  problems.push(...diffRollups(want.day, have.day), ...diffRollups(want.month, have.month));
  return { checked: expected.length + want.day.size + want.month.size, problems };
}

function diffRollups(want: Map<string, Record<TRollupMeasure, number>>, have: Map<string, Record<TRollupMeasure, number>>): string[] {
  const problems: string[] = [];
  for (const key of new Set([...want.keys(), ...have.keys()])) {
    const w = want.get(key);
    const h = have.get(key);
    const diffs = ROLLUP_MEASURES.flatMap((m) => {
      const a = Number(h?.[m] ?? 0);
      const b = Number(w?.[m] ?? 0);
      return a === b ? [] : [`${m} stored ${a} expected ${b}`];
    });
    if (diffs.length > 0) problems.push(`${key}: ${diffs.join(', ')}`);
  }
  return problems;
}
