import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZEmptyData } from '@mbo/shared/envelope';
import {
  ViewPath,
  ZSavedViewList,
  ZViewCreate,
  ZViewCreated,
  ZViewDefaultBody,
  ZViewIdBody,
  ZViewListQuery,
  ZViewUpdate,
} from '@mbo/shared/views';
import { ok, okResponse, requestLanguage } from '../../platform/envelope';
import { requireSession } from '../../platform/request-context';
import * as service from './service';

/**
 * Saved views of list screens (README.md). Every route is open to any signed-in caller and checks in its
 * handler that the caller may open the view's screen (the screen is in the request, so no one route
 * permission fits), and SavedView:Share for sharing.
 */

// Writes are named in the operation log under the system module: a view belongs to no one screen's domain.
const signedIn = { signedIn: true, operation: { module: 'system' } } as const;

async function callerOf(app: Parameters<FastifyPluginAsyncZod>[0], request: FastifyRequest) {
  const session = requireSession(request);
  const access = await app.authCache.access(session);
  return { scope: session.scope, permissions: access.permissions, lang: requestLanguage(request) };
}

export const viewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ViewPath.list,
    { config: { signedIn: true }, schema: { querystring: ZViewListQuery, response: okResponse(ZSavedViewList) } },
    async (request) => ok(request, await service.listViews(app.db, await callerOf(app, request), request.query.screen)),
  );

  app.post(ViewPath.create, { config: signedIn, schema: { body: ZViewCreate, response: okResponse(ZViewCreated) } }, async (request) =>
    ok(request, { id: await service.createView(app.db, await callerOf(app, request), request.body, app.now()) }),
  );

  app.post(ViewPath.update, { config: signedIn, schema: { body: ZViewUpdate, response: okResponse(ZEmptyData) } }, async (request) => {
    await service.updateView(app.db, await callerOf(app, request), request.body, app.now());
    return ok(request, null);
  });

  app.post(
    ViewPath.delete,
    {
      config: { ...signedIn, operation: { module: 'system', type: 'delete' } },
      schema: { body: ZViewIdBody, response: okResponse(ZEmptyData) },
    },
    async (request) => {
      await service.deleteView(app.db, await callerOf(app, request), request.body.id);
      return ok(request, null);
    },
  );

  app.post(
    ViewPath.setDefault,
    { config: signedIn, schema: { body: ZViewDefaultBody, response: okResponse(ZEmptyData) } },
    async (request) => {
      await service.setDefault(app.db, await callerOf(app, request), request.body.screen, request.body.id);
      return ok(request, null);
    },
  );
};
