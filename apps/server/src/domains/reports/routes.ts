import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MONTH_COLUMNS,
  REPORT_AMOUNT_COLUMNS,
  ReportPath,
  ZChargebackRefundQuery,
  ZChargebackRefundStats,
  ZDailyReport,
  ZDailyReportQuery,
  ZMonitoring,
  ZMonitoringQuery,
  ZMonthReport,
  ZMonthReportDownload,
  ZMonthReportQuery,
  type TMonthReportRow,
} from '@mbo/shared/reports';
import type { TExportFormat } from '@mbo/shared/list';
import { ok, okResponse } from '../../platform/envelope';
import { translate } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import { requireSession } from '../../platform/request-context';
import { screenText } from '../../platform/screen-texts';
import { sendExport } from '../../platform/export';
import { FILE_RESPONSE, registerExport } from '../../platform/export-route';
import { moneyCell, NumberCell, type ExportCell } from '../../platform/export-values';
import { numberedPage, pageOffset } from '../../platform/list';
import { dailyExport } from './daily-export';
import * as service from './service';
import { programmeRoutes } from './programmes-routes';
import { reportInsightRoutes } from './report-insights-routes';

const DAILY_PERMISSION = '/tradeDailyReport/showTradeDaily';
const MONTH_PERMISSION = '/tradeMonthReport/showTradeMonth';
const STATS_PERMISSION = '/statistics/tnx/chargebackRefund';

type Cells = ExportCell[];

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The monthly report's cells: amounts as amounts (exact text in CSV, numbers with the currency's
 * decimals in XLSX), counts as counts and days as dates, so a spreadsheet adds the columns up.
 */
function cellOf(row: Record<string, unknown>, column: string, currency: string): ExportCell {
  const v = row[column];
  if (REPORT_AMOUNT_COLUMNS.has(column)) return moneyCell(v as number, currency);
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return new NumberCell(v, 'integer', String(v));
  const text = String(v);
  if (DAY_TEXT.test(text))
    return new NumberCell(Date.UTC(+text.slice(0, 4), +text.slice(5, 7) - 1, +text.slice(8, 10)) / 86_400_000 + 25_569, 'date', text);
  return text;
}

/** A report is a few hundred rows at most: one batch through the shared streaming export. */
function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  o: { format: TExportFormat; name: string; sheet: MessageKey; header: string[]; rows: Cells[] },
) {
  return sendExport<Cells>(reply, {
    format: o.format,
    filename: o.name,
    sheetName: translate(request.lang, o.sheet),
    columns: o.header.map((header, i) => ({ header, value: (row) => row[i] ?? null })),
    batches: (async function* () {
      yield await Promise.resolve(o.rows);
    })(),
  });
}

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The card-scheme programmes (VAMP, ECP) beside the statistics.
  await app.register(programmeRoutes);
  // The chart, comparison and breakdown above the daily and monthly tables.
  await app.register(reportInsightRoutes);

  app.get(
    ReportPath.dailyList,
    { config: { permission: DAILY_PERMISSION }, schema: { querystring: ZDailyReportQuery, response: okResponse(ZDailyReport) } },
    async (request) => {
      const { scope } = requireSession(request);
      const q = request.query;
      const { rows, total, totals } = await service.dailyReportPage(app.db, scope, { ...q, offset: pageOffset(q) });
      return ok(request, { ...numberedPage(rows, total, q), totals });
    },
  );

  registerExport(app, dailyExport);

  app.get(
    ReportPath.monthList,
    { config: { permission: MONTH_PERMISSION }, schema: { querystring: ZMonthReportQuery, response: okResponse(ZMonthReport) } },
    async (request) => {
      const { scope } = requireSession(request);
      service.checkMonthWindow(request.query.from, request.query.to, app.now());
      return ok(request, { list: await service.monthReport(app.db, scope, request.query) });
    },
  );

  app.post(
    ReportPath.monthDownload,
    { config: { permission: 'TradeMonthReport:Downloads' }, schema: { body: ZMonthReportDownload, response: FILE_RESPONSE } },
    async (request, reply) => {
      const { scope } = requireSession(request);
      const q = request.body;
      service.checkMonthWindow(q.from, q.to, app.now());
      const rows = await service.monthReport(app.db, scope, q);
      return sendFile(request, reply, {
        format: q.format,
        name: `trade-monthly_${q.from}_${q.to}`,
        sheet: 'report.sheet.monthly',
        // Headed as the screen titles its columns.
        header: MONTH_COLUMNS.map((c) => screenText(request.lang, `report.col.${c}`)),
        rows: rows.map((r: TMonthReportRow) => MONTH_COLUMNS.map((c) => cellOf(r, c, r.currency))),
      });
    },
  );

  app.get(
    ReportPath.chargebackRefundList,
    {
      config: { permission: STATS_PERMISSION },
      schema: { querystring: ZChargebackRefundQuery, response: okResponse(ZChargebackRefundStats) },
    },
    async (request) => {
      const { scope } = requireSession(request);
      service.checkMonthWindow(request.query.from, request.query.to, app.now());
      return ok(request, { list: await service.chargebackRefundStats(app.db, scope, request.query) });
    },
  );

  app.get(
    ReportPath.monitoring,
    { config: { permission: STATS_PERMISSION }, schema: { querystring: ZMonitoringQuery, response: okResponse(ZMonitoring) } },
    async (request) => {
      const { scope } = requireSession(request);
      const month = request.query.month;
      if (month) service.checkMonthWindow(month, month, app.now());
      return ok(request, await service.monitoring(app.db, scope, app.now(), month));
    },
  );
};
