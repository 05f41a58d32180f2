import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MerchantPath, ZMerchantDetails, ZRevealSignKeyBody, ZSignKey } from '@mbo/shared/system-merchant';
import { ok, okResponse } from '../../platform/envelope';
import { requireFreshCheck } from '../../platform/fresh-check';
import { requireSession } from '../../platform/request-context';
import { getMerchantDetails, revealSignKey } from './merchant-details';

/** Merchant details and the sign key (spec §2 /merchant/showMerchantDetails). */
export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    MerchantPath.details,
    { config: { permission: '/merchant/showMerchantDetails' }, schema: { response: okResponse(ZMerchantDetails) } },
    async (request) => ok(request, await getMerchantDetails(app.db, requireSession(request).scope)),
  );

  app.post(
    MerchantPath.revealSignKey,
    {
      config: { permission: 'MerchantDetails:SignKey', operation: { type: 'view' } },
      preHandler: requireFreshCheck,
      schema: { body: ZRevealSignKeyBody, response: okResponse(ZSignKey) },
    },
    async (request) =>
      ok(request, { signKey: await revealSignKey(app.db, requireSession(request), request.body.password, request.ip, app.now()) }),
  );
};
