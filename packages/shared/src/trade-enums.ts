import { z } from 'zod';

/**
 * The acquiring vocabulary (spec §4) as stored numeric codes. The database, the API and the web app
 * all use these codes; labels live in the web app's locale files under `tradeEnum.<enum>.<code>`.
 * Codes are part of the contract (URLs with filters are bookmarked): never renumber.
 */

/** Which screen a gateway record belongs to. Pre-authorization is a formal transaction with trade type 2. */
export const TradeCategory = { formal: 1, riskDeclined: 2, uncompleted: 3, test: 4, counterfeit: 5 } as const;
export type TTradeCategory = (typeof TradeCategory)[keyof typeof TradeCategory];

export const TradeType = { consumption: 1, preAuthorization: 2 } as const;
export type TTradeType = (typeof TradeType)[keyof typeof TradeType];

export const PayStatus = { success: 1, failed: 2, threeDRefused: 3, toBeConfirmed: 4, unpaid: 5, preAuthConfirming: 6 } as const;
export type TPayStatus = (typeof PayStatus)[keyof typeof PayStatus];

/** Card schemes, stored as these codes (upper-case text). */
export const CARD_SCHEMES = ['VISA', 'MASTERCARD', 'JCB', 'AMEX', 'UNIONPAY'] as const;
export type TCardScheme = (typeof CARD_SCHEMES)[number];

export const SettleStatus = { unsettled: 0, tabulated: 1, settled: 2 } as const;
/** Rolling reserve (deposit) held from a transaction's settlement. */
export const ReserveStatus = { none: 0, held: 1, returned: 2 } as const;
export const AbnormalStatus = { none: 0, chargeback: 1, refund: 2, chargebackAndRefund: 3, fraudulentChargeback: 4 } as const;
/** Spec: international flag Indeterminacy, Yes, No. */
export const International = { indeterminacy: 0, yes: 1, no: 2 } as const;

/** Per-transaction flags shown in the list: 0 none / 1 yes (refunded, chargeback, retrieved, alerted). */
export const RefundFlag = { notRefunded: 0, refunded: 1 } as const;
export const AppealStatus = { none: 0, underAppeal: 1, success: 2, failed: 3 } as const;
export type TAppealStatus = (typeof AppealStatus)[keyof typeof AppealStatus];

export const RefundProcessing = { pendingReview: 1, audited: 2, processing: 3, refunded: 4, failed: 5 } as const;
export type TRefundProcessing = (typeof RefundProcessing)[keyof typeof RefundProcessing];
/** Refund processing states in which the money is still on its way (counted against the available amount). */
export const REFUND_PENDING_STATES: readonly TRefundProcessing[] = [1, 2, 3];
export const RefundMethod = { full: 1, partial: 2 } as const;
export const RefundType = { single: 1 } as const;
/** Who started a refund: the merchant, an Ethoca alert answered by the merchant, or an RDR alert (automatic). */
export const RefundSource = { merchant: 1, ethoca: 2, rdr: 3 } as const;

/** What a dispute row is. Fraud reports (TC40/SAFE) count towards Visa VAMP but are not shown as cases. */
export const DisputeKind = { chargeback: 1, retrieval: 2, rdrAlert: 3, ethocaAlert: 4, fraudReport: 5 } as const;
export type TDisputeKind = (typeof DisputeKind)[keyof typeof DisputeKind];

/** Spec §4 processing types of the retrieval / chargeback screen. */
export const ProcessingType = {
  chargeback: 1,
  retrieval: 2,
  retrievalToChargeback: 3,
  appealFailed: 4,
  appealSuccessful: 5,
  appealPending: 6,
  ethocaAlert: 7,
  rdrAlert: 8,
} as const;
export type TProcessingType = (typeof ProcessingType)[keyof typeof ProcessingType];

/** Spec §4 time types for queries, as URL values. Each list offers the subset that applies to it. */
export const TIME_TYPES = ['trade', 'process', 'refundApply', 'trans', 'dispute'] as const;
export type TTimeType = (typeof TIME_TYPES)[number];

const codes = <T extends Record<string, number>>(o: T) => Object.values(o) as [T[keyof T], ...T[keyof T][]];

/** A zod enum over the codes, coercing query-string text ("2") to a number; anything else is `invalid_value`. */
export const zCode = <T extends Record<string, number>>(o: T) => z.coerce.number().pipe(z.literal(codes(o)));

export const ZCardScheme = z.enum(CARD_SCHEMES);

export const PAY_STATUS_CODES = codes(PayStatus);
export const PROCESSING_TYPE_CODES = codes(ProcessingType);
