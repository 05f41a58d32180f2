import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmptyData } from '@mbo/shared/envelope';
import {
  WEBHOOK_DELIVERIES,
  WebhookPath,
  ZWebhookAttemptList,
  ZWebhookAttemptsQuery,
  ZWebhookCaseEventsQuery,
  ZWebhookEndpointAdd,
  ZWebhookEndpointEdit,
  ZWebhookEndpointEnable,
  ZWebhookEndpointList,
  ZWebhookIdBody,
  ZWebhookObjectEvents,
  ZWebhookRefundEventsQuery,
  ZWebhookResend,
  ZWebhookResendFailed,
  ZWebhookResendResult,
  ZWebhookTestResult,
  ZWebhookTradeEventsQuery,
  type TWebhookEndpoint,
} from '@mbo/shared/webhooks';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
import { forbiddenError } from '../../platform/errors';
import { ok, okResponse } from '../../platform/envelope';
import { holdsAnyPermission } from '../../platform/permissions';
import { mapPage } from '../../platform/list';
import { rowMapper } from '../../platform/list-fields';
import { registerList } from '../../platform/list-route';
import { requireSession } from '../../platform/request-context';
import { toIso } from '../../platform/time';
import * as objectEvents from './object-events';
import * as repo from './repository';
import { maskUrl } from './sender';
import * as service from './service';

/** Payment notifications (README.md): endpoints, the test button, the delivery log and resends. */

const SCREEN = '/webhook/showWebhooks' as const;
const EDIT = 'Webhook:Edit' as const;
const TRADE_SCREENS = Object.values(TRANSACTION_VIEW_DEFS).map((d) => d.menu);

