/**
 * API paths of the Funds menu and the dashboard's fund card, below the `/v3api` base like `ApiPath`.
 * Apart from `./funds` (which re-exports them) so that a screen needing only a path, such as the
 * dashboard, loads no request or response schema (and no zod) with it.
 */
export const FundsPath = {
  /** GET: the account summary per currency (menu /fundsAccountSummary/initCheckFundsAccountSummaryPage). */
  summary: '/funds/summary',
  /** GET: the fund card of the dashboard (available, frozen, reserve, next settlement). */
  card: '/funds/card',
  /** GET: what a withdrawal can draw from: per gateway its available balance, fee, minimum; the bank accounts. */
  withdrawOptions: '/withdraw/options',
  /** POST: apply for a withdrawal (Withdraw:Apply). */
  withdrawApply: '/withdraw/apply',
  /** POST: cancel a pending withdrawal (Withdraw:Cancel). */
  withdrawCancel: '/withdraw/cancel/:withdrawalNo',
  /** GET: the withdrawal list. */
  withdrawList: '/withdraw/list',
  /** GET: the recorded-entry flow (ledger entries of the merchant's accounts). */
  entryList: '/funds/entries',
  /** POST: export of the recorded-entry flow (RecordedWater:Downloads). */
  entryExport: '/funds/entries/export',
  /** GET: credit entries (settlement batches). */
  batchList: '/settle/batches',
  /** POST: export of the credit entries (DailySettleDetail:Downloads). */
  batchExport: '/settle/batches/export',
  /** GET: the settlement cycle (unsettled money by settlement date and gateway). */
  pending: '/settle/pending',
  /** POST: export of the settlement cycle (NoSettAmount:Downloads). */
  pendingExport: '/settle/pending/export',
  /** GET: a batch's transactions (gross, fee, reserve, net). */
  batchItems: '/settle/batches/:batchNo/items',
} as const;

export const withdrawCancelPath = (no: string) => FundsPath.withdrawCancel.replace(':withdrawalNo', encodeURIComponent(no));
export const batchItemsPath = (no: string) => FundsPath.batchItems.replace(':batchNo', encodeURIComponent(no));
