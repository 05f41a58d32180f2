import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InsightsPath, ZDailyInsightsQuery, ZMonthInsightsQuery, ZReportInsights } from '@mbo/shared/report-insights';
import { ok, okResponse } from '../../platform/envelope';
import { requireSession } from '../../platform/request-context';
import { monthPeriods, previousDays, reportInsights } from './report-insights';
import { checkMonthWindow } from './service';

/**
 * The insights above the daily and monthly report tables, each behind its report's menu permission
 * and scoped like the report (merchant, permitted gateways, the report's gateway and currency filters).
 */
export const reportInsightRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    InsightsPath.daily,
    {
      config: { permission: '/tradeDailyReport/showTradeDaily' },
      schema: { querystring: ZDailyInsightsQuery, response: okResponse(ZReportInsights) },
    },
    async (request) => {
      const { scope } = requireSession(request);
      const { from, to, ...filters } = request.query;
      const period = { from, to };
      return ok(request, await reportInsights(app.db, scope, 'day', { period, previous: previousDays(period) }, filters));
    },
  );

  app.get(
    InsightsPath.monthly,
    {
      config: { permission: '/tradeMonthReport/showTradeMonth' },
      schema: { querystring: ZMonthInsightsQuery, response: okResponse(ZReportInsights) },
    },
    async (request) => {
      const { scope } = requireSession(request);
      const { from, to, ...filters } = request.query;
      checkMonthWindow(from, to, app.now());
      return ok(request, await reportInsights(app.db, scope, 'month', monthPeriods(from, to), filters));
    },
  );
};
