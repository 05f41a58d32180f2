import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { TListPaging } from '@mbo/shared/list';
import { REFUNDS, type TRefundListQuery, type TRefundTimeType } from '@mbo/shared/refunds';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import type { Database, RefundsTable } from '../../db/types';
import { type ExportReader } from '../../platform/export-reader';
import { keysetBatches } from '../../platform/keyset-walk';
import { keysetPage } from '../../platform/list';
import { selectFields, type FieldRow } from '../../platform/list-fields';
import { gatewayIdFilter, inScope, type Scope } from '../../platform/scope';

/** The columns of a transaction that refunds and dispute actions move money on. */
const TRADE_MONEY_COLUMNS = [
  'id',
  'merchant_id',
  'gateway_id',
  'trade_no',
  'category',
  'pay_status',
  'card_scheme',
  'currency',
  'amount',
  'settle_currency',
  'settle_amount',
  'refunded_amount',
  'refund_pending_amount',
  'abnormal_status',
  // Copied onto its refunds and cases (trade_at), which the lists by transaction time seek.
  'created_at',
] as const;

/** The transaction a refund is applied to, in the caller's scope (merchant and permitted gateways). */
export function findTradeForRefund(db: DbOrTrx, scope: Scope, tradeNo: string) {
  const gateways = gatewayIdFilter(scope);
  return db
    .selectFrom('transactions')
    .select(TRADE_MONEY_COLUMNS)
    .where('merchant_id', '=', scope.merchantId)
    .where('trade_no', '=', tradeNo)
    .$if(gateways !== null, (qb) => qb.where('gateway_id', 'in', gateways ?? [0]))
    .executeTakeFirst();
}

export type TradeMoneyRow = NonNullable<Awaited<ReturnType<typeof findTradeForRefund>>>;

