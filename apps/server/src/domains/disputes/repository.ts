import type { ExpressionBuilder } from 'kysely';
import { DISPUTES, type TDisputeListQuery, type TDisputeTimeType } from '@mbo/shared/disputes';
import type { TListPaging } from '@mbo/shared/list';
import { DisputeKind } from '@mbo/shared/trade-enums';
import type { Db, DbOrTrx } from '../../db/database';
import type { Database } from '../../db/types';
import { type ExportReader } from '../../platform/export-reader';
import { keysetBatches } from '../../platform/keyset-walk';
import { keysetPage } from '../../platform/list';
import { selectFields, type FieldRow } from '../../platform/list-fields';
import { inScope, type Scope } from '../../platform/scope';
import { DAY_MS, dateInZone, dayRangeInZone } from '../../platform/time';
import { ALERT_REFUNDABLE_KIND, APPEALABLE } from './rules';

/** The case list and the reads of merchants (a case, its evidence files); the writes are in case-repository.ts. */

export type DisputeFilters = Omit<TDisputeListQuery, 'page' | 'limit' | 'after'>;
/** The chosen time's range; `today` the caller's today, in the caller's timezone (the `due` filter). */
type Range = { fromMs: number; toMs: number; today: { fromMs: number; toMs: number } };

/** The list's ranges from its dates, read in the caller's timezone. */
export function rangesOf(q: { from: string; to: string }, timezone: string, now: number): Range {
  const today = dateInZone(now, timezone);
  return { ...dayRangeInZone(q.from, q.to, timezone), today: dayRangeInZone(today, today, timezone) };
}

/** The transaction's time is the case's copy of it (trade_at, migration 0038), which disputes_trade_at_idx seeks. */
const SORT_COLUMN = { dispute: 'x.created_at', trans: 'x.trade_at' } as const satisfies Record<TDisputeTimeType, string>;

/** The scope's cases (fraud reports count for card-scheme monitoring only: they are not cases) with their transactions. */
export function scoped(db: Db, scope: Scope) {
  return db
    .selectFrom('disputes as x')
    .innerJoin('transactions as t', 't.id', 'x.transaction_id')
    .where(inScope(scope, 'x'))
    .where('x.kind', '!=', DisputeKind.fraudReport);
}

/**
 * The SQL form of rules.ts's isAppealable || isAlertRefundable with the deadline still ahead: the
 * cases that wait for the merchant's answer.
 */
export function isOpen(eb: ExpressionBuilder<Database & { x: Database['disputes'] }, 'x'>, now: number) {
  return eb.and([
    eb('x.reply_deadline', '>', now),
    eb.or([
      eb.and([
        eb('x.kind', '=', APPEALABLE.kind),
        eb('x.processing_type', 'in', APPEALABLE.processingTypes),
        eb('x.appeal_status', '=', APPEALABLE.appealStatus),
      ]),
      eb.and([eb('x.kind', '=', ALERT_REFUNDABLE_KIND), eb('x.refund_id', 'is', null)]),
    ]),
  ]);
}

/**
 * The cases whose chosen time is in the range; `open` keeps only those still waiting for an answer.
 * The range applies to both views, as the screen shows it: the screen opens `open` on the widest
 * range a query takes (6 months), far longer than any reply deadline runs.
 */
/** The filters, on the case's own columns (a trade number through the transactions' unique index). */
function caseConditions(eb: ExpressionBuilder<Database & { x: Database['disputes'] }, 'x'>, f: DisputeFilters, range: Range, now: number) {
  const parts = [];
  if (f.view === 'open') parts.push(isOpen(eb, now));
  if (f.tradeNo !== undefined)
    parts.push(eb('x.transaction_id', 'in', eb.selectFrom('transactions as tn').select('tn.id').where('tn.trade_no', '=', f.tradeNo)));
  if (f.caseNo !== undefined) parts.push(eb('x.case_no', '=', f.caseNo));
  if (f.processingType !== undefined) parts.push(eb('x.processing_type', '=', f.processingType));
  if (f.kind !== undefined) parts.push(eb('x.kind', '=', f.kind));
  if (f.appealStatus !== undefined) parts.push(eb('x.appeal_status', '=', f.appealStatus));
  if (f.deadlineWithinDays !== undefined)
    parts.push(eb('x.reply_deadline', '>=', now), eb('x.reply_deadline', '<=', now + f.deadlineWithinDays * DAY_MS));
  if (f.due === 'today') parts.push(eb('x.reply_deadline', '>=', range.today.fromMs), eb('x.reply_deadline', '<', range.today.toMs));
  return eb.and(parts);
}

function filtered(db: Db, scope: Scope, f: DisputeFilters, range: Range, now: number) {
  const col = SORT_COLUMN[f.timeType];
  return scoped(db, scope)
    .where(col, '>=', range.fromMs)
    .where(col, '<', range.toMs)
    .where((eb) => caseConditions(eb, f, range, now));
}

