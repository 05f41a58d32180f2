import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmptyData } from '@mbo/shared/envelope';
import {
  WebhookPath,
  ZWebhookAttemptList,
  ZWebhookAttemptsQuery,
  ZWebhookDeliveryPage,
  ZWebhookDeliveryQuery,
  ZWebhookEndpointAdd,
  ZWebhookEndpointEdit,
  ZWebhookEndpointEnable,
  ZWebhookEndpointList,
  ZWebhookIdBody,
  ZWebhookResend,
  ZWebhookResendFailed,
  ZWebhookResendResult,
  ZWebhookTestResult,
  type TWebhookDelivery,
  type TWebhookDeliveryStatus,
  type TWebhookEndpoint,
} from '@mbo/shared/webhooks';
import { ok, okResponse } from '../../platform/envelope';
import { mapPage } from '../../platform/list';
import { registerList } from '../../platform/list-route';
import { requireSession } from '../../platform/request-context';
import { toIso } from '../../platform/time';
import * as repo from './repository';
import { maskUrl } from './sender';
import * as service from './service';

/** Payment notifications (README.md): endpoints, the test button, the delivery log and resends. */

const SCREEN = '/webhook/showWebhooks' as const;
const EDIT = 'Webhook:Edit' as const;

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

function toDelivery(r: repo.DeliveryRow): TWebhookDelivery {
  return {
    id: r.id,
    eventId: r.public_id,
    kind: r.kind,
    objectNo: r.object_no,
    endpointId: r.endpoint_id,
    url: maskUrl(r.url),
    status: r.status as TWebhookDeliveryStatus,
    attempts: r.attempts,
    lastHttpStatus: r.last_http_status,
    lastError: r.last_error,
    nextAttemptAt: r.next_attempt_at === null ? null : toIso(r.next_attempt_at),
    createdAt: toIso(r.created_at),
  };
}

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
    query: ZWebhookDeliveryQuery,
    page: ZWebhookDeliveryPage,
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
};
