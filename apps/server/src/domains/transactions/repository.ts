import { type Insertable } from 'kysely';
import { DisputeKind } from '@mbo/shared/trade-enums';
import { TRANSACTION_VIEW_DEFS, type TTransactionView } from '@mbo/shared/transactions';
import { randomInt } from 'node:crypto';
import type { Db, Trx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { TransactionsTable } from '../../db/types';
import { inScope, type Scope } from '../../platform/scope';
import { addToRollup, transactionDelta } from '../../platform/rollups';
import { postCapture } from '../funds/postings';
import { emitPaymentEvent } from '../webhooks/outbox';

/*
 * One transaction and its history, and the recording of new ones under a trade number of their own
 * (what other domains use: a payment through a link is recorded here). The lists and exports of the
 * views are list-repository.ts.
 */

/** A transaction of the view by its order number, within the scope; anything else is "not found". */
export function findTransaction(db: Db, scope: Scope, view: TTransactionView, tradeNo: string) {
  const def = TRANSACTION_VIEW_DEFS[view];
  return db
    .selectFrom('transactions as t')
    .innerJoin('gateways as g', 'g.id', 't.gateway_id')
    .selectAll('t')
    .select('g.gateway_no')
    .where('t.trade_no', '=', tradeNo)
    .where(inScope(scope, 't'))
    .where('t.category', '=', def.category)
    .$if(def.tradeType !== null, (qb) => qb.where('t.trade_type', '=', def.tradeType ?? 0))
    .executeTakeFirst();
}

/** Refunds and shown disputes of one transaction (already found within the scope). */
export async function findTransactionHistory(db: Db, scope: Scope, transactionId: number) {
  const [refunds, disputes] = await Promise.all([
    db
      .selectFrom('refunds')
      .select(['refund_no', 'currency', 'amount', 'status', 'applied_at', 'processed_at'])
      .where('transaction_id', '=', transactionId)
      .where('merchant_id', '=', scope.merchantId)
      .orderBy('applied_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('disputes')
      .select([
        'case_no',
        'kind',
        'processing_type',
        'currency',
        'amount',
        'reply_deadline',
        'appeal_status',
        'appealed_at',
        'decided_at',
        'created_at',
      ])
      .where('transaction_id', '=', transactionId)
      .where('merchant_id', '=', scope.merchantId)
      // Fraud reports count towards scheme monitoring but are not cases the merchant sees.
      .where('kind', '<>', DisputeKind.fraudReport)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  return { refunds, disputes };
}

/** The six random digits of a trade number: an object, so that a test can make two draws the same. */
export const tradeNoDigits = { draw: (): number => randomInt(0, 1_000_000) };

/**
 * A new transaction number: "T", the gateway number, the last 9 digits of the time in ms and 6 random
 * digits. Two records of one gateway in one millisecond draw the same number once in a million (a
 * busy gateway, or a script or test with a fixed clock); the unique index refuses the second, and
 * withNewTradeNo gives it another.
 */
export function newTradeNo(gatewayNo: string, at: number): string {
  return `T${gatewayNo}${String(at).slice(-9)}${String(tradeNoDigits.draw()).padStart(6, '0')}`;
}

/** Numbers a record tries before the unique index's refusal stands (each retry is another one-in-a-million draw). */
export const TRADE_NO_ATTEMPTS = 5;

/**
 * Runs `record` (one database transaction that records a gateway record under the number it is given)
 * with a new trade number, and again with another while the unique index refuses the number: the
 * refused transaction rolled back whole, so nothing of it stays (a payment's link is not consumed).
 */
export async function withNewTradeNo<T>(gatewayNo: string, at: number, record: (tradeNo: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await record(newTradeNo(gatewayNo, at));
    } catch (error) {
      if (attempt >= TRADE_NO_ATTEMPTS || !isUniqueViolation(error, 'trade_no')) throw error;
    }
  }
}

/**
 * Records one gateway record and adds it to its day's rollup in the same database transaction, as
 * the live gateway does (the bulk generator writes rows directly and rebuilds the rollups after).
 */
export function recordTransaction(db: Db, row: Insertable<TransactionsTable>): Promise<number> {
  return db.transaction().execute((trx) => recordTransactionIn(trx, row));
}

/** recordTransaction inside the caller's transaction (a payment through a link consumes the link in the same one). */
export async function recordTransactionIn(trx: Trx, row: Insertable<TransactionsTable>): Promise<number> {
  const { id } = await trx.insertInto('transactions').values(row).returning('id').executeTakeFirstOrThrow();
  await postCapture(trx, { ...row, id });
  await emitPaymentEvent(trx, id, row.created_at);
  await addToRollup(
    trx,
    {
      merchantId: row.merchant_id,
      gatewayId: row.gateway_id,
      cardScheme: row.card_scheme,
      currency: row.settle_currency,
      at: row.created_at,
    },
    transactionDelta({
      category: row.category,
      pay_status: row.pay_status,
      settle_amount: row.settle_amount,
      duplicate_failure: row.duplicate_failure ?? 0,
      reserve_amount: row.reserve_amount ?? 0,
    }),
  );
  return id;
}