/**
 * What the count reads: the cases alone (every case has its transaction). With the join, counting up
 * to the cap looked up 10,001 transactions: 458 ms for 3 months of the 5M-row bench database's cases
 * read cold.
 */
function counted(db: Db, scope: Scope, f: DisputeFilters, range: Range, now: number) {
  const col = SORT_COLUMN[f.timeType];
  return db
    .selectFrom('disputes as x')
    .where(inScope(scope, 'x'))
    .where('x.kind', '!=', DisputeKind.fraudReport)
    .where(col, '>=', range.fromMs)
    .where(col, '<', range.toMs)
    .where((eb) => caseConditions(eb, f, range, now));
}

/** What a case row shows, in the list and in the detail alike (with what rules.ts reads: the refund's id). */
function withColumns(qb: ReturnType<typeof scoped>) {
  return selectFields(
    qb.innerJoin('gateways as g', 'g.id', 'x.gateway_id').leftJoin('refunds as rf', 'rf.id', 'x.refund_id'),
    DISPUTES.fields,
    'x',
    { tradeNo: 't.trade_no', tradeAt: 't.created_at', gatewayNo: 'g.gateway_no', refundNo: 'rf.refund_no', refundId: 'x.refund_id' },
  );
}

export type DisputeRow = FieldRow<typeof DISPUTES.fields>;

/** The field each order sorts by: `open` the nearest reply deadline, `all` the chosen time. */
export function sortField(f: Pick<DisputeFilters, 'view' | 'timeType'>) {
  return f.view === 'open' ? 'replyDeadline' : f.timeType === 'trans' ? 'tradeAt' : 'createdAt';
}

/** `all`: newest first by the chosen time. `open`: nearest reply deadline first (disputes_deadline_idx). */
function disputeList(db: Db, scope: Scope, f: DisputeFilters, range: Range, now: number) {
  const open = f.view === 'open';
  const field = sortField(f);
  return {
    rows: () => withColumns(filtered(db, scope, f, range, now)),
    sort: {
      column: open ? 'x.reply_deadline' : SORT_COLUMN[f.timeType],
      id: 'x.id',
      direction: open ? 'asc' : 'desc',
      value: (r: DisputeRow) => Number(r[field] ?? 0),
    },
  } as const;
}

export function listDisputes(db: Db, scope: Scope, q: DisputeFilters & TListPaging, range: Range, now: number) {
  return keysetPage(db, disputeList(db, scope, q, range, now), q, { count: counted(db, scope, q, range, now) });
}

export function iterateDisputes(db: Db, scope: Scope, f: DisputeFilters, range: Range, now: number, reader: (() => ExportReader) | null) {
  return keysetBatches(disputeList(db, scope, f, range, now), { reader });
}

export function findDispute(db: Db, scope: Scope, caseNo: string) {
  return withColumns(scoped(db, scope)).where('x.case_no', '=', caseNo).executeTakeFirst();
}

/** A case in the caller's scope with every column (what the merchant's actions check). */
export function findScopedCase(db: DbOrTrx, scope: Scope, caseNo: string) {
  return db
    .selectFrom('disputes')
    .selectAll()
    .where(inScope(scope, 'disputes'))
    .where('case_no', '=', caseNo)
    .where('kind', '!=', DisputeKind.fraudReport)
    .executeTakeFirst();
}

/**
 * Only the appeal's evidence: a file chosen for an evidence draft is the appeal's once the draft is
 * submitted, never before (a draft changes nothing of the case).
 */
function appealEvidence(eb: ExpressionBuilder<Database & { f: Database['dispute_files'] }, 'f'>) {
  return eb.or([
    eb('f.draft_id', 'is', null),
    eb.exists(
      eb.selectFrom('dispute_drafts as dd').select('dd.id').whereRef('dd.id', '=', 'f.draft_id').where('dd.submitted_at', 'is not', null),
    ),
  ]);
}

/** The merchant's files that are its appeals' evidence: what a case shows and what may be downloaded. */
function evidenceFiles(db: Db, scope: Scope) {
  return db.selectFrom('dispute_files as f').where('f.merchant_id', '=', scope.merchantId).where(appealEvidence);
}

export function listDisputeFiles(db: Db, scope: Scope, disputeId: number) {
  return evidenceFiles(db, scope)
    .select(['f.id', 'f.original_name', 'f.mime', 'f.size', 'f.created_at'])
    .where('f.dispute_id', '=', disputeId)
    .orderBy('f.id', 'asc')
    .execute();
}

/** An evidence file, visible only when its case is (merchant and permitted gateways). */
export function findDisputeFile(db: Db, scope: Scope, fileId: number) {
  return evidenceFiles(db, scope)
    .innerJoin('disputes as x', 'x.id', 'f.dispute_id')
    .select(['f.id', 'f.original_name', 'f.mime', 'f.storage_name'])
    .where('f.id', '=', fileId)
    .where(inScope(scope, 'x'))
    .executeTakeFirst();
}
