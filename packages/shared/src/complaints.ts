import { z } from 'zod';
import { dateRangeFilters } from './date-range';
import { LANGUAGES } from './i18n';
import { opt, optText, zGatewayNoFilter } from './list';
import { defineList, field } from './list-fields';
import { zCode } from './trade-enums';

/*
 * Complaints and inquiries of cardholders about a transaction (Risk menu), and the reply emails the
 * merchant sends them from templates in the three languages. Codes are part of the contract.
 */

export const ComplaintKind = { complaint: 1, inquiry: 2 } as const;
/** Spec §4 risk processing: pending, processed. */
export const ComplaintStatus = { pending: 1, processed: 2 } as const;
/** How a complaint was processed: a reply to the cardholder, a refund, or both. */
export const ComplaintAction = { none: 0, reply: 1, refund: 2, replyAndRefund: 3 } as const;

/** Placeholders a reply template may use; filled from the complaint's transaction and the merchant. */
export const REPLY_PLACEHOLDERS = ['{orderNo}', '{amount}', '{merchantName}'] as const;
export const REPLY_SUBJECT_MAX = 150;
export const REPLY_BODY_MAX = 5_000;

export const ComplaintPath = {
  /** GET: complaints of the merchant (menu permission). */
  list: '/complaint/list',
  /** POST: process one by replying, refunding, or both (Complaint:Process; Idempotency-Key). */
  process: '/complaint/process',
} as const;

export const ReplyEmailPath = {
  /** GET: the merchant's reply templates (menu permission). */
  templates: '/replyEmail/templates',
  /** POST: add or change a template (ReplyEmail:Edit). */
  saveTemplate: '/replyEmail/template/save',
  /** GET: a template filled in one language, for a complaint or with sample values. */
  preview: '/replyEmail/preview',
  /** GET: replies sent to cardholders with their delivery status. */
  sent: '/replyEmail/sent',
} as const;

/** The complaint list, declared once (list-fields.ts); the screen opens on the last 30 days' pending ones (the web's defaults). */
export const COMPLAINTS = defineList({
  fields: {
    complaintNo: field.text('risk.complaint.complaintNo'),
    kind: field.code('risk.complaint.kind', 'risk.complaint.kindCode'),
    tradeNo: field.link('risk.complaint.tradeNo'),
    /** When the transaction was made (to open it in the transaction list). */
    tradeAt: field.time(),
    gatewayNo: field.text(),
    currency: field.text(),
    /** The transaction's amount, minor units. */
    amount: field.money('risk.complaint.amount'),
    cardholderName: field.text('risk.complaint.cardholder'),
    cardholderEmail: field.text(),
    language: field.textCode(undefined, 'risk.reply.lang', z.enum(LANGUAGES)),
    content: field.text('risk.complaint.content'),
    status: field.code('risk.complaint.status', 'risk.complaint.statusCode'),
    replyDeadline: field.time('risk.complaint.deadline'),
    /** Still pending after its deadline. */
    overdue: field.data(z.boolean()),
    action: field.code(undefined, 'risk.complaint.actionCode'),
    refundNo: field.data(z.string().nullable(), 'risk.complaint.refundNo'),
    processedBy: field.text(),
    processedAt: field.timeOrNull(),
    createdAt: field.time('risk.complaint.received'),
  },
  ...dateRangeFilters({
    status: opt(zCode(ComplaintStatus)),
    kind: opt(zCode(ComplaintKind)),
    tradeNo: optText(64),
    gatewayNo: zGatewayNoFilter,
  }),
  days: 30,
});
export const { filters: ZComplaintFilters, query: ZComplaintListQuery, row: ZComplaint, page: ZComplaintPage } = COMPLAINTS;
export type TComplaintFilters = z.infer<typeof ZComplaintFilters>;
export type TComplaintListQuery = z.infer<typeof ZComplaintListQuery>;
export type TComplaint = z.infer<typeof ZComplaint>;

