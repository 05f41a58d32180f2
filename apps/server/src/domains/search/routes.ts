import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SearchPath, ZSearchAnswer, ZSearchQuery } from '@mbo/shared/search';
import { ok, okResponse } from '../../platform/envelope';
import { requireSession } from '../../platform/request-context';
import { search } from './service';

/**
 * The one search box (README.md). Any signed-in member may ask; what is searched follows from the
 * caller: the merchant and gateways of the session's scope, and only the kinds whose screen the role
 * may open (a member without the refund screen never sees a refund here).
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SearchPath.search,
    { config: { signedIn: true }, schema: { querystring: ZSearchQuery, response: okResponse(ZSearchAnswer) } },
    async (request) => {
      const session = requireSession(request);
      const access = await app.authCache.access(session);
      return ok(request, await search(app.db, session.scope, access.permissions, request.query.q));
    },
  );
};
