import { z } from 'zod';
import { APPROVAL_REASON_MAX, ZApprovalWaiting } from './approvals';
import { dateRangeFilters } from './date-range';
import { EXPORT_FORMATS, opt, optText, zGatewayNoFilter } from './list';
import { defineList, field, rowSchema } from './list-fields';
import { zCode } from './trade-enums';

/** Spec §4 settlement types. */
export const SettleType = { daily: 1, weekly: 2, monthly: 3 } as const;
/** Spec §4 credit status of a settlement batch (unrecorded: no batch yet). */
export const CreditStatus = { unrecorded: 0, tabulated: 1, credited: 2 } as const;
/** Spec §4 withdrawal status. */
export const WithdrawalStatus = { pending: 1, success: 2, failed: 3, cancelled: 4 } as const;

/** A bank account number as a screen or a list shows it: its last 4 digits. */
export function maskAccountNo(no: string): string {
  return no.length <= 4 ? no : `**** ${no.slice(-4)}`;
}

/**
 * Ledger transaction types (what caused a posting). Every type's entries sum to zero; see
 * apps/server/src/domains/funds/README.md for the accounts each type moves.
 */
export const LEDGER_TYPES = [
  'capture',
  'refund',
  'rdr',
  'ethoca',
  'chargeback',
  'chargebackReversal',
  'settlement',
  'reserveRelease',
  'withdrawalFreeze',
  'withdrawalPay',
  'withdrawalFail',
  'withdrawalCancel',
] as const;
export type TLedgerType = (typeof LEDGER_TYPES)[number];

/** The merchant's own accounts (the rest are the acquirer's counter-accounts). */
export const MERCHANT_ACCOUNTS = ['unsettled', 'available', 'frozen', 'reserve', 'debt'] as const;
export type TMerchantAccount = (typeof MERCHANT_ACCOUNTS)[number];

export { batchItemsPath, FundsPath, withdrawCancelPath } from './funds-paths';

const money = z.number().int();

/** §3 Funds summary, one currency (minor units of `currency`). */
export const ZFundsSummaryRow = z.object({
  currency: z.string(),
  transactionTotal: money,
  creditedTotal: money,
  refundTotal: money,
  retrievalTotal: money,
  appealSuccessTotal: money,
  fees: money,
  /** Chargebacks taken (shown as a deduction). */
  otherDeductions: money,
  reserveExtracted: money,
  reserveRefunded: money,
  reserveBalance: money,
  withdrawnTotal: money,
  /** available + frozen. */
  accountBalance: money,
  frozen: money,
  available: money,
  unsettled: money,
  /** What the merchant owes (chargebacks beyond the balance), settled from the next credits. */
  owed: money,
});
export type TFundsSummaryRow = z.infer<typeof ZFundsSummaryRow>;

export const ZReserveRelease = z.object({ currency: z.string(), date: z.string(), amount: money });
export type TReserveRelease = z.infer<typeof ZReserveRelease>;

export const ZFundsSummary = z.object({
  /** false: the admin may not view account dynamics; no figure is sent. */
  visible: z.boolean(),
  rows: z.array(ZFundsSummaryRow),
  releases: z.array(ZReserveRelease),
});
export type TFundsSummary = z.infer<typeof ZFundsSummary>;

export const ZFundsCard = z.object({
  visible: z.boolean(),
  rows: z.array(z.object({ currency: z.string(), available: money, frozen: money, reserve: money })),
  /** Next settlement: its business day and the unsettled amount per currency due then. */
  nextSettlement: z.object({ date: z.string(), rows: z.array(z.object({ currency: z.string(), amount: money })) }).nullable(),
});
export type TFundsCard = z.infer<typeof ZFundsCard>;

export const ZWithdrawOptions = z.object({
  /** false: the admin may not view account dynamics; `available` and `frozen` are sent as 0 and not shown. */
  balancesVisible: z.boolean(),
  gateways: z.array(
    z.object({
      gatewayNo: z.string(),
      currency: z.string(),
      available: money,
      frozen: money,
      fee: money,
      minimum: money,
    }),
  ),
  bankAccounts: z.array(
    z.object({
      id: z.number().int(),
      bankName: z.string(),
      holder: z.string(),
      accountNo: z.string(),
      currency: z.string(),
      isDefault: z.boolean(),
    }),
  ),
});
export type TWithdrawOptions = z.infer<typeof ZWithdrawOptions>;

