import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ComplaintPath,
  ReplyEmailPath,
  ZComplaintProcess,
  ZComplaintProcessed,
  ZReplyPreview,
  ZReplyPreviewRequest,
  ZReplyTemplateSave,
  ZReplyTemplates,
  COMPLAINTS,
  ComplaintStatus,
  SENT_REPLIES,
} from '@mbo/shared/complaints';
import { isLanguage, type TLanguage } from '@mbo/shared/i18n';
import { z } from 'zod';
import { ok, okResponse } from '../../platform/envelope';
import { idempotentRequestOf, withIdempotency, ZIdempotencyHeaders } from '../../platform/idempotency';
import { mapPage } from '../../platform/list';
import { rowMapper } from '../../platform/list-fields';
import { registerList } from '../../platform/list-route';
import { requireSession } from '../../platform/request-context';
import { dayRangeInZone, toIso } from '../../platform/time';
import * as repo from './complaint-repository';
import * as service from './complaint-service';

const lang = (v: string): TLanguage => (isLanguage(v) ? v : 'en');

/** The answer's complaint rows at `now` (a pending one past its deadline is overdue). */
function toComplaint(now: number) {
  return rowMapper(COMPLAINTS.fields, {
    language: (r) => lang(String(r.language)),
    overdue: (r) => Number(r.status) === ComplaintStatus.pending && now > Number(r.replyDeadline),
  });
}

const toSent = rowMapper(SENT_REPLIES.fields, { language: (r) => lang(String(r.language)) });

/** Complaints and cardholder reply emails (part of the risk domain's plugin). */
export const registerComplaintRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, {
    path: ComplaintPath.list,
    permission: '/complaint/showComplaintInfo',
    of: COMPLAINTS,
    list: async (q, { db, scope, timezone, now }) =>
      mapPage(await repo.listComplaints(db, scope, q, dayRangeInZone(q.from, q.to, timezone)), toComplaint(now)),
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
    of: SENT_REPLIES,
    list: async (q, { db, scope }) => mapPage(await repo.listSentReplies(db, scope, q), toSent),
  });
};