function toEndpoint(r: repo.EndpointRow): TWebhookEndpoint {
  return {
    id: r.id,
    gatewayNo: r.gateway_no,
    url: maskUrl(r.url),
    kinds: r.kinds.split(',').filter((k) => k !== ''),
    enabled: r.enabled === 1,
    disabledReason: r.disabled_reason,
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}

/** A delivery as the log lists it: the endpoint's address masked, no HTTP status before an answer. */
const toDelivery = rowMapper(WEBHOOK_DELIVERIES.fields, {
  url: (r) => maskUrl(String(r.url)),
  lastHttpStatus: (r) => (r.lastHttpStatus === null ? null : Number(r.lastHttpStatus)),
});

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const edit = { permission: EDIT, operation: { module: 'system' as const } };

  app.get(
    WebhookPath.endpoints,
    { config: { permission: SCREEN }, schema: { response: okResponse(ZWebhookEndpointList) } },
    async (request) => {
      const { scope } = requireSession(request);
      const [rows, gateways] = await Promise.all([repo.listEndpoints(app.db, scope), repo.listScopedGatewayNos(app.db, scope)]);
      return ok(request, { list: rows.map(toEndpoint), gateways });
    },
  );

  app.post(
    WebhookPath.endpointAdd,
    {
      config: { ...edit, operation: { ...edit.operation, target: ['gatewayNo'] } },
      schema: { body: ZWebhookEndpointAdd, response: okResponse(ZWebhookIdBody) },
    },
    async (request) => {
      const { scope } = requireSession(request);
      const id = await service.addEndpoint(app.db, scope, request.body, app.appConfig.webhookAllowLocal, app.now());
      return ok(request, { id });
    },
  );

  app.post(
    WebhookPath.endpointEdit,
    { config: edit, schema: { body: ZWebhookEndpointEdit, response: okResponse(ZEmptyData) } },
    async (request) => {
      const { scope } = requireSession(request);
      await service.editEndpoint(app.db, scope, request.body, app.appConfig.webhookAllowLocal, app.now());
      return ok(request, null);
    },
  );

  app.post(
    WebhookPath.endpointEnable,
    { config: edit, schema: { body: ZWebhookEndpointEnable, response: okResponse(ZEmptyData) } },
    async (request) => {
      const { scope } = requireSession(request);
      await service.enableEndpoint(app.db, scope, request.body.id, request.body.enabled, app.now());
      return ok(request, null);
    },
  );

  app.post(
    WebhookPath.endpointDelete,
    { config: edit, schema: { body: ZWebhookIdBody, response: okResponse(ZEmptyData) } },
    async (request) => {
      const { scope } = requireSession(request);
      await service.deleteEndpoint(app.db, scope, request.body.id, app.now());
      return ok(request, null);
    },
  );

  app.post(
    WebhookPath.endpointTest,
    { config: edit, schema: { body: ZWebhookIdBody, response: okResponse(ZWebhookTestResult) } },
    async (request) => {
      const { scope } = requireSession(request);
      return ok(request, await service.testEndpoint(service.webhookWorkerDeps(app), scope, request.body.id));
    },
  );

  registerList(app, {
    path: WebhookPath.deliveries,
    permission: SCREEN,
    of: WEBHOOK_DELIVERIES,
    list: async (q, { db, scope, timezone }) => mapPage(await repo.listDeliveries(db, scope, q, timezone), toDelivery),
  });

  app.get(
    WebhookPath.attempts,
    { config: { permission: SCREEN }, schema: { querystring: ZWebhookAttemptsQuery, response: okResponse(ZWebhookAttemptList) } },
    async (request) => {
      const { scope } = requireSession(request);
      const rows = await repo.listAttempts(app.db, scope, request.query.deliveryId);
      return ok(request, {
        list: rows.map((r) => ({
          id: r.id,
          at: toIso(r.at),
          httpStatus: r.http_status,
          durationMs: r.duration_ms,
          answer: r.answer,
          error: r.error,
        })),
      });
    },
  );

  app.post(WebhookPath.resend, { config: edit, schema: { body: ZWebhookResend, response: okResponse(ZEmptyData) } }, async (request) => {
    const { scope } = requireSession(request);
    await service.resendDelivery(app.db, scope, request.body.deliveryId, app.now());
    return ok(request, null);
  });

  app.post(
    WebhookPath.resendFailed,
    { config: edit, schema: { body: ZWebhookResendFailed, response: okResponse(ZWebhookResendResult) } },
    async (request) => {
      const { scope } = requireSession(request);
      return ok(request, { queued: await service.resendFailed(app.db, scope, request.body, request.timezone, app.now()) });
    },
  );

  // The drawers' "Notifications" (README.md "In the drawers"): readable by whoever opens the drawer's screen.
  app.get(
    WebhookPath.tradeEvents,
    { config: { signedIn: true }, schema: { querystring: ZWebhookTradeEventsQuery, response: okResponse(ZWebhookObjectEvents) } },
    async (request) => {
      const session = requireSession(request);
      // A payment's drawer opens from any of the transaction screens, each its own menu.
      if (!(await holdsAnyPermission(app.db, session.roleId, session.merchantId, TRADE_SCREENS))) throw forbiddenError();
      return ok(request, { list: await objectEvents.tradeEvents(app.db, session.scope, request.query.tradeNo) });
    },
  );

  const byScreen = [
    { path: WebhookPath.refundEvents, permission: '/refundment/forwardRefundmentList', query: ZWebhookRefundEventsQuery },
    { path: WebhookPath.caseEvents, permission: '/merTradeMgr/initProConTradePage', query: ZWebhookCaseEventsQuery },
  ] as const;
  for (const r of byScreen)
    app.get(
      r.path,
      { config: { permission: r.permission }, schema: { querystring: r.query, response: okResponse(ZWebhookObjectEvents) } },
      async (request) => {
        const { scope } = requireSession(request);
        const q = request.query as { refundNo?: string; caseNo?: string };
        const list =
          q.refundNo !== undefined
            ? await objectEvents.refundEvents(app.db, scope, q.refundNo)
            : await objectEvents.caseEvents(app.db, scope, q.caseNo ?? '');
        return ok(request, { list });
      },
    );
};
