import { sql, type Insertable } from 'kysely';
import {
  COMPLAINTS,
  ComplaintStatus,
  SENT_REPLIES,
  type TComplaintFilters,
  type TComplaintListQuery,
  type TSentReplyListQuery,
} from '@mbo/shared/complaints';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import type { CardholderRepliesTable, ComplaintsTable, ReplyTemplatesTable } from '../../db/types';
import { keysetPage } from '../../platform/list';
import { selectFields } from '../../platform/list-fields';
import { gatewayIdFilter, type Scope } from '../../platform/scope';

/** All SQL of complaints, reply templates and sent replies. */

const base = (db: Db, scope: Scope, f: TComplaintFilters, range: { fromMs: number; toMs: number }) => {
  const ids = gatewayIdFilter(scope);
  return db
    .selectFrom('complaints as c')
    .innerJoin('transactions as t', 't.id', 'c.transaction_id')
    .innerJoin('gateways as g', 'g.id', 'c.gateway_id')
    .where('c.merchant_id', '=', scope.merchantId)
    .where('c.created_at', '>=', range.fromMs)
    .where('c.created_at', '<', range.toMs)
    .$if(ids !== null, (qb) => qb.where('c.gateway_id', 'in', ids ?? [0]))
    .$if(f.status !== undefined, (qb) => qb.where('c.status', '=', f.status ?? 0))
    .$if(f.kind !== undefined, (qb) => qb.where('c.kind', '=', f.kind ?? 0))
    .$if(f.tradeNo !== undefined, (qb) => qb.where('t.trade_no', '=', f.tradeNo ?? ''));
};

function complaintList(db: Db, scope: Scope, f: TComplaintFilters, range: { fromMs: number; toMs: number }) {
  return {
    rows: () =>
      selectFields(base(db, scope, f, range).leftJoin('refunds as r', 'r.id', 'c.refund_id'), COMPLAINTS.fields, 'c', {
        tradeNo: 't.trade_no',
        tradeAt: 't.created_at',
        gatewayNo: 'g.gateway_no',
        currency: 't.currency',
        amount: 't.amount',
        refundNo: 'r.refund_no',
      }),
    sort: { column: 'c.created_at', id: 'c.id', direction: 'desc', value: (r: { createdAt: unknown }) => Number(r.createdAt) },
  } as const;
}

export function listComplaints(db: Db, scope: Scope, q: TComplaintListQuery, range: { fromMs: number; toMs: number }) {
  return keysetPage(db, complaintList(db, scope, q, range), q, { count: base(db, scope, q, range) });
}

/** One complaint of the scope with its transaction, or undefined (another merchant's number too). */
export function findComplaint(db: DbOrTrx, scope: Scope, complaintNo: string) {
  const ids = gatewayIdFilter(scope);
  return db
    .selectFrom('complaints as c')
    .innerJoin('transactions as t', 't.id', 'c.transaction_id')
    .innerJoin('merchants as m', 'm.id', 'c.merchant_id')
    .selectAll('c')
    .select(['t.trade_no', 't.merchant_order_no', 't.currency', 't.amount', 'm.name as merchant_name'])
    .where('c.complaint_no', '=', complaintNo)
    .where('c.merchant_id', '=', scope.merchantId)
    .$if(ids !== null, (qb) => qb.where('c.gateway_id', 'in', ids ?? [0]))
    .executeTakeFirst();
}

/** Marks a pending complaint processed; false when it is no longer pending (processed by someone else). */
export async function markProcessed(trx: Trx, id: number, o: { action: number; refundId: number | null; by: string; now: number }) {
  const r = await trx
    .updateTable('complaints')
    .set({ status: ComplaintStatus.processed, action: o.action, refund_id: o.refundId, processed_by: o.by, processed_at: o.now })
    .where('id', '=', id)
    .where('status', '=', ComplaintStatus.pending)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertComplaint(db: DbOrTrx, row: Insertable<ComplaintsTable>): Promise<number> {
  const { id } = await db.insertInto('complaints').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export function listTemplates(db: Db, scope: Scope) {
  return db.selectFrom('reply_templates').selectAll().where('merchant_id', '=', scope.merchantId).orderBy('id').limit(200).execute();
}

export function findTemplate(db: DbOrTrx, scope: Scope, id: number) {
  return db.selectFrom('reply_templates').selectAll().where('id', '=', id).where('merchant_id', '=', scope.merchantId).executeTakeFirst();
}

export async function insertTemplate(db: DbOrTrx, row: Insertable<ReplyTemplatesTable>): Promise<number> {
  const { id } = await db.insertInto('reply_templates').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateTemplate(db: Db, scope: Scope, id: number, set: Partial<Insertable<ReplyTemplatesTable>>): Promise<boolean> {
  const r = await db
    .updateTable('reply_templates')
    .set(set)
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertReply(db: DbOrTrx, row: Insertable<CardholderRepliesTable>): Promise<number> {
  const { id } = await db.insertInto('cardholder_replies').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

const sentBase = (db: Db, scope: Scope, f: TSentReplyListQuery) =>
  db
    .selectFrom('cardholder_replies as s')
    .where('s.merchant_id', '=', scope.merchantId)
    .$if(f.email !== undefined, (qb) => qb.where('s.to_addr', '=', (f.email ?? '').toLowerCase()))
    .$if(f.complaintNo !== undefined, (qb) =>
      qb.where('s.complaint_id', 'in', (eb) =>
        eb
          .selectFrom('complaints')
          .select('id')
          .where('complaint_no', '=', f.complaintNo ?? '')
          .where('merchant_id', '=', scope.merchantId),
      ),
    );

function sentList(db: Db, scope: Scope, f: TSentReplyListQuery) {
  return {
    rows: () =>
      selectFields(
        sentBase(db, scope, f)
          .leftJoin('complaints as c', 'c.id', 's.complaint_id')
          .leftJoin('reply_templates as rt', 'rt.id', 's.template_id')
          .leftJoin('mail_outbox as mo', 'mo.id', 's.mail_id'),
        SENT_REPLIES.fields,
        's',
        {
          complaintNo: 'c.complaint_no',
          templateName: 'rt.name',
          // A reply without a mail of the outbox was kept there: no SMTP server configured.
          deliveryStatus: sql`coalesce(${sql.ref('mo.status')}, 'outbox')`,
          deliveryError: 'mo.error',
        },
      ),
    sort: { column: 's.created_at', id: 's.id', direction: 'desc', value: (r: { createdAt: unknown }) => Number(r.createdAt) },
  } as const;
}

export function listSentReplies(db: Db, scope: Scope, q: TSentReplyListQuery) {
  return keysetPage(db, sentList(db, scope, q), q, { count: sentBase(db, scope, q) });
}
