import { sql } from 'kysely';
import type { TRefundListQuery, TRefundTimeType } from '@mbo/shared/refunds';
import type { Db } from '../../db/database';
import { gatewayIdFilter, type Scope } from '../../platform/scope';

/** Counts stop here; beyond it the list says "10,000+". */
export const REFUND_COUNT_CAP = 10_000;

type DbLike = Pick<Db, 'selectFrom'>;

/** The transaction a refund is applied to, in the caller's scope (merchant and permitted gateways). */
export function findTradeForRefund(db: DbLike, scope: Scope, tradeNo: string) {
  const gateways = gatewayIdFilter(scope);
  return db
    .selectFrom('transactions')
    .select([
      'id',
      'merchant_id',
      'gateway_id',
      'trade_no',
      'category',
      'pay_status',
      'currency',
      'amount',
      'settle_amount',
      'refunded_amount',
      'refund_pending_amount',
    ])
    .where('merchant_id', '=', scope.merchantId)
    .where('trade_no', '=', tradeNo)
    .$if(gateways !== null, (qb) => qb.where('gateway_id', 'in', gateways ?? [0]))
    .executeTakeFirst();
}

export type RefundFilters = Omit<TRefundListQuery, 'page' | 'limit' | 'after'>;

const SORT_COLUMN = { refundApply: 'r.applied_at', process: 'r.processed_at', trans: 't.created_at' } as const satisfies Record<
  TRefundTimeType,
  string
>;

function baseQuery(db: DbLike, scope: Scope, f: RefundFilters, range: { fromMs: number; toMs: number }) {
  const gateways = gatewayIdFilter(scope);
  const sortCol = SORT_COLUMN[f.timeType];
  return db
    .selectFrom('refunds as r')
    .innerJoin('transactions as t', 't.id', 'r.transaction_id')
    .innerJoin('gateways as g', 'g.id', 'r.gateway_id')
    .where('r.merchant_id', '=', scope.merchantId)
    .$if(gateways !== null, (qb) => qb.where('r.gateway_id', 'in', gateways ?? [0]))
    .where(sortCol, '>=', range.fromMs)
    .where(sortCol, '<', range.toMs)
    .$if(f.gatewayNo !== undefined, (qb) => qb.where('g.gateway_no', '=', f.gatewayNo ?? ''))
    .$if(f.tradeNo !== undefined, (qb) => qb.where('t.trade_no', '=', f.tradeNo ?? ''))
    .$if(f.refundNo !== undefined, (qb) => qb.where('r.refund_no', '=', f.refundNo ?? ''))
    .$if(f.status !== undefined, (qb) => qb.where('r.status', '=', f.status ?? 0))
    .$if(f.method !== undefined, (qb) => qb.where('r.method', '=', f.method ?? 0))
    .$if(f.source !== undefined, (qb) => qb.where('r.source', '=', f.source ?? 0));
}

type Base = ReturnType<typeof baseQuery>;

/** What a refund row shows, in the list and in the detail alike. */
const REFUND_COLUMNS = [
  'r.id',
  'r.refund_no',
  'r.refund_type',
  'r.method',
  'r.source',
  'r.currency',
  'r.amount',
  'r.available_amount',
  'r.reason',
  'r.applicant',
  'r.status',
  'r.fail_reason',
  'r.applied_at',
  'r.processed_at',
  't.trade_no',
  't.created_at as trade_at',
  'g.gateway_no',
] as const;

function selectRow(qb: Base, timeType: TRefundTimeType) {
  return qb.select(REFUND_COLUMNS).select(sql<number>`${sql.ref(SORT_COLUMN[timeType])}`.as('sort_value'));
}

export type RefundListRow = Awaited<ReturnType<typeof listRefunds>>['rows'][number];

/** Rows after the cursor "<sort value>_<id>" in (sort desc, id desc) order. */
function keysetAfter(timeType: TRefundTimeType, after: string) {
  const [v, id] = after.split('_').map(Number) as [number, number];
  const col = sql.ref(SORT_COLUMN[timeType]);
  return sql<boolean>`(${col} < ${v} or (${col} = ${v} and r.id < ${id}))`;
}

export async function listRefunds(db: Db, scope: Scope, q: TRefundListQuery, range: { fromMs: number; toMs: number }) {
  const col = SORT_COLUMN[q.timeType];
  let page = selectRow(baseQuery(db, scope, q, range), q.timeType)
    .orderBy(col, 'desc')
    .orderBy('r.id', 'desc')
    .limit(q.limit);
  page = q.after ? page.where(keysetAfter(q.timeType, q.after)) : page.offset((q.page - 1) * q.limit);
  const counted = baseQuery(db, scope, q, range)
    .select('r.id')
    .limit(REFUND_COUNT_CAP + 1);
  const [rows, countRow] = await Promise.all([
    page.execute(),
    db
      .selectFrom(counted.as('c'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const n = Number(countRow.n);
  return { rows, total: Math.min(n, REFUND_COUNT_CAP), capped: n > REFUND_COUNT_CAP };
}

/** Batches of rows for an export, by keyset, so no query holds more than `batch` rows. */
export async function* iterateRefunds(db: Db, scope: Scope, f: RefundFilters, range: { fromMs: number; toMs: number }, batch: number) {
  const col = SORT_COLUMN[f.timeType];
  let after: string | undefined;
  for (;;) {
    let qb = selectRow(baseQuery(db, scope, f, range), f.timeType)
      .orderBy(col, 'desc')
      .orderBy('r.id', 'desc')
      .limit(batch);
    if (after) qb = qb.where(keysetAfter(f.timeType, after));
    const rows = await qb.execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = `${Number(last.sort_value)}_${last.id}`;
  }
}

export function findRefund(db: Db, scope: Scope, refundNo: string) {
  const gateways = gatewayIdFilter(scope);
  return db
    .selectFrom('refunds as r')
    .innerJoin('transactions as t', 't.id', 'r.transaction_id')
    .innerJoin('gateways as g', 'g.id', 'r.gateway_id')
    .select(REFUND_COLUMNS)
    .select('r.applied_at as sort_value')
    .where('r.merchant_id', '=', scope.merchantId)
    .where('r.refund_no', '=', refundNo)
    .$if(gateways !== null, (qb) => qb.where('r.gateway_id', 'in', gateways ?? [0]))
    .executeTakeFirst();
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