const ZReplyText = z.object({
  language: z.enum(LANGUAGES),
  subject: z.string().trim().min(1).max(REPLY_SUBJECT_MAX),
  body: z.string().trim().min(1).max(REPLY_BODY_MAX),
});

export const ZComplaintProcess = z
  .object({
    complaintNo: z.string().trim().min(1).max(64),
    /** The email to the cardholder, as the merchant finally wrote it (placeholders already filled by the preview or left to fill). */
    reply: ZReplyText.extend({ templateId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() }).optional(),
    /** A refund of the complaint's transaction through the refund application (major units). */
    refund: z.object({ amount: z.string().trim().min(1).max(32), reason: z.string().trim().min(1).max(100) }).optional(),
  })
  .refine((v) => v.reply !== undefined || v.refund !== undefined, { message: 'complaint.nothingToDo', path: ['reply'] });
export type TComplaintProcess = z.infer<typeof ZComplaintProcess>;

export const ZComplaintProcessed = z.object({
  complaintNo: z.string(),
  status: z.number().int(),
  action: z.number().int(),
  refundNo: z.string().nullable(),
  /** A reply went to the cardholder's mail (its delivery is in the sent replies list). */
  replied: z.boolean(),
});

export const ZReplyTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  subjects: z.object({ zhCn: z.string(), zhHk: z.string(), en: z.string() }),
  bodies: z.object({ zhCn: z.string(), zhHk: z.string(), en: z.string() }),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type TReplyTemplate = z.infer<typeof ZReplyTemplate>;
export const ZReplyTemplates = z.object({ list: z.array(ZReplyTemplate) });

const subject = z.string().trim().min(1).max(REPLY_SUBJECT_MAX);
const body = z.string().trim().min(1).max(REPLY_BODY_MAX);
export const ZReplyTemplateSave = z.object({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  name: z.string().trim().min(1).max(60),
  subjects: z.object({ zhCn: subject, zhHk: subject, en: subject }),
  bodies: z.object({ zhCn: body, zhHk: body, en: body }),
});
export type TReplyTemplateSave = z.infer<typeof ZReplyTemplateSave>;

export const ZReplyPreviewRequest = z.object({
  templateId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  language: z.enum(LANGUAGES),
  /** Fill with this complaint's transaction; sample values without it. */
  complaintNo: optText(64),
});
export const ZReplyPreview = z.object({ subject: z.string(), body: z.string() });
export type TReplyPreview = z.infer<typeof ZReplyPreview>;

/** The replies sent to cardholders, newest first, declared once (list-fields.ts). */
export const SENT_REPLIES = defineList({
  fields: {
    id: field.count(),
    complaintNo: field.text('risk.complaint.complaintNo'),
    toAddr: field.text('risk.reply.to'),
    language: field.textCode('risk.reply.language', 'risk.reply.lang', z.enum(LANGUAGES)),
    subject: field.text('risk.reply.subject'),
    body: field.text(),
    templateName: field.text('risk.reply.template'),
    sentBy: field.text('risk.reply.sentBy'),
    /** sent, failed, outbox (kept here: no SMTP server configured). */
    deliveryStatus: field.textCode('risk.reply.delivery', 'risk.reply.deliveryCode'),
    deliveryError: field.text(),
    createdAt: field.time('risk.reply.sentAt'),
  },
  filters: z.object({ complaintNo: optText(64), email: optText(100) }),
  days: null,
});
export const { query: ZSentReplyListQuery, row: ZSentReply, page: ZSentReplyPage } = SENT_REPLIES;
export type TSentReplyListQuery = z.infer<typeof ZSentReplyListQuery>;
export type TSentReply = z.infer<typeof ZSentReply>;

/** Fills {orderNo}, {amount} and {merchantName} in a template text. */
export function fillReplyPlaceholders(text: string, values: { orderNo: string; amount: string; merchantName: string }): string {
  return text.replace(/\{(orderNo|amount|merchantName)\}/g, (_w, name: 'orderNo' | 'amount' | 'merchantName') => values[name]);
}