export const ZWithdrawApply = z.object({
  gatewayNo: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/),
  /** Major units as typed; parsed exactly against the gateway's currency. */
  amount: z.string().trim().min(1).max(32),
  bankAccountId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** Why, for the second approver when the owner's policy holds the withdrawal (approvals.ts). */
  reason: z.string().trim().max(APPROVAL_REASON_MAX).optional(),
});
export type TWithdrawApply = z.infer<typeof ZWithdrawApply>;

export const ZWithdrawalNoParams = z.object({ withdrawalNo: z.string().trim().min(1).max(64) });

/** The withdrawal list, declared once (list-fields.ts). */
export const WITHDRAWALS = defineList({
  fields: {
    withdrawalNo: field.text('funds.withdraw.no'),
    gatewayNo: field.text('funds.gatewayNo'),
    currency: field.text(),
    amount: field.money('funds.withdraw.amount'),
    fee: field.money('funds.withdraw.fee'),
    received: field.money('funds.withdraw.received'),
    /** The "bank" column shows the bank and the account number. */
    bankName: field.text('funds.withdraw.bank'),
    bankHolder: field.text(),
    bankAccountNo: field.text(),
    status: field.code('funds.withdraw.status', 'funds.withdrawStatus'),
    failReason: field.text(),
    applicant: field.text('funds.withdraw.applicant'),
    createdAt: field.time('funds.withdraw.createdAt'),
    processedAt: field.timeOrNull('funds.withdraw.processedAt'),
  },
  ...dateRangeFilters({ gatewayNo: zGatewayNoFilter, status: opt(zCode(WithdrawalStatus)), withdrawalNo: optText(64) }),
  days: 90,
});
export const { row: ZWithdrawal, query: ZWithdrawalListQuery, page: ZWithdrawalPage } = WITHDRAWALS;
export type TWithdrawal = z.infer<typeof ZWithdrawal>;
export type TWithdrawalListQuery = z.infer<typeof ZWithdrawalListQuery>;

export const ZWithdrawResult = z.object({ withdrawalNo: z.string(), status: z.number().int(), amount: money, fee: money, received: money });
export type TWithdrawResult = z.infer<typeof ZWithdrawResult>;
/** A withdrawal application's answer: the withdrawal, or the approval request it waits on (approvals.ts). */
export const ZWithdrawOutcome = z.union([ZWithdrawResult, ZApprovalWaiting]);
export type TWithdrawOutcome = z.infer<typeof ZWithdrawOutcome>;

/** The recorded-entry flow, declared once (list-fields.ts). */
export const ENTRIES = defineList({
  fields: {
    id: field.count(),
    occurredAt: field.time('funds.entry.time'),
    gatewayNo: field.text('funds.gatewayNo'),
    currency: field.text('funds.currency'),
    account: field.textCode('funds.entry.account', 'funds.account'),
    type: field.textCode('funds.entry.type', 'funds.ledgerType'),
    /** Positive: the account grew. */
    amount: field.money('funds.entry.amount'),
    /** What caused it: transaction, refund, case, batch, reserve, withdrawal; its number (the "cause" column). */
    refType: field.text(),
    refNo: field.link('funds.entry.cause'),
  },
  ...dateRangeFilters({
    gatewayNo: zGatewayNoFilter,
    type: opt(z.enum(LEDGER_TYPES)),
    account: opt(z.enum(MERCHANT_ACCOUNTS)),
    currency: opt(
      z
        .string()
        .trim()
        .regex(/^[A-Z]{3}$/),
    ),
  }),
  days: 7,
});
export const { query: ZEntryListQuery, exportBody: ZEntryExportBody, row: ZEntry, page: ZEntryPage } = ENTRIES;
export type TEntryListQuery = z.infer<typeof ZEntryListQuery>;
export type TEntryExportBody = z.infer<typeof ZEntryExportBody>;
export type TEntry = z.infer<typeof ZEntry>;

