import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ComplaintPath,
  ReplyEmailPath,
  ZComplaintListQuery,
  ZComplaintPage,
  ZComplaintProcess,
  ZComplaintProcessed,
  ZReplyPreview,
  ZReplyPreviewRequest,
  ZReplyTemplateSave,
  ZReplyTemplates,
  ZSentReplyListQuery,
  ZSentReplyPage,
  type TComplaint,
  type TSentReply,
} from '@mbo/shared/complaints';
import { isLanguage, type TLanguage } from '@mbo/shared/i18n';
import { z } from 'zod';
import { ok, okResponse } from '../../platform/envelope';
import { idempotentRequestOf, withIdempotency, ZIdempotencyHeaders } from '../../platform/idempotency';
import { mapPage } from '../../platform/list';
import { registerList } from '../../platform/list-route';
import { requireSession } from '../../platform/request-context';
import { dayRangeInZone, toIso } from '../../platform/time';
import * as repo from './complaint-repository';
import * as service from './complaint-service';

const lang = (v: string): TLanguage => (isLanguage(v) ? v : 'en');

function toComplaint(r: repo.ComplaintRow, now: number): TComplaint {
  return {
    complaintNo: r.complaint_no,
    kind: r.kind,
    tradeNo: r.trade_no,
    tradeAt: toIso(Number(r.trade_at)),
    gatewayNo: r.gateway_no,
    currency: r.currency,
    amount: Number(r.amount),
    cardholderName: r.cardholder_name,
    cardholderEmail: r.cardholder_email,
    language: lang(r.language),
    content: r.content,
    status: r.status,
    replyDeadline: toIso(Number(r.reply_deadline)),
    overdue: r.status === 1 && now > Number(r.reply_deadline),
    action: r.action,
    refundNo: r.refund_no ?? null,
    processedBy: r.processed_by,
    processedAt: r.processed_at === null ? null : toIso(Number(r.processed_at)),
    createdAt: toIso(Number(r.created_at)),
  };
}

function toSent(r: repo.SentReplyRow): TSentReply {
  return {
    id: Number(r.id),
    complaintNo: r.complaint_no ?? '',
    toAddr: r.to_addr,
    language: lang(r.language),
    subject: r.subject,
    body: r.body,
    templateName: r.template_name ?? '',
    sentBy: r.sent_by,
    deliveryStatus: r.mail_status ?? 'outbox',
    deliveryError: r.mail_error ?? '',
    createdAt: toIso(Number(r.created_at)),
  };
}

/** Complaints and cardholder reply emails (part of the risk domain's plugin). */
export const registerComplaintRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, {
    path: ComplaintPath.list,
    permission: '/complaint/showComplaintInfo',
    query: ZComplaintListQuery,
    page: ZComplaintPage,
    list: async (q, { db, scope, timezone, now }) =>
      mapPage(await repo.listComplaints(db, scope, q, dayRangeInZone(q.from, q.to, timezone)), (r) => toComplaint(r, now)),
  });

  app.post(
    ComplaintPath.process,
    {
      config: { permission: 'Complaint:Process', operation: { type: 'edit', target: ['complaintNo'] } },
      schema: { headers: ZIdempotencyHeaders, body: ZComplaintProcess, response: okResponse(ZComplaintProcessed) },
    },
    async (request) => {
      const session = requireSession(request);
      const now = app.now();
      const done = await withIdempotency(app.db, idempotentRequestOf(request, session.merchantId, request.body), now, (tx) =>
        service.processComplaint(
          app.db,
          session.scope,
          request.body,
          { by: session.loginName, adminId: session.adminId, now, mailer: app.notifier.mail },
          tx,
        ),
      );
      return ok(request, done);
    },
  );

  app.get(
    ReplyEmailPath.templates,
    { config: { permission: '/replyEmail/showReplyEmail' }, schema: { response: okResponse(ZReplyTemplates) } },
    async (request) => {
      const rows = await repo.listTemplates(app.db, requireSession(request).scope);
      return ok(request, {
        list: rows.map((r) => ({
          id: Number(r.id),
          name: r.name,
          subjects: { zhCn: r.subject_zh_cn, zhHk: r.subject_zh_hk, en: r.subject_en },
          bodies: { zhCn: r.body_zh_cn, zhHk: r.body_zh_hk, en: r.body_en },
          updatedBy: r.updated_by,
          updatedAt: toIso(Number(r.updated_at)),
        })),
      });
    },
  );

  app.post(
    ReplyEmailPath.saveTemplate,
    {
      config: { permission: 'ReplyEmail:Edit', operation: { type: 'edit', target: ['name'] } },
      schema: { body: ZReplyTemplateSave, response: okResponse(z.object({ id: z.number().int() })) },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(request, await service.saveTemplate(app.db, session.scope, request.body, session.loginName, app.now()));
    },
  );

  app.get(
    ReplyEmailPath.preview,
    {
      config: { permission: '/replyEmail/showReplyEmail' },
      schema: { querystring: ZReplyPreviewRequest, response: okResponse(ZReplyPreview) },
    },
    async (request) => ok(request, await service.previewTemplate(app.db, requireSession(request).scope, request.query)),
  );

  registerList(app, {
    path: ReplyEmailPath.sent,
    permission: '/replyEmail/showReplyEmail',
    query: ZSentReplyListQuery,
    page: ZSentReplyPage,
    list: async (q, { db, scope }) => mapPage(await repo.listSentReplies(db, scope, q), toSent),
  });
};
