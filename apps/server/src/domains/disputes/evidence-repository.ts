import { DisputeKind, PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import { inScope, type Scope } from '../../platform/scope';
import { DAY_MS } from '../../platform/time';

/*
 * The SQL of the dispute workspace: what the product holds about a case's payment (every read bound to
 * the caller's merchant and gateways through `inScope`), and the evidence draft's rows. The service
 * (evidence-service.ts) opens the transactions.
 */

/** Kinds that make a transaction "disputed" for CE 3.0 (a retrieval is a request for a copy, not a dispute). */
const DISPUTING_KINDS = [DisputeKind.chargeback, DisputeKind.rdrAlert, DisputeKind.ethocaAlert, DisputeKind.fraudReport];

const TRADE_COLUMNS = [
  't.id',
  't.trade_no',
  't.merchant_order_no',
  't.created_at',
  't.currency',
  't.amount',
  't.pay_status',
  't.card_scheme',
  't.card_first6',
  't.card_last4',
  't.email',
  't.ip',
  't.customer_id',
  't.device_id',
  't.shipping_address',
  't.shipping_city',
  't.shipping_zip',
  't.shipping_country',
] as const;

function scopedTrades(db: DbOrTrx, scope: Scope) {
  return db
    .selectFrom('transactions as t')
    .where(inScope(scope, 't'))
    .where('t.category', '=', TradeCategory.formal)
    .select(TRADE_COLUMNS)
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom('disputes as d').select('d.id').whereRef('d.transaction_id', '=', 't.id').where('d.kind', 'in', DISPUTING_KINDS),
        )
        .as('disputed'),
    );
}

export type TradeFacts = Awaited<ReturnType<ReturnType<typeof scopedTrades>['executeTakeFirstOrThrow']>>;

/** The disputed payment with every column the workspace shows. */
export function findCaseTrade(db: DbOrTrx, scope: Scope, transactionId: number) {
  return db.selectFrom('transactions as t').selectAll('t').where(inScope(scope, 't')).where('t.id', '=', transactionId).executeTakeFirst();
}

/** The customer's other payments (same email or same card) in the caller's scope, newest first. */
export async function findOtherTrades(
  db: Db,
  scope: Scope,
  t: { id: number; email: string; card_first6: string; card_last4: string },
  limit: number,
) {
  const byEmail =
    t.email === ''
      ? []
      : await scopedTrades(db, scope)
          .where('t.email', '=', t.email)
          .where('t.id', '!=', t.id)
          .orderBy('t.created_at', 'desc')
          .limit(limit)
          .execute();
  const byCard = await scopedTrades(db, scope)
    .where('t.card_last4', '=', t.card_last4)
    .where('t.card_first6', '=', t.card_first6)
    .where('t.id', '!=', t.id)
    .orderBy('t.created_at', 'desc')
    .limit(limit)
    .execute();
  const seen = new Set<number>();
  return [...byEmail, ...byCard]
    .filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)))
    .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
    .slice(0, limit);
}

/**
 * Approved payments on the same card in the year before the dispute: ce3.ts decides the window, and
 * counts the recent ones too, so that a merchant whose history is only too recent is told so.
 */
export function findCe3Candidates(db: Db, scope: Scope, t: { card_first6: string; card_last4: string }, disputeAt: number) {
  return scopedTrades(db, scope)
    .where('t.card_last4', '=', t.card_last4)
    .where('t.card_first6', '=', t.card_first6)
    .where('t.pay_status', '=', PayStatus.success)
    .where('t.created_at', '>=', disputeAt - 367 * DAY_MS)
    .where('t.created_at', '<', disputeAt)
    .orderBy('t.created_at', 'desc')
    .limit(500)
    .execute();
}

/** A payment has one waybill at most (waybills_transaction_uq). */
export function findWaybill(db: Db, scope: Scope, transactionId: number) {
  const columns = ['w.tracking_no', 'w.carrier', 'w.status', 'w.uploaded_at', 'w.checked_at'] as const;
  return db
    .selectFrom('waybills as w')
    .select(columns)
    .where(inScope(scope, 'w'))
    .where('w.transaction_id', '=', transactionId)
    .executeTakeFirst();
}

export function findProducts(db: Db, scope: Scope, transactionId: number) {
  return db
    .selectFrom('order_products as p')
    .select(['p.name', 'p.goods_no', 'p.quantity', 'p.currency', 'p.price'])
    .where(inScope(scope, 'p'))
    .where('p.transaction_id', '=', transactionId)
    .orderBy('p.id', 'asc')
    .limit(50)
    .execute();
}

/** Refunds of these payments applied before `before` (the customer's earlier refunds). */
export function findRefunds(db: Db, scope: Scope, transactionIds: number[], before: number) {
  if (transactionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('refunds as r')
    .innerJoin('transactions as t', 't.id', 'r.transaction_id')
    .select(['r.refund_no', 't.trade_no', 'r.currency', 'r.amount', 'r.status', 'r.applied_at'])
    .where(inScope(scope, 'r'))
    .where('r.transaction_id', 'in', transactionIds)
    .where('r.applied_at', '<', before)
    .orderBy('r.applied_at', 'desc')
    .limit(50)
    .execute();
}

// ---- the draft ----

export function findDraft(db: DbOrTrx, disputeId: number) {
  return db.selectFrom('dispute_drafts').selectAll().where('dispute_id', '=', disputeId).executeTakeFirst();
}

export function listDraftFiles(db: DbOrTrx, draftId: number) {
  return db.selectFrom('dispute_files').selectAll().where('draft_id', '=', draftId).orderBy('id', 'asc').execute();
}

type DraftText = { note: string; sections: string; use_ce3: number; updated_by_admin_id: number | null };

/** A case's first draft; false when another save made it first (the unique index refused this one). */
export async function insertDraft(
  trx: Trx,
  d: { dispute_id: number; merchant_id: number } & DraftText,
  now: number,
): Promise<number | null> {
  const row = await trx
    .insertInto('dispute_drafts')
    .values({ ...d, version: 1, created_at: now, updated_at: now, submitted_at: null })
    .onConflict((oc) => oc.column('dispute_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Changes a draft only at the version the merchant edited or previewed and while it is not submitted:
 * the next version of its text, or its submission (once).
 */
export async function updateOpenDraft(
  trx: Trx,
  draftId: number,
  version: number,
  set: (DraftText & { version: number }) | { submitted_at: number },
  now: number,
): Promise<boolean> {
  const res = await trx
    .updateTable('dispute_drafts')
    .set({ ...set, updated_at: now })
    .where('id', '=', draftId)
    .where('version', '=', version)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteDraftFiles(trx: Trx, draftId: number, ids: number[]): Promise<void> {
  if (ids.length > 0) await trx.deleteFrom('dispute_files').where('draft_id', '=', draftId).where('id', 'in', ids).execute();
}

// ---- win and loss by reason code ----

/** Appeals decided or pending per business month (UTC+08:00) of the case's arrival, by scheme and reason code. */
export function listAppealOutcomes(db: Db, scope: Scope, fromMs: number, toMs: number) {
  return db
    .selectFrom('disputes as x')
    .innerJoin('transactions as t', 't.id', 'x.transaction_id')
    .select(['x.created_at', 't.card_scheme', 'x.reason_code', 'x.appeal_status'])
    .where(inScope(scope, 'x'))
    .where('x.kind', '=', DisputeKind.chargeback)
    .where('x.appeal_status', '!=', 0)
    .where('x.created_at', '>=', fromMs)
    .where('x.created_at', '<', toMs)
    .execute();
}
