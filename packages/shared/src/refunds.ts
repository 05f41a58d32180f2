import { z } from 'zod';
import { checkDateRange, ZDateRange } from './date-range';
import { exportRequest, listQuery, opt, optText, zGatewayNoFilter, zListPage } from './list';
import { RefundMethod, RefundProcessing, RefundSource, zCode } from './trade-enums';

/** Spec §5/§9: a refund reason is 1 to 100 characters. */
export const REFUND_REASON_MAX = 100;

export const RefundPath = {
  /** POST: apply for a refund of a successful transaction (permission Refundment:Apply or TradeRecord:Refund). */
  apply: '/refundment/apply',
  /** GET: what can still be refunded on a transaction (original minus refunded minus pending). */
  refundable: '/refundment/refundable/:tradeNo',
  /** GET: the refund query list. */
  list: '/refundment/list',
  /** GET: one refund by its number. */
  detail: '/refundment/detail/:refundNo',
  /** POST: the list as CSV or XLSX (permission Refundment:Downloads). */
  export: '/refundment/export',
} as const;

export const refundablePath = (tradeNo: string) => RefundPath.refundable.replace(':tradeNo', encodeURIComponent(tradeNo));
export const refundDetailPath = (refundNo: string) => RefundPath.detail.replace(':refundNo', encodeURIComponent(refundNo));

export const ZRefundApply = z.object({
  tradeNo: z.string().trim().min(1).max(64),
  /** Major units as typed ("12.50"); parsed exactly against the transaction's currency. */
  amount: z.string().trim().min(1).max(32),
  reason: z.string().trim().min(1).max(REFUND_REASON_MAX),
});
export type TRefundApply = z.infer<typeof ZRefundApply>;

export const ZRefundable = z.object({
  tradeNo: z.string(),
  currency: z.string(),
  /** Minor units. */
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  pendingAmount: z.number().int(),
  availableAmount: z.number().int(),
});
export type TRefundable = z.infer<typeof ZRefundable>;

export const ZRefundableParams = z.object({ tradeNo: z.string().trim().min(1).max(64) });
export const ZRefundNoParams = z.object({ refundNo: z.string().trim().min(1).max(64) });

/** Time types the refund query offers (spec §4): application date, processing date, transaction date. */
export const REFUND_TIME_TYPES = ['refundApply', 'process', 'trans'] as const;
export type TRefundTimeType = (typeof REFUND_TIME_TYPES)[number];

export const ZRefundFilters = ZDateRange.extend({
  timeType: z.enum(REFUND_TIME_TYPES).default('refundApply'),
  gatewayNo: zGatewayNoFilter,
  tradeNo: optText(64),
  refundNo: optText(64),
  status: opt(zCode(RefundProcessing)),
  method: opt(zCode(RefundMethod)),
  source: opt(zCode(RefundSource)),
});

export const ZRefundListQuery = listQuery(ZRefundFilters, checkDateRange);
export type TRefundListQuery = z.infer<typeof ZRefundListQuery>;

export const ZRefundExportBody = exportRequest(ZRefundFilters, checkDateRange);
export type TRefundExportBody = z.infer<typeof ZRefundExportBody>;

export const ZRefund = z.object({
  refundNo: z.string(),
  tradeNo: z.string(),
  gatewayNo: z.string(),
  refundType: z.number().int(),
  method: z.number().int(),
  source: z.number().int(),
  currency: z.string(),
  /** Minor units of `currency`. */
  amount: z.number().int(),
  availableAmount: z.number().int(),
  reason: z.string(),
  applicant: z.string(),
  status: z.number().int(),
  failReason: z.string(),
  appliedAt: z.string(),
  processedAt: z.string().nullable(),
  tradeAt: z.string(),
});
export type TRefund = z.infer<typeof ZRefund>;
export const ZRefundPage = zListPage(ZRefund);

export const ZRefundApplied = z.object({ refundNo: z.string(), status: z.number().int(), method: z.number().int() });
export type TRefundApplied = z.infer<typeof ZRefundApplied>;
