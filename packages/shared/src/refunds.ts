import { z } from 'zod';
import { ZApprovalWaiting } from './approvals';
import { dateRangeFilters } from './date-range';
import { opt, optText, zGatewayNoFilter } from './list';
import { defineList, field } from './list-fields';
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

/** The refund query, declared once (list-fields.ts); it opens on today's applications. */
export const REFUNDS = defineList({
  fields: {
    refundNo: field.link('refund.refundNo'),
    tradeNo: field.text('refund.tradeNo'),
    gatewayNo: field.text('refund.gatewayNo'),
    refundType: field.code('refund.type', 'tradeEnum.refundType'),
    method: field.code('refund.method', 'tradeEnum.refundMethod'),
    source: field.code('refund.source', 'tradeEnum.refundSource'),
    currency: field.text('refund.currency'),
    availableAmount: field.money('refund.availableAmount'),
    /** Minor units of `currency`. */
    amount: field.money('refund.amount'),
    reason: field.text('refund.reason'),
    applicant: field.text('refund.applicant'),
    appliedAt: field.time('refund.appliedAt'),
    status: field.code('refund.status', 'tradeEnum.refundProcessing'),
    processedAt: field.timeOrNull('refund.processedAt'),
    failReason: field.text('refund.failReason'),
    tradeAt: field.time(),
  },
  ...dateRangeFilters({
    timeType: z.enum(REFUND_TIME_TYPES).default('refundApply'),
    gatewayNo: zGatewayNoFilter,
    tradeNo: optText(64),
    refundNo: optText(64),
    status: opt(zCode(RefundProcessing)),
    method: opt(zCode(RefundMethod)),
    source: opt(zCode(RefundSource)),
  }),
  days: 1,
});
export const { query: ZRefundListQuery, exportBody: ZRefundExportBody, row: ZRefund, page: ZRefundPage } = REFUNDS;
export type TRefundListQuery = z.infer<typeof ZRefundListQuery>;
export type TRefundExportBody = z.infer<typeof ZRefundExportBody>;
export type TRefund = z.infer<typeof ZRefund>;

export const ZRefundApplied = z.object({ refundNo: z.string(), status: z.number().int(), method: z.number().int() });
export type TRefundApplied = z.infer<typeof ZRefundApplied>;
/** A refund application's answer: the refund, or the approval request it waits on (approvals.ts). */
export const ZRefundOutcome = z.union([ZRefundApplied, ZApprovalWaiting]);
export type TRefundOutcome = z.infer<typeof ZRefundOutcome>;
