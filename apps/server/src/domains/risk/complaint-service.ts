import { randomBytes } from 'node:crypto';
import {
  ComplaintAction,
  ComplaintKind,
  ComplaintStatus,
  fillReplyPlaceholders,
  type TComplaintProcess,
  type TReplyPreview,
  type TReplyTemplateSave,
} from '@mbo/shared/complaints';
import { ErrorCode } from '@mbo/shared/envelope';
import type { TLanguage } from '@mbo/shared/i18n';
import { toMajorString } from '@mbo/shared/money';
import { RefundSource } from '@mbo/shared/trade-enums';
import type { Db, DbOrTrx } from '../../db/database';
import { AppError, conflictError } from '../../platform/errors';
import { plainTx, type TxRunner } from '../../platform/idempotency';
import type { Mailer } from '../../platform/mail';
import type { Scope } from '../../platform/scope';
import { DAY_MS } from '../../platform/time';
import { parseRefundAmount, requireRefundableTrade, reserveAndInsertRefund } from '../refunds/service';
import * as repo from './complaint-repository';

/*
 * Complaints (Risk menu). Acquirer staff raise one on a transaction from the shell; the merchant
 * processes it once, by replying to the cardholder, refunding, or both. The refund goes through the
 * refund application (reserved on the transaction in the same database transaction that marks the
 * complaint processed, so two people processing it at once cannot both refund); the reply goes out
 * through the product's mail path after that commit and is recorded with its delivery.
 */

/** Hours a merchant has to answer, unless the operator says otherwise. */
export const DEFAULT_REPLY_DAYS = 3;

