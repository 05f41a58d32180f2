import { z } from 'zod';
import { ZDateRange, checkDateRange } from './date-range';
import { checkAmountRange, opt, zAmountFilter, zGatewayNoFilter } from './list';
import { defineList, field } from './list-fields';
import type { TPermission } from './permissions';
import { AppealStatus, CARD_SCHEMES, PayStatus, RefundFlag, TradeCategory, TradeType, zCode } from './trade-enums';

/**
 * The Transaction menu's lists (formal, pre-authorization, risk-declined, uncompleted, test,
 * counterfeit): one table, told apart by category (and trade type for pre-authorization). Each view
 * has its own API paths so that each route declares its own read and download permission.
 */
export const TRANSACTION_VIEWS = ['formal', 'preAuth', 'riskDeclined', 'uncompleted', 'test', 'counterfeit'] as const;
export type TTransactionView = (typeof TRANSACTION_VIEWS)[number];

export type TTransactionViewDef = {
  category: number;
  /** Set when the view is one trade type of its category (pre-authorization). */
  tradeType: number | null;
  /** Read permission: the screen's menu url. */
  menu: TPermission;
  /** Operation that allows the export. */
  download: TPermission;
  list: string;
  detail: string;
  export: string;
  /** First part of the export's file name. */
  filePrefix: string;
};

export const TRANSACTION_VIEW_DEFS: Record<TTransactionView, TTransactionViewDef> = {
  formal: {
    category: TradeCategory.formal,
    tradeType: null,
    menu: '/merTradeMgr/initTradeRecordPage',
    download: 'TradeRecord:Downloads',
    list: '/merTradeMgr/tradeRecordList',
    detail: '/merTradeMgr/tradeRecordDetail/:tradeNo',
    export: '/merTradeMgr/tradeRecordExport',
    filePrefix: 'transactions',
  },
  preAuth: {
    category: TradeCategory.formal,
    tradeType: TradeType.preAuthorization,
    menu: '/merTradeMgr/initPreAuthTradePage',
    download: 'PreAuthTrade:Downloads',
    list: '/merTradeMgr/preAuthTradeList',
    detail: '/merTradeMgr/preAuthTradeDetail/:tradeNo',
    export: '/merTradeMgr/preAuthTradeExport',
    filePrefix: 'pre-authorizations',
  },
  riskDeclined: {
    category: TradeCategory.riskDeclined,
    tradeType: null,
    menu: '/merTradeMgr/initUnTradeRecordPage',
    download: 'UnTradeRecord:Downloads',
    list: '/merTradeMgr/unTradeRecordList',
    detail: '/merTradeMgr/unTradeRecordDetail/:tradeNo',
    export: '/merTradeMgr/unTradeRecordExport',
    filePrefix: 'risk-declined',
  },
  uncompleted: {
    category: TradeCategory.uncompleted,
    tradeType: null,
    menu: '/merTradeMgr/initUnFishedTradeRecordPage',
    download: 'UnFinishedTradeRecord:Downloads',
    list: '/merTradeMgr/unFinishedTradeRecordList',
    detail: '/merTradeMgr/unFinishedTradeRecordDetail/:tradeNo',
    export: '/merTradeMgr/unFinishedTradeRecordExport',
    filePrefix: 'uncompleted',
  },
  test: {
    category: TradeCategory.test,
    tradeType: null,
    menu: '/merTradeMgr/initTestTradePage',
    download: 'TestTrade:Downloads',
    list: '/merTradeMgr/testTradeList',
    detail: '/merTradeMgr/testTradeDetail/:tradeNo',
    export: '/merTradeMgr/testTradeExport',
    filePrefix: 'test-transactions',
  },
  counterfeit: {
    category: TradeCategory.counterfeit,
    tradeType: null,
    menu: '/merTradeMgr/initCounterfeitTradePage',
    download: 'CounterfeitTrade:Downloads',
    list: '/merTradeMgr/counterfeitTradeList',
    detail: '/merTradeMgr/counterfeitTradeDetail/:tradeNo',
    export: '/merTradeMgr/counterfeitTradeExport',
    filePrefix: 'counterfeit',
  },
};

