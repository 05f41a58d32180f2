import { sql } from 'kysely';
import type { TDisputeListQuery, TDisputeTimeType } from '@mbo/shared/disputes';
import { DisputeKind } from '@mbo/shared/trade-enums';
import type { Db } from '../../db/database';
import { gatewayIdFilter, type Scope } from '../../platform/scope';
import { DAY_MS } from '../../platform/time';

/** Counts stop here; beyond it the list says "10,000+". */
export const DISPUTE_COUNT_CAP = 10_000;

export type DisputeFilters = Omit<TDisputeListQuery, 'page' | 'limit' | 'after'>;
type Range = { fromMs: number; toMs: number };

const SORT_COLUMN = { dispute: 'x.created_at', trans: 't.created_at' } as const satisfies Record<TDisputeTimeType, string>;

function baseQuery(db: Db, scope: Scope, f: DisputeFilters, range: Range, now: number) {
  const gateways = gatewayIdFilter(scope);
  const col = SORT_COLUMN[f.timeType];
  return (
    db
      .selectFrom('disputes as x')
      .innerJoin('transactions as t', 't.id', 'x.transaction_id')
      .innerJoin('gateways as g', 'g.id', 'x.gateway_id')
      .where('x.merchant_id', '=', scope.merchantId)
      .$if(gateways !== null, (qb) => qb.where('x.gateway_id', 'in', gateways ?? [0]))
      // Fraud reports count for card-scheme monitoring only; they are not cases.
      .where('x.kind', '!=', DisputeKind.fraudReport)
      .where(col, '>=', range.fromMs)
      .where(col, '<', range.toMs)
      .$if(f.gatewayNo !== undefined, (qb) => qb.where('g.gateway_no', '=', f.gatewayNo ?? ''))
      .$if(f.tradeNo !== undefined, (qb) => qb.where('t.trade_no', '=', f.tradeNo ?? ''))
      .$if(f.caseNo !== undefined, (qb) => qb.where('x.case_no', '=', f.caseNo ?? ''))
      .$if(f.processingType !== undefined, (qb) => qb.where('x.processing_type', '=', f.processingType ?? 0))
      .$if(f.kind !== undefined, (qb) => qb.where('x.kind', '=', f.kind ?? 0))
      .$if(f.appealStatus !== undefined, (qb) => qb.where('x.appeal_status', '=', f.appealStatus ?? 0))
      .$if(f.deadlineWithinDays !== undefined, (qb) =>
        qb.where('x.reply_deadline', '>=', now).where('x.reply_deadline', '<=', now + (f.deadlineWithinDays ?? 0) * DAY_MS),
      )
  );
}

/** What a case row shows, in the list and in the detail alike. */
const CASE_COLUMNS = [
  'x.id',
  'x.case_no',
  'x.kind',
  'x.processing_type',
  'x.currency',
  'x.amount',
  'x.chargeback_amount',
  'x.appeal_amount',
  'x.alert_amount',
  'x.settle_batch',
  'x.reason_code',
  'x.reason',
  'x.reply_deadline',
  'x.appeal_status',
  'x.appeal_note',
  'x.appealed_at',
  'x.decided_at',
  'x.refund_id',
  'x.created_at',
  't.trade_no',
  't.created_at as trade_at',
  'g.gateway_no',
  'rf.refund_no',
] as const;

function selectRow(qb: ReturnType<typeof baseQuery>, timeType: TDisputeTimeType) {
  return qb
    .leftJoin('refunds as rf', 'rf.id', 'x.refund_id')
    .select([
      'x.id',
      'x.case_no',
      'x.kind',
      'x.processing_type',
      'x.currency',
      'x.amount',
      'x.chargeback_amount',
      'x.appeal_amount',
      'x.alert_amount',
      'x.settle_batch',
      'x.reason_code',
      'x.reason',
      'x.reply_deadline',
      'x.appeal_status',
      'x.appeal_note',
      'x.appealed_at',
      'x.decided_at',
      'x.refund_id',
      'x.created_at',
      't.trade_no',
      't.created_at as trade_at',
      'g.gateway_no',
      'rf.refund_no',
      sql<number>`${sql.ref(SORT_COLUMN[timeType])}`.as('sort_value'),
    ]);
}

