import { z } from 'zod';

/** Spec §5/§9: a refund reason is 1 to 100 characters. */
export const REFUND_REASON_MAX = 100;

export const RefundPath = {
  /** POST: apply for a refund of a successful transaction (permission Refundment:Apply or TradeRecord:Refund). */
  apply: '/refundment/apply',
  /** GET: what can still be refunded on a transaction (original minus refunded minus pending). */
  refundable: '/refundment/refundable/:tradeNo',
} as const;

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
