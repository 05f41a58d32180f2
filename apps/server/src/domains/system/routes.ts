import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANNOUNCEMENTS } from '@mbo/shared/announcements';
import { ApiPath } from '@mbo/shared/api-paths';
import { ZEmptyData } from '@mbo/shared/envelope';
import { LOGIN_LOGS } from '@mbo/shared/logs';
import { ZReminderIdParams, ZReminderList } from '@mbo/shared/reminders';
import { ZGateway, ZGatewayParams, ZMerchantSummary } from '@mbo/shared/system';
import { JSON_TYPE, ok, okResponse } from '../../platform/envelope';
import { notFoundError, unauthorizedError } from '../../platform/errors';
import { isMessageKey, translate } from '../../platform/i18n';
import { mapPage, numberedPage } from '../../platform/list';
import { rowMapper } from '../../platform/list-fields';
import { requireSession } from '../../platform/request-context';
import type { AdminScope } from '../../platform/scope';
import { toIso } from '../../platform/time';
import { readAmong } from './announcement-repository';
import { managementRoutes } from './management-routes';
import * as repo from './repository';

const REMINDER_BATCH = 20;

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  // Merchant details, administrators, roles, the operation log and announcement reads (own files).
  await app.register(managementRoutes);

  // Kept serialized per caller until a reminder is added or read (reminder-answers.ts); made with the
  // route's own serializer, so the kept text has passed the response schema like any other answer.
  // Text already serialized: Fastify sends a string of a JSON type as it is (typed as the schema's object).
  // A kept answer is sent without a promise; the handler returns nothing then, as Fastify expects of a
  // handler that sent its answer itself.
  app.get(ApiPath.reminders, { config: { signedIn: true }, schema: { response: okResponse(ZReminderList) } }, (request, reply) => {
    const { scope } = requireSession(request);
    const kept = app.reminderAnswers.kept(scope, request.lang);
    if (kept !== undefined) {
      void reply.type(JSON_TYPE).send(kept as never);
      return;
    }
    return remindersAnswer(request, reply, scope);
  });
  const remindersAnswer = async (request: FastifyRequest, reply: FastifyReply, scope: AdminScope) => {
    const body = await app.reminderAnswers.answer(scope, request.lang, async () => {
      const rows = await repo.listUnreadReminders(app.db, scope, REMINDER_BATCH, request.lang);
      return String(
        reply.serialize(
          ok(
            request,
            rows.map((r) => ({ id: r.id, content: r.content })),
          ),
        ),
      );
    });
    return reply.type(JSON_TYPE).send(body as never);
  };

  app.put(
    ApiPath.readReminder,
    { config: { signedIn: true }, schema: { params: ZReminderIdParams, response: okResponse(ZEmptyData) } },
    async (request) => {
      const { scope } = requireSession(request);
      const reminder = await repo.findVisibleReminder(app.db, scope, request.params.id);
      if (!reminder) throw notFoundError();
      await repo.markReminderRead(app.db, scope, reminder.id, app.now());
      return ok(request, null);
    },
  );

  app.get(
    ApiPath.announcements,
    { config: { signedIn: true }, schema: { querystring: ANNOUNCEMENTS.query, response: okResponse(ANNOUNCEMENTS.page) } },
    async (request) => {
      const { scope } = requireSession(request);
      const { rows, total } = await repo.listAnnouncements(app.db, scope, request.query, app.now(), request.lang);
      const read = await readAmong(
        app.db,
        scope.adminId,
        rows.map((a) => a.id),
      );
      const list = rows.map(rowMapper(ANNOUNCEMENTS.fields, { read: (a) => read.has(a.id) }));
      return ok(request, numberedPage(list, total, request.query));
    },
  );

  app.get(ApiPath.merchantSummary, { config: { signedIn: true }, schema: { response: okResponse(ZMerchantSummary) } }, async (request) => {
    const { scope } = requireSession(request);
    const m = await repo.getMerchant(app.db, scope);
    if (!m) throw unauthorizedError();
    return ok(request, {
      merchantNo: m.merchant_no,
      name: m.name,
      status: m.status,
      contractStart: m.contract_start,
      contractEnd: m.contract_end,
      registeredAt: toIso(m.registered_at),
      services: m.services
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    });
  });

  app.get(
    ApiPath.gateways,
    { config: { permission: '/merchant/showMerchantDetails' }, schema: { response: okResponse(z.array(ZGateway)) } },
    async (request) => {
      const { scope } = requireSession(request);
      const rows = await repo.listGateways(app.db, scope);
      return ok(
        request,
        rows.map((g) => ({ gatewayNo: g.gateway_no, name: g.name, currency: g.currency, status: g.status })),
      );
    },
  );

  app.get(
    ApiPath.gateway,
    { config: { permission: '/merchant/showMerchantDetails' }, schema: { params: ZGatewayParams, response: okResponse(ZGateway) } },
    async (request) => {
      const { scope } = requireSession(request);
      const g = await repo.findGateway(app.db, scope, request.params.gatewayNo);
      if (!g) throw notFoundError();
      return ok(request, { gatewayNo: g.gateway_no, name: g.name, currency: g.currency, status: g.status });
    },
  );

  app.get(
    ApiPath.loginLogs,
    {
      config: { permission: '/log/forwardLoginLogList' },
      schema: { querystring: LOGIN_LOGS.query, response: okResponse(LOGIN_LOGS.page) },
    },
    async (request) => {
      const { scope } = requireSession(request);
      const page = await repo.listLoginLogs(app.db, scope, request.query);
      const reasonIn = (reason: string) => (isMessageKey(reason) ? translate(request.lang, reason) : reason);
      return ok(
        request,
        mapPage(page, rowMapper(LOGIN_LOGS.fields, { success: (l) => Number(l.success) === 1, reason: (l) => reasonIn(String(l.reason)) })),
      );
    },
  );
};
