import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProgrammePath, ZProgrammes, ZProgrammesQuery } from '@mbo/shared/programmes';
import { ok, okResponse } from '../../platform/envelope';
import { requireSession } from '../../platform/request-context';
import { programmeStatus } from './programmes';
import { checkMonthWindow } from './service';

/** The card-scheme programmes on the statistics screen: the rules in force and the month's status. */
export const programmeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ProgrammePath.status,
    {
      config: { permission: '/statistics/tnx/chargebackRefund' },
      schema: { querystring: ZProgrammesQuery, response: okResponse(ZProgrammes) },
    },
    async (request) => {
      const { scope } = requireSession(request);
      const month = request.query.month;
      if (month) checkMonthWindow(month, month, app.now());
      return ok(request, await programmeStatus(app.db, scope, app.now(), month));
    },
  );
};