export type DisputeRow = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>[number];

function keysetAfter(timeType: TDisputeTimeType, after: string) {
  const [v, id] = after.split('_').map(Number) as [number, number];
  const col = sql.ref(SORT_COLUMN[timeType]);
  return sql<boolean>`(${col} < ${v} or (${col} = ${v} and x.id < ${id}))`;
}

export async function listDisputes(db: Db, scope: Scope, q: TDisputeListQuery, range: Range, now: number) {
  const col = SORT_COLUMN[q.timeType];
  let page = selectRow(baseQuery(db, scope, q, range, now), q.timeType)
    .orderBy(col, 'desc')
    .orderBy('x.id', 'desc')
    .limit(q.limit);
  page = q.after ? page.where(keysetAfter(q.timeType, q.after)) : page.offset((q.page - 1) * q.limit);
  const counted = baseQuery(db, scope, q, range, now)
    .select('x.id')
    .limit(DISPUTE_COUNT_CAP + 1);
  const [rows, countRow] = await Promise.all([
    page.execute(),
    db
      .selectFrom(counted.as('c'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const n = Number(countRow.n);
  return { rows, total: Math.min(n, DISPUTE_COUNT_CAP), capped: n > DISPUTE_COUNT_CAP };
}

/** Batches of rows for an export, by keyset. */
export async function* iterateDisputes(db: Db, scope: Scope, f: DisputeFilters, range: Range, now: number, batch: number) {
  const col = SORT_COLUMN[f.timeType];
  let after: string | undefined;
  for (;;) {
    let qb = selectRow(baseQuery(db, scope, f, range, now), f.timeType)
      .orderBy(col, 'desc')
      .orderBy('x.id', 'desc')
      .limit(batch);
    if (after) qb = qb.where(keysetAfter(f.timeType, after));
    const rows = await qb.execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = `${Number(last.sort_value)}_${last.id}`;
  }
}

export async function findDispute(db: Db, scope: Scope, caseNo: string) {
  const gateways = gatewayIdFilter(scope);
  return db
    .selectFrom('disputes as x')
    .innerJoin('transactions as t', 't.id', 'x.transaction_id')
    .innerJoin('gateways as g', 'g.id', 'x.gateway_id')
    .leftJoin('refunds as rf', 'rf.id', 'x.refund_id')
    .select(CASE_COLUMNS)
    .select('x.created_at as sort_value')
    .where('x.merchant_id', '=', scope.merchantId)
    .where('x.case_no', '=', caseNo)
    .where('x.kind', '!=', DisputeKind.fraudReport)
    .$if(gateways !== null, (qb) => qb.where('x.gateway_id', 'in', gateways ?? [0]))
    .executeTakeFirst();
}

export function listDisputeFiles(db: Db, scope: Scope, disputeId: number) {
  return db
    .selectFrom('dispute_files')
    .select(['id', 'original_name', 'mime', 'size', 'created_at'])
    .where('dispute_id', '=', disputeId)
    .where('merchant_id', '=', scope.merchantId)
    .orderBy('id', 'asc')
    .execute();
}

/** An evidence file, visible only when its case is (merchant and permitted gateways). */
export function findDisputeFile(db: Db, scope: Scope, fileId: number) {
  const gateways = gatewayIdFilter(scope);
  return db
    .selectFrom('dispute_files as f')
    .innerJoin('disputes as x', 'x.id', 'f.dispute_id')
    .select(['f.id', 'f.original_name', 'f.mime', 'f.storage_name'])
    .where('f.id', '=', fileId)
    .where('f.merchant_id', '=', scope.merchantId)
    .where('x.merchant_id', '=', scope.merchantId)
    .$if(gateways !== null, (qb) => qb.where('x.gateway_id', 'in', gateways ?? [0]))
    .executeTakeFirst();
}