/** Spec §4: the list's time types: trading time (entered the system) or processing time (gateway returned). */
export const TRANSACTION_TIME_TYPES = ['trade', 'process'] as const;
export type TTransactionTimeType = (typeof TRANSACTION_TIME_TYPES)[number];

/** Yes/no flags of a transaction (chargeback, retrieval, RDR, Ethoca). */
export const YesNoFlag = { no: 0, yes: 1 } as const;

const text = (max: number) => z.string().trim().max(max);

/** Filter fields shared by the list and the export (dates, time type and every filter of issue §2). */
export const ZTransactionFilterFields = ZDateRange.extend({
  timeType: z.enum(TRANSACTION_TIME_TYPES).default('trade'),
  gatewayNo: zGatewayNoFilter,
  tradeNo: opt(text(64)),
  merchantOrderNo: opt(text(64)),
  payStatus: opt(zCode(PayStatus)),
  tradeType: opt(zCode(TradeType)),
  cardScheme: opt(z.enum(CARD_SCHEMES)),
  currency: opt(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/),
  ),
  email: opt(text(254)),
  ip: opt(text(64)),
  cardFirst6: opt(
    z
      .string()
      .trim()
      .regex(/^\d{6}$/),
  ),
  cardLast4: opt(
    z
      .string()
      .trim()
      .regex(/^\d{4}$/),
  ),
  amountMin: zAmountFilter,
  amountMax: zAmountFilter,
  refundStatus: opt(zCode(RefundFlag)),
  chargebackStatus: opt(zCode(YesNoFlag)),
  retrievalStatus: opt(zCode(YesNoFlag)),
  rdrStatus: opt(zCode(YesNoFlag)),
  ethocaStatus: opt(zCode(YesNoFlag)),
  appealStatus: opt(zCode(AppealStatus)),
});

type TFilterChecked = { from: string; to: string; amountMin?: string | undefined; amountMax?: string | undefined };

/** Date range rules plus "minimum amount not above maximum"; issues carry server catalog keys. */
export function checkTransactionFilter(q: TFilterChecked, ctx: z.RefinementCtx): void {
  checkDateRange(q, ctx);
  checkAmountRange(q, ctx);
}

export const ZTradeNoParams = z.object({ tradeNo: z.string().trim().min(1).max(64) });

/** Card shown as first 6 + ****** + last 4 (spec: never a full number). */
export function maskCard(first6: string, last4: string): string {
  return `${first6}******${last4}`;
}

/**
 * The lists of the six views, declared once (list-fields.ts): every view shows the same row, opening on
 * today's transactions by trading time. Labels are the screen's catalog keys, which head the export's
 * columns too.
 */
export const TRANSACTIONS = defineList({
  fields: {
    gatewayNo: field.text('trade.gatewayNo'),
    tradeNo: field.link('trade.tradeNo'),
    merchantOrderNo: field.text('trade.merchantOrderNo'),
    tradeType: field.code('trade.tradeType', 'tradeEnum.tradeType'),
    payStatus: field.code('trade.payStatus', 'tradeEnum.payStatus'),
    cardScheme: field.textCode('trade.cardScheme', 'tradeEnum.cardScheme'),
    /** First 6 and last 4 digits only (maskCard). */
    cardMasked: field.text('trade.card'),
    currency: field.text('trade.currency'),
    /** Minor units of `currency`. */
    amount: field.money('trade.amount'),
    settleCurrency: field.text(undefined, { file: true }),
    settleAmount: field.money('tradeDetail.settleAmount', 'settleCurrency'),
    returnMessage: field.text(undefined, { file: true }),
    refundStatus: field.code('trade.refundStatus', 'tradeEnum.refundFlag'),
    chargebackStatus: field.code('trade.chargebackStatus', 'tradeEnum.chargebackFlag'),
    retrievalStatus: field.code('trade.retrievalStatus', 'tradeEnum.retrievalFlag'),
    rdrStatus: field.code('trade.rdrStatus', 'tradeEnum.alertFlag'),
    ethocaStatus: field.code('trade.ethocaStatus', 'tradeEnum.alertFlag'),
    appealStatus: field.code('trade.appealStatus', 'tradeEnum.appealStatus'),
    email: field.text('trade.email', { optional: true }),
    ip: field.text('trade.ip', { optional: true }),
    /** Codes of the risk rules a declined payment failed. */
    riskRules: field.data(z.array(z.string()), 'trade.riskRules'),
    /** ISO 8601 UTC. */
    createdAt: field.time('trade.createdAt'),
    returnedAt: field.timeOrNull('trade.returnedAt'),
  },
  filters: ZTransactionFilterFields,
  refine: checkTransactionFilter,
  days: 1,
});

