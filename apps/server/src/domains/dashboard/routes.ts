import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DashboardPath,
  DEADLINES_SHOWN,
  HISTORY_RANGES,
  ZDashboardMonitoring,
  ZDeadlines,
  ZProducts,
  ZTradeHistory,
  ZTradeHistoryQuery,
  ZTradeToday,
} from '@mbo/shared/dashboard';
import { ratioBp } from '@mbo/shared/reports';
import { CARD_SCHEMES, type TCardScheme } from '@mbo/shared/trade-enums';
import { ok, okResponse } from '../../platform/envelope';
import { requireSession } from '../../platform/request-context';
import { businessDay } from '../../platform/rollups';
import { DAY_MS, dateInZone, dayRangeInZone, toIso } from '../../platform/time';
import { countOpenDueIn } from '../disputes/due-today';
import { programmeStatus } from '../reports/programmes';
import * as repo from './repository';

/** Service names as merchants.services spells them, mapped to card scheme codes. */
const SCHEME_ALIASES: Record<string, TCardScheme> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  master: 'MASTERCARD',
  jcb: 'JCB',
  amex: 'AMEX',
  'american express': 'AMEX',
  unionpay: 'UNIONPAY',
  'union pay': 'UNIONPAY',
};

export function cardSchemesOf(services: string): TCardScheme[] {
  const found = new Set<TCardScheme>();
  for (const s of services.split(',')) {
    const code = SCHEME_ALIASES[s.trim().toLowerCase()];
    if (code) found.add(code);
  }
  return CARD_SCHEMES.filter((c) => found.has(c));
}

function dayBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The home dashboard's widgets. Any signed-in person sees them (spec §2: the dashboard is every
 * member's home page), always narrowed to the merchant and the gateways the admin may see.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(DashboardPath.tradeToday, { config: { signedIn: true }, schema: { response: okResponse(ZTradeToday) } }, async (request) => {
    const { scope } = requireSession(request);
    const day = businessDay(app.now());
    const rows = await repo.dayCurrencyFigures(app.db, scope, day, day);
    return ok(request, {
      day,
      list: rows.map((r) => ({
        currency: r.currency,
        txCount: r.tx_count,
        successCount: r.success_count,
        successAmount: r.success_amount,
        successRateBp: ratioBp(r.success_count, r.tx_count),
      })),
    });
  });

  app.get(
    DashboardPath.tradeHistory,
    { config: { signedIn: true }, schema: { querystring: ZTradeHistoryQuery, response: okResponse(ZTradeHistory) } },
    async (request) => {
      const { scope } = requireSession(request);
      const { range, currency } = request.query;
      const today = businessDay(app.now());
      const days = HISTORY_RANGES[range];
      const from = dayBefore(today, days - 1);
      const rows = await repo.dayCurrencyFigures(app.db, scope, from, today, currency);
      const byDay = new Map(rows.map((r) => [r.day, r]));
      const points = Array.from({ length: days }, (_, i) => {
        const day = dayBefore(today, days - 1 - i);
        const r = byDay.get(day);
        const tx = r?.tx_count ?? 0;
        const success = r?.success_count ?? 0;
        return {
          day,
          successAmount: r?.success_amount ?? 0,
          txCount: tx,
          successCount: success,
          successRateBp: ratioBp(success, tx),
          actualSuccessRateBp: ratioBp(success, tx - (r?.duplicate_failed_count ?? 0)),
        };
      });
      return ok(request, { currency, points });
    },
  );

  app.get(DashboardPath.deadlines, { config: { signedIn: true }, schema: { response: okResponse(ZDeadlines) } }, async (request) => {
    const { scope } = requireSession(request);
    const now = app.now();
    const day = dateInZone(now, request.timezone);
    const [rows, dueToday] = await Promise.all([
      repo.nearestDeadlines(app.db, scope, now, DEADLINES_SHOWN),
      countOpenDueIn(app.db, scope, now, dayRangeInZone(day, day, request.timezone)),
    ]);
    return ok(request, {
      dueToday: { day, count: dueToday },
      list: rows.map((r) => ({
        id: r.id,
        caseNo: r.case_no,
        kind: r.kind,
        processingType: r.processing_type,
        gatewayNo: r.gateway_no,
        currency: r.currency,
        amount: Number(r.amount),
        replyDeadline: toIso(Number(r.reply_deadline)),
      })),
    });
  });

  app.get(DashboardPath.products, { config: { signedIn: true }, schema: { response: okResponse(ZProducts) } }, async (request) => {
    const { scope } = requireSession(request);
    const [gateways, merchant] = await Promise.all([repo.listGateways(app.db, scope), repo.merchantServices(app.db, scope)]);
    const schemes = cardSchemesOf(merchant?.services ?? '');
    return ok(request, {
      list: gateways.map((g) => ({ gatewayNo: g.gateway_no, name: g.name, currency: g.currency, cardSchemes: schemes, status: g.status })),
    });
  });

  app.get(
    DashboardPath.monitoring,
    { config: { signedIn: true }, schema: { response: okResponse(ZDashboardMonitoring) } },
    async (request) => {
      const { scope } = requireSession(request);
      return ok(request, await programmeStatus(app.db, scope, app.now()));
    },
  );
};