export function newComplaintNo(now: number): string {
  return `CP${new Date(now).toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** Raises a complaint on any merchant's transaction (operator command). */
export async function raiseComplaint(
  db: Db,
  tradeNo: string,
  o: { kind: number; email: string; name: string; language: TLanguage; content: string; deadlineDays: number; now: number },
) {
  const t = await db
    .selectFrom('transactions')
    .select(['id', 'merchant_id', 'gateway_id'])
    .where('trade_no', '=', tradeNo)
    .executeTakeFirst();
  if (!t) throw new AppError('complaint.tradeNotFound', ErrorCode.notFound);
  const complaintNo = newComplaintNo(o.now);
  await repo.insertComplaint(db, {
    merchant_id: t.merchant_id,
    gateway_id: t.gateway_id,
    transaction_id: t.id,
    complaint_no: complaintNo,
    kind: o.kind === ComplaintKind.inquiry ? ComplaintKind.inquiry : ComplaintKind.complaint,
    cardholder_name: o.name,
    cardholder_email: o.email.toLowerCase(),
    language: o.language,
    content: o.content,
    status: ComplaintStatus.pending,
    reply_deadline: o.now + o.deadlineDays * DAY_MS,
    created_at: o.now,
  });
  return { complaintNo };
}

type ComplaintWithTrade = NonNullable<Awaited<ReturnType<typeof repo.findComplaint>>>;

function placeholderValues(c: Pick<ComplaintWithTrade, 'trade_no' | 'merchant_order_no' | 'amount' | 'currency' | 'merchant_name'>) {
  return {
    orderNo: c.merchant_order_no || c.trade_no,
    amount: `${toMajorString(Number(c.amount), c.currency)} ${c.currency}`,
    merchantName: c.merchant_name,
  };
}

async function requireComplaint(db: DbOrTrx, scope: Scope, complaintNo: string) {
  const c = await repo.findComplaint(db, scope, complaintNo);
  if (!c) throw new AppError('complaint.notFound', ErrorCode.notFound);
  return c;
}

/**
 * Processes a pending complaint: the refund (if any) and the status change in one transaction, then
 * the reply (if any) by mail after the commit. The answer (also what a retry with the same key gets) says
 * what was done; the mail's delivery is recorded with the reply.
 */
export async function processComplaint(
  db: Db,
  scope: Scope,
  body: TComplaintProcess,
  o: { by: string; adminId: number | null; now: number; mailer: Mailer },
  tx: TxRunner = plainTx(db),
) {
  const c = await requireComplaint(db, scope, body.complaintNo);
  if (c.status !== ComplaintStatus.pending) throw conflictError('complaint.alreadyProcessed', { complaintNo: c.complaint_no });
  if (body.refund) parseRefundAmount(body.refund.amount, await requireRefundableTrade(db, scope, c.trade_no));
  const action = body.reply && body.refund ? ComplaintAction.replyAndRefund : body.refund ? ComplaintAction.refund : ComplaintAction.reply;
  const done = await tx(async (trx) => {
    let refund: { id: number; refundNo: string } | null = null;
    if (body.refund) {
      const t = await requireRefundableTrade(trx, scope, c.trade_no);
      const amount = parseRefundAmount(body.refund.amount, t);
      refund = await reserveAndInsertRefund(trx, t, amount, {
        reason: body.refund.reason,
        applicant: { name: o.by, adminId: o.adminId },
        source: RefundSource.merchant,
        disputeId: null,
        now: o.now,
      });
    }
    if (!(await repo.markProcessed(trx, Number(c.id), { action, refundId: refund?.id ?? null, by: o.by, now: o.now }))) {
      throw conflictError('complaint.alreadyProcessed', { complaintNo: c.complaint_no });
    }
    return {
      complaintNo: c.complaint_no,
      status: ComplaintStatus.processed,
      action,
      refundNo: refund?.refundNo ?? null,
      replied: body.reply !== undefined,
    };
  });
  if (body.reply) {
    const values = placeholderValues(c);
    const subject = fillReplyPlaceholders(body.reply.subject, values);
    const text = fillReplyPlaceholders(body.reply.body, values);
    const mail = await o.mailer.send(c.cardholder_email, body.reply.language, 'cardholderReply', { subject, body: text });
    await repo.insertReply(db, {
      merchant_id: scope.merchantId,
      complaint_id: Number(c.id),
      template_id: body.reply.templateId ?? null,
      to_addr: c.cardholder_email,
      language: body.reply.language,
      subject,
      body: text,
      mail_id: mail.id,
      sent_by: o.by,
      created_at: o.now,
    });
  }
  return done;
}

export async function saveTemplate(db: Db, scope: Scope, body: TReplyTemplateSave, by: string, now: number): Promise<{ id: number }> {
  const values = {
    name: body.name,
    subject_zh_cn: body.subjects.zhCn,
    body_zh_cn: body.bodies.zhCn,
    subject_zh_hk: body.subjects.zhHk,
    body_zh_hk: body.bodies.zhHk,
    subject_en: body.subjects.en,
    body_en: body.bodies.en,
    updated_by: by,
    updated_at: now,
  };
  if (body.id !== undefined) {
    if (!(await repo.updateTemplate(db, scope, body.id, values))) throw new AppError('replyTemplate.notFound', ErrorCode.notFound);
    return { id: body.id };
  }
  return { id: await repo.insertTemplate(db, { ...values, merchant_id: scope.merchantId, created_at: now }) };
}

const SUBJECT_COL = { zhCn: 'subject_zh_cn', zhHk: 'subject_zh_hk', en: 'subject_en' } as const;
const BODY_COL = { zhCn: 'body_zh_cn', zhHk: 'body_zh_hk', en: 'body_en' } as const;

/** A template in one language, filled from a complaint's transaction, or from sample values without one. */
export async function previewTemplate(
  db: Db,
  scope: Scope,
  q: { templateId: number; language: TLanguage; complaintNo?: string | undefined },
): Promise<TReplyPreview> {
  const tpl = await repo.findTemplate(db, scope, q.templateId);
  if (!tpl) throw new AppError('replyTemplate.notFound', ErrorCode.notFound);
  let values: { orderNo: string; amount: string; merchantName: string };
  if (q.complaintNo !== undefined) values = placeholderValues(await requireComplaint(db, scope, q.complaintNo));
  else {
    const m = await db.selectFrom('merchants').select('name').where('id', '=', scope.merchantId).executeTakeFirstOrThrow();
    values = { orderNo: 'ORD20260101001', amount: '120.50 USD', merchantName: m.name };
  }
  return {
    subject: fillReplyPlaceholders(tpl[SUBJECT_COL[q.language]], values),
    body: fillReplyPlaceholders(tpl[BODY_COL[q.language]], values),
  };
}