/** §3 Credit entry (settlement batches), declared once (list-fields.ts). */
export const BATCHES = defineList({
  fields: {
    recordedAt: field.timeOrNull('funds.batch.recordedAt'),
    batchNo: field.link('funds.batch.no'),
    gatewayNo: field.text('funds.gatewayNo'),
    currency: field.text('funds.currency'),
    /** The last instant of the trades it covers. */
    tradeDeadline: field.time('funds.batch.tradeDeadline'),
    txCount: field.count('funds.batch.txCount'),
    gross: field.money('funds.batch.gross'),
    singleFee: field.money('funds.batch.singleFee'),
    refundFee: field.money('funds.batch.refundFee'),
    chargebackFee: field.money('funds.batch.chargebackFee'),
    reserveExtracted: field.money('funds.batch.reserveExtracted'),
    reserveReturned: field.money('funds.batch.reserveReturned'),
    recognized: field.money('funds.batch.recognized'),
    rdrFee: field.money('funds.batch.rdrFee'),
    ethocaFee: field.money('funds.batch.ethocaFee'),
    creditStatus: field.code('funds.batch.creditStatus', 'funds.creditStatus'),
    settleDate: field.text(),
  },
  ...dateRangeFilters({ gatewayNo: zGatewayNoFilter, batchNo: optText(64) }),
  days: 30,
});
export const { query: ZBatchListQuery, exportBody: ZBatchExportBody, row: ZBatch, page: ZBatchPage } = BATCHES;
export type TBatchListQuery = z.infer<typeof ZBatchListQuery>;
export type TBatchExportBody = z.infer<typeof ZBatchExportBody>;
export type TBatch = z.infer<typeof ZBatch>;

export const ZBatchNoParams = z.object({ batchNo: z.string().trim().min(1).max(64) });
export const ZBatchItemsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** One transaction of the batch (reconciling a payout line by line). */
  tradeNo: optText(64),
});
/** A credit entry's breakdown, one row per transaction of the batch, declared once (list-fields.ts); amounts in the batch's currency. */
export const BATCH_ITEM_FIELDS = {
  tradeNo: field.text('funds.batch.tradeNo'),
  tradeAt: field.time('funds.batch.tradeAt'),
  currency: field.text(),
  gross: field.money('funds.batch.gross'),
  fee: field.money('funds.batch.fee'),
  reserve: field.money('funds.batch.reserve'),
  net: field.money('funds.batch.net'),
};
export const ZBatchItem = rowSchema(BATCH_ITEM_FIELDS);
export type TBatchItem = z.infer<typeof ZBatchItem>;
export const ZBatchItems = z.object({
  batch: ZBatch,
  list: z.array(ZBatchItem),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type TBatchItems = z.infer<typeof ZBatchItems>;

/** §3 Settlement cycle: money not yet settled, per settlement date and gateway. */
export const ZPendingFilters = z.object({ gatewayNo: zGatewayNoFilter });
export const ZPendingQuery = ZPendingFilters;
export const ZPendingExportBody = ZPendingFilters.extend({ format: z.enum(EXPORT_FORMATS) });
export const ZPendingRow = z.object({
  settleDate: z.string(),
  tradeDay: z.string(),
  gatewayNo: z.string(),
  currency: z.string(),
  /** Transaction settlement cycle T+N (business days) and rolling reserve cycle (days, percent in bp). */
  cycleDays: z.number().int(),
  reserveDays: z.number().int(),
  reserveBp: z.number().int(),
  txCount: z.number().int(),
  amount: money,
  /** Transactions held back for missing delivery proof; waybill flags of the date (all delivered / uploaded). */
  heldCount: z.number().int(),
  waybillDelivered: z.boolean(),
  waybillUploaded: z.boolean(),
});
export type TPendingRow = z.infer<typeof ZPendingRow>;
export const ZPending = z.object({ visible: z.boolean(), rows: z.array(ZPendingRow) });
export type TPending = z.infer<typeof ZPending>;
