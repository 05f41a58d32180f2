import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmptyData } from '@mbo/shared/envelope';
import {
  BLACKLIST,
  RiskControlPath,
  RiskPath,
  ZBlacklistAdd,
  ZBlacklistAdded,
  ZBlacklistImport,
  ZBlacklistRemove,
  ZBlacklistUploadResult,
  ZRiskControlQuery,
  ZRiskControlSummary,
} from '@mbo/shared/risk';
import { RiskBacktestPath, ZBlacklistBacktestBody, ZRuleBacktest } from '@mbo/shared/risk-backtest';
import { ok, okResponse } from '../../platform/envelope';
import { notFoundError } from '../../platform/errors';
import { mapPage } from '../../platform/list';
import { rowMapper } from '../../platform/list-fields';
import { registerList } from '../../platform/list-route';
import { requireSession } from '../../platform/request-context';
import { narrowToGateway } from '../../platform/scope';
import { dayRangeInZone } from '../../platform/time';
import { parseUpload } from '../../platform/upload-parse';
import { backtestBlacklistEntry } from './backtest';
import { registerComplaintRoutes } from './complaint-routes';
import * as repo from './repository';
import * as service from './service';

/** The risk menu: the merchant's blacklist (the rule it adds is applied in the gateway path by service.screenPayment). */
export const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, {
    path: RiskPath.blacklist,
    permission: '/blacklist/showBlacklist',
    of: BLACKLIST,
    list: async (q, { db, scope }) => mapPage(await repo.listBlacklist(db, scope, q), rowMapper(BLACKLIST.fields)),
  });

  app.post(
    RiskPath.blacklistAdd,
    {
      config: { permission: 'Blacklist:Edit', operation: { type: 'add', target: ['value'] } },
      schema: { body: ZBlacklistAdd, response: okResponse(ZBlacklistAdded) },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(request, await service.addBlacklistEntry(app.db, session.scope, request.body, session.loginName, app.now()));
    },
  );

  // What adding the entry would have declined, before it is added: the same permission as adding it.
  // A read: no operation log entry, nothing written.
  app.post(
    RiskBacktestPath.blacklist,
    { config: { permission: 'Blacklist:Edit' }, schema: { body: ZBlacklistBacktestBody, response: okResponse(ZRuleBacktest) } },
    async (request) => {
      const session = requireSession(request);
      return ok(request, await backtestBlacklistEntry(app.db, session.scope, request.body, app.now()));
    },
  );

  app.post(
    RiskPath.blacklistRemove,
    {
      config: { permission: 'Blacklist:Edit', operation: { type: 'delete', target: ['id'] } },
      schema: { body: ZBlacklistRemove, response: okResponse(ZEmptyData) },
    },
    async (request) => {
      const session = requireSession(request);
      if (!(await repo.deleteBlacklistEntry(app.db, session.scope, request.body.id))) throw notFoundError();
      return ok(request, null);
    },
  );

  app.post(
    RiskPath.blacklistImport,
    {
      config: { permission: 'Blacklist:Edit', operation: { type: 'add' } },
      schema: { body: ZBlacklistImport, response: okResponse(ZBlacklistUploadResult) },
    },
    async (request) => {
      const session = requireSession(request);
      // Read off the API thread within the upload's budget (platform/upload-parse.ts). Every record
      // comes back: rows of spaces only are dropped after, and the text is at most 200,000 characters.
      const records = await parseUpload({ parse: 'csv', content: request.body.csv, maxRows: Infinity });
      return ok(
        request,
        await service.importBlacklistCsv(app.db, session.scope, records ?? [], session.loginName, app.now(), request.lang),
      );
    },
  );

  app.get(
    RiskControlPath.summary,
    {
      config: { permission: '/riskControl/showRiskControl' },
      schema: { querystring: ZRiskControlQuery, response: okResponse(ZRiskControlSummary) },
    },
    async (request) => {
      const q = request.query;
      const scope = await narrowToGateway(app.db, requireSession(request).scope, q.gatewayNo);
      const range = dayRangeInZone(q.from, q.to, request.timezone);
      if (!scope) return ok(request, await service.getRiskControlSummary(app.db, requireSession(request).scope, { fromMs: 0, toMs: 0 }));
      return ok(request, await service.getRiskControlSummary(app.db, scope, range));
    },
  );

  await registerComplaintRoutes(app, {});
};
