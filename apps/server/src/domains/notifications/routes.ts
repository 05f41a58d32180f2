import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZEmptyData } from '@mbo/shared/envelope';
import {
  NotificationPath,
  ZNotificationIdBody,
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationPreferences,
  ZUnreadCount,
} from '@mbo/shared/notifications';
import { ok, okResponse, requestLanguage } from '../../platform/envelope';
import { requireSession } from '../../platform/request-context';
import * as service from './service';

/**
 * The notification centre (README.md). Every route is the caller's own (any signed-in administrator
 * has a bell); the handlers scope each read and write to the caller's id, merchant, the kinds whose
 * screen their role opens and their gateways.
 */

async function callerOf(app: Parameters<FastifyPluginAsyncZod>[0], request: FastifyRequest): Promise<service.Caller> {
  const session = requireSession(request);
  const access = await app.authCache.access(session);
  return { scope: session.scope, permissions: access.permissions, lang: requestLanguage(request) };
}

const signedIn = { signedIn: true } as const;

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(NotificationPath.unreadCount, { config: signedIn, schema: { response: okResponse(ZUnreadCount) } }, async (request) =>
    ok(request, { unread: await service.unreadCount(app.db, await callerOf(app, request)) }),
  );

  app.get(
    NotificationPath.list,
    { config: signedIn, schema: { querystring: ZNotificationListQuery, response: okResponse(ZNotificationList) } },
    async (request) => ok(request, await service.list(app.db, await callerOf(app, request), request.query)),
  );

  app.post(
    NotificationPath.read,
    { config: signedIn, schema: { body: ZNotificationIdBody, response: okResponse(ZEmptyData) } },
    async (request) => {
      await service.markRead(app.db, await callerOf(app, request), request.body.id, app.now());
      return ok(request, null);
    },
  );

  app.post(NotificationPath.readAll, { config: signedIn, schema: { response: okResponse(ZEmptyData) } }, async (request) => {
    await service.markAllRead(app.db, await callerOf(app, request), app.now());
    return ok(request, null);
  });

  app.get(NotificationPath.preferences, { config: signedIn, schema: { response: okResponse(ZNotificationPreferences) } }, async (request) =>
    ok(request, await service.preferences(app.db, await callerOf(app, request))),
  );

  app.post(
    NotificationPath.savePreferences,
    { config: signedIn, schema: { body: ZNotificationPreferences, response: okResponse(ZEmptyData) } },
    async (request) => {
      await service.savePreferences(app.db, await callerOf(app, request), request.body);
      return ok(request, null);
    },
  );
};
