import { sql, type Transaction } from 'kysely';
import { DisputeKind, PayStatus, RefundProcessing, TradeCategory, AppealStatus } from '@mbo/shared/trade-enums';
import type { Db } from '../db/database';
import { ROLLUP_MEASURES, type Database, type TRollupMeasure } from '../db/types';

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

type DbOrTrx = Db | Transaction<Database>;

/** Adds `delta` to the rollup row of `key` (creating it). Call inside the write's own transaction. */
export async function addToRollup(db: DbOrTrx, key: TRollupKey, delta: TRollupDelta): Promise<void> {
  const entries = Object.entries(delta).filter(([, v]) => v !== undefined && v !== 0) as [TRollupMeasure, number][];
  if (entries.length === 0) return;
  const values = Object.fromEntries(entries);
  await db
    .insertInto('trade_rollups')
    .values({
      merchant_id: key.merchantId,
      gateway_id: key.gatewayId,
      day: businessDay(key.at),
      card_scheme: key.cardScheme,
      currency: key.currency,
      ...values,
    })
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
 * transaction. Groups by an integer business-day number in SQL, which both dialects compute alike.
 */
export async function rebuildRollups(db: Db, merchantId?: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
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
    return rows.length;
  });
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