/** A transaction already found (by a case or a refund pointing at it). */
export function getTradeById(db: DbOrTrx, id: number): Promise<TradeMoneyRow> {
  return db.selectFrom('transactions').select(TRADE_MONEY_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Transactions by order number across merchants (operator commands): at most two, so a duplicate is noticed. */
export function findTradesByNo(db: DbOrTrx, tradeNo: string): Promise<TradeMoneyRow[]> {
  return db.selectFrom('transactions').select(TRADE_MONEY_COLUMNS).where('trade_no', '=', tradeNo).limit(2).execute();
}

/**
 * Reserves `amount` on the transaction when it still fits: a conditional UPDATE whose row lock
 * (PostgreSQL) or single writer (SQLite) makes concurrent applications queue, and whose WHERE
 * re-checks what is left. False when it no longer fits.
 */
export async function reserveRefundAmount(trx: Trx, tradeId: number, amount: number): Promise<boolean> {
  const res = await trx
    .updateTable('transactions')
    .set({ refund_pending_amount: sql<number>`refund_pending_amount + ${amount}` })
    .where('id', '=', tradeId)
    .where(sql<boolean>`amount - refunded_amount - refund_pending_amount >= ${amount}`)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Releases a reservation (a failed refund). */
export async function releaseRefundAmount(trx: Trx, tradeId: number, amount: number): Promise<void> {
  await trx
    .updateTable('transactions')
    .set({ refund_pending_amount: sql<number>`refund_pending_amount - ${amount}` })
    .where('id', '=', tradeId)
    .execute();
}

/**
 * Counts a refund as done on its transaction: refunded up, pending down when it was reserved. Money
 * that was not reserved first (an RDR refund) must still fit in what is left: false when it does not.
 */
export async function addRefundedAmount(
  trx: Trx,
  tradeId: number,
  amount: number,
  o: { fromPending: boolean; abnormalStatus: number },
): Promise<boolean> {
  const update = trx
    .updateTable('transactions')
    .set({
      refunded_amount: sql<number>`refunded_amount + ${amount}`,
      refund_pending_amount: o.fromPending ? sql<number>`refund_pending_amount - ${amount}` : sql<number>`refund_pending_amount`,
      refund_status: 1,
      abnormal_status: o.abnormalStatus,
    })
    .where('id', '=', tradeId);
  const res = await (
    o.fromPending ? update : update.where(sql<boolean>`amount - refunded_amount - refund_pending_amount >= ${amount}`)
  ).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertRefund(trx: Trx, values: Insertable<RefundsTable>): Promise<number> {
  const row = await trx.insertInto('refunds').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findRefundByNo(trx: Trx, refundNo: string) {
  return trx.selectFrom('refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirst();
}

/** Moves a refund to its next status only from one of the expected ones: false when another step got there first. */
export async function moveRefundStatus(
  trx: Trx,
  refundId: number,
  from: readonly number[],
  to: { status: number; processed_at?: number; fail_reason?: string },
): Promise<boolean> {
  const res = await trx.updateTable('refunds').set(to).where('id', '=', refundId).where('status', 'in', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** An Ethoca alert whose refund failed is open again (only if it still points at that refund). */
export async function reopenAlertOfRefund(trx: Trx, disputeId: number, refundId: number, now: number): Promise<void> {
  await trx
    .updateTable('disputes')
    .set({ refund_id: null, updated_at: now })
    .where('id', '=', disputeId)
    .where('refund_id', '=', refundId)
    .execute();
}

export type RefundFilters = Omit<TRefundListQuery, 'page' | 'limit' | 'after'>;
type Range = { fromMs: number; toMs: number };

/** The transaction's time is the refund's copy of it (trade_at, migration 0038), which refunds_trade_at_idx seeks. */
const SORT_COLUMN = { refundApply: 'r.applied_at', process: 'r.processed_at', trans: 'r.trade_at' } as const satisfies Record<
  TRefundTimeType,
  string
>;

/** The scope's refunds with their transactions (filters and a row's columns read both). */
function scoped(db: Db, scope: Scope) {
  return db.selectFrom('refunds as r').innerJoin('transactions as t', 't.id', 'r.transaction_id').where(inScope(scope, 'r'));
}

/** The filters, on the refund's own columns (a trade number through the transactions' unique index). */
function refundConditions(eb: ExpressionBuilder<Database & { r: Database['refunds'] }, 'r'>, f: RefundFilters) {
  const parts = [];
  if (f.tradeNo !== undefined)
    parts.push(eb('r.transaction_id', 'in', eb.selectFrom('transactions as tn').select('tn.id').where('tn.trade_no', '=', f.tradeNo)));
  if (f.refundNo !== undefined) parts.push(eb('r.refund_no', '=', f.refundNo));
  if (f.status !== undefined) parts.push(eb('r.status', '=', f.status));
  if (f.method !== undefined) parts.push(eb('r.method', '=', f.method));
  if (f.source !== undefined) parts.push(eb('r.source', '=', f.source));
  return eb.and(parts);
}

function filtered(db: Db, scope: Scope, f: RefundFilters, range: Range) {
  const col = SORT_COLUMN[f.timeType];
  return scoped(db, scope)
    .where(col, '>=', range.fromMs)
    .where(col, '<', range.toMs)
    .where((eb) => refundConditions(eb, f));
}

/**
 * What the count reads: the refunds alone (every refund has its transaction). With the join, counting
 * up to the cap looked up 10,001 transactions: 555 ms for a month of the 5M-row bench database's
 * refunds read cold, against a few ms without.
 */
function counted(db: Db, scope: Scope, f: RefundFilters, range: Range) {
  const col = SORT_COLUMN[f.timeType];
  return db
    .selectFrom('refunds as r')
    .where(inScope(scope, 'r'))
    .where(col, '>=', range.fromMs)
    .where(col, '<', range.toMs)
    .where((eb) => refundConditions(eb, f));
}

/** What a refund row shows, in the list and in the detail alike (the gateway joined for its number only). */
function withColumns(qb: ReturnType<typeof scoped>) {
  return selectFields(qb.innerJoin('gateways as g', 'g.id', 'r.gateway_id'), REFUNDS.fields, 'r', {
    tradeNo: 't.trade_no',
    gatewayNo: 'g.gateway_no',
    tradeAt: 't.created_at',
  });
}

/** The field of each time type, which the list sorts by. */
export const SORT_FIELD = { refundApply: 'appliedAt', process: 'processedAt', trans: 'tradeAt' } as const satisfies Record<
  TRefundTimeType,
  keyof typeof REFUNDS.fields
>;

/** Refunds newest first by the chosen time. */
function refundList(db: Db, scope: Scope, f: RefundFilters, range: Range) {
  return {
    rows: () => withColumns(filtered(db, scope, f, range)),
    sort: {
      column: SORT_COLUMN[f.timeType],
      id: 'r.id',
      direction: 'desc',
      value: (r: FieldRow<typeof REFUNDS.fields>) => Number(r[SORT_FIELD[f.timeType]] ?? 0),
    },
  } as const;
}

export function listRefunds(db: Db, scope: Scope, q: RefundFilters & TListPaging, range: Range) {
  return keysetPage(db, refundList(db, scope, q, range), q, { count: counted(db, scope, q, range) });
}

export function iterateRefunds(db: Db, scope: Scope, f: RefundFilters, range: Range, reader: (() => ExportReader) | null) {
  return keysetBatches(refundList(db, scope, f, range), { reader });
}

export function findRefund(db: Db, scope: Scope, refundNo: string) {
  return withColumns(scoped(db, scope)).where('r.refund_no', '=', refundNo).executeTakeFirst();
}

/** Operator listing: the latest refunds of every merchant, optionally one status. */
export function listLatestRefunds(db: Db, o: { status?: number; limit: number }) {
  return db
    .selectFrom('refunds as r')
    .innerJoin('transactions as t', 't.id', 'r.transaction_id')
    .innerJoin('merchants as m', 'm.id', 'r.merchant_id')
    .select([
      'r.refund_no',
      'r.status',
      'r.amount',
      'r.currency',
      'r.source',
      'r.applied_at',
      'r.processed_at',
      't.trade_no',
      'm.merchant_no',
    ])
    .$if(o.status !== undefined, (qb) => qb.where('r.status', '=', o.status ?? 0))
    .orderBy('r.applied_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(o.limit)
    .execute();
}
