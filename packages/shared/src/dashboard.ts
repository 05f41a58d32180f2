import { z } from 'zod';
import { ZProgrammes } from './programmes';

/** The home dashboard's widgets (spec §2 Dashboard). Figures come from the daily rollups. */
export const DashboardPath = {
  tradeToday: '/index/tradeToday',
  tradeHistory: '/index/tradeHistory',
  deadlines: '/index/deadlines',
  products: '/index/products',
  monitoring: '/index/monitoring',
} as const;

/** Today's trades per settlement currency (the current business day, UTC+08:00). */
export const ZTradeTodayRow = z.object({
  currency: z.string(),
  txCount: z.number().int(),
  successCount: z.number().int(),
  successAmount: z.number().int(),
  successRateBp: z.number().int().nullable(),
});
export const ZTradeToday = z.object({ day: z.string(), list: z.array(ZTradeTodayRow) });
export type TTradeToday = z.infer<typeof ZTradeToday>;

/** History chart ranges: last 7 days, last month (30 days), last 3 months (90 days), ending today. */
export const HISTORY_RANGES = { week: 7, month: 30, quarter: 90 } as const;
export type THistoryRange = keyof typeof HISTORY_RANGES;

export const ZTradeHistoryQuery = z.object({
  range: z.enum(['week', 'month', 'quarter']).default('week'),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/),
});
export type TTradeHistoryQuery = z.input<typeof ZTradeHistoryQuery>;

/** One point per business day of the range (days without trades are zeros). */
export const ZTradeHistoryPoint = z.object({
  day: z.string(),
  successAmount: z.number().int(),
  txCount: z.number().int(),
  successCount: z.number().int(),
  successRateBp: z.number().int().nullable(),
  actualSuccessRateBp: z.number().int().nullable(),
});
export type TTradeHistoryPoint = z.infer<typeof ZTradeHistoryPoint>;
export const ZTradeHistory = z.object({ currency: z.string(), points: z.array(ZTradeHistoryPoint) });
export type TTradeHistory = z.infer<typeof ZTradeHistory>;

/** The nearest open reply deadlines (chargebacks, retrievals, alerts). */
export const DEADLINES_SHOWN = 5;
export const ZDeadline = z.object({
  id: z.number().int(),
  caseNo: z.string(),
  kind: z.number().int(),
  processingType: z.number().int(),
  gatewayNo: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  /** ISO instant. */
  replyDeadline: z.string(),
});
export type TDeadline = z.infer<typeof ZDeadline>;
export const ZDeadlines = z.object({
  list: z.array(ZDeadline),
  /** Open cases and alerts whose deadline falls on the caller's today (`day`, in the caller's timezone). */
  dueToday: z.object({ day: z.string(), count: z.number().int() }),
});
export type TDeadlines = z.infer<typeof ZDeadlines>;

/** Foreign-trade collection products: the merchant's gateways and the card schemes they accept. */
export const ZProduct = z.object({
  gatewayNo: z.string(),
  name: z.string(),
  currency: z.string(),
  cardSchemes: z.array(z.string()),
  status: z.number().int(),
});
export type TProduct = z.infer<typeof ZProduct>;
export const ZProducts = z.object({ list: z.array(ZProduct) });
export type TProducts = z.infer<typeof ZProducts>;

/** The card-scheme programmes of the month (programmes.ts), as the statistics screen shows them. */
export const ZDashboardMonitoring = ZProgrammes;