export const {
  query: ZTransactionListQuery,
  exportBody: ZTransactionExportRequest,
  row: ZTransactionRow,
  page: ZTransactionPage,
} = TRANSACTIONS;
export type TTransactionListQuery = z.infer<typeof ZTransactionListQuery>;
/** What a client sends (before defaults): the web builds this from its URL. */
export type TTransactionListInput = z.input<typeof ZTransactionListQuery>;
export type TTransactionExportRequest = z.infer<typeof ZTransactionExportRequest>;
export type TTransactionRow = z.infer<typeof ZTransactionRow>;
export type TTransactionPage = z.infer<typeof ZTransactionPage>;

export const TIMELINE_EVENTS = [
  'entered',
  'submitted',
  'returned',
  'refundApplied',
  'refundProcessed',
  'disputeArrived',
  'disputeDeadline',
  'appealed',
  'appealDecided',
] as const;
export type TTimelineEvent = (typeof TIMELINE_EVENTS)[number];

export const ZTimelineEntry = z.object({
  event: z.enum(TIMELINE_EVENTS),
  /** ISO 8601 UTC. */
  at: z.string(),
  /** Refund number or dispute case number the entry is about. */
  ref: z.string().nullable(),
  /** DisputeKind code for dispute entries. */
  disputeKind: z.number().int().nullable(),
  /** RefundProcessing code (refunds), ProcessingType code (disputes) or AppealStatus code (appeal decision). */
  status: z.number().int().nullable(),
  currency: z.string().nullable(),
  amount: z.number().int().nullable(),
});
export type TTimelineEntry = z.infer<typeof ZTimelineEntry>;

const ZIso = z.string();

export const ZTransactionDetail = z.object({
  view: z.enum(TRANSACTION_VIEWS),
  order: z.object({
    gatewayNo: z.string(),
    tradeNo: z.string(),
    merchantOrderNo: z.string(),
    tradeType: z.number().int(),
    tradeUrl: z.string(),
  }),
  payment: z.object({
    payStatus: z.number().int(),
    returnMessage: z.string(),
    cardScheme: z.string(),
    cardMasked: z.string(),
    currency: z.string(),
    amount: z.number().int(),
    settleCurrency: z.string(),
    settleAmount: z.number().int(),
    settleStatus: z.number().int(),
    reserveStatus: z.number().int(),
    reserveAmount: z.number().int(),
    abnormalStatus: z.number().int(),
    refundStatus: z.number().int(),
    refundedAmount: z.number().int(),
    refundPendingAmount: z.number().int(),
    chargebackStatus: z.number().int(),
    retrievalStatus: z.number().int(),
    rdrStatus: z.number().int(),
    ethocaStatus: z.number().int(),
    appealStatus: z.number().int(),
  }),
  cardholder: z.object({
    email: z.string(),
    ip: z.string(),
    name: z.string(),
    customerEmail: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  }),
  shipping: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    country: z.string(),
  }),
  risk: z.object({
    highRiskCountry: z.boolean(),
    billCountry: z.string(),
    paymentCountry: z.string(),
    international: z.number().int(),
    issuerRealCountry: z.string(),
    ipBillCountry: z.string(),
    issuerName: z.string(),
    issuerCountry: z.string(),
    riskRules: z.array(z.string()),
  }),
  timestamps: z.object({ createdAt: ZIso, submittedAt: ZIso.nullable(), returnedAt: ZIso.nullable() }),
  /** Minor units still refundable; null when the transaction cannot be refunded (not a successful formal payment). */
  refundable: z.number().int().nullable(),
  timeline: z.array(ZTimelineEntry),
});
export type TTransactionDetail = z.infer<typeof ZTransactionDetail>;
