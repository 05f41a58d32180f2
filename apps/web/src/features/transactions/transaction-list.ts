import { AppealStatus, CARD_SCHEMES, PayStatus, RefundFlag, TradeType } from '@mbo/shared/trade-enums';
import { findMenu } from '@mbo/shared/permissions';
import {
  TRANSACTION_TIME_TYPES,
  TRANSACTION_VIEW_DEFS,
  TRANSACTION_VIEWS,
  TRANSACTIONS,
  type TTransactionView,
} from '@mbo/shared/transactions';
import {
  currencyOptions,
  dateRangeField,
  enumOptions,
  gatewayField,
  selectField,
  textField,
  type TFilterField,
} from '../../platform/filter-fields';
import { declaredScreen, type TListScreen } from '../../platform/list-screen';
import { exportTransactions } from './api/export-transactions';
import { getTransactions, transactionsKey } from './api/get-transactions';

export type TTransactionFilterKey = keyof typeof TRANSACTIONS.filters.shape;

const yesNo = (prefix: string) => enumOptions(prefix, [0, 1]);

/**
 * The filters a merchant reaches for first (time, order numbers, status) stay in view; the other
 * fourteen fold behind "More filters". `currencies` are the merchant's settlement currencies.
 */
export function transactionFilters(view: TTransactionView, currencies: readonly string[]): TFilterField<TTransactionFilterKey>[] {
  return [
    selectField('timeType', 'trade.timeType', enumOptions('tradeEnum.timeType', TRANSACTION_TIME_TYPES)),
    dateRangeField('trade.dateRange'),
    textField('tradeNo', 'trade.tradeNo', 64),
    textField('merchantOrderNo', 'trade.merchantOrderNo', 64),
    selectField('payStatus', 'trade.payStatus', enumOptions('tradeEnum.payStatus', PayStatus), { all: true }),
    textField('email', 'trade.email', 254, { more: true }),
    gatewayField('trade.gatewayNo'),
    ...(view === 'preAuth'
      ? []
      : [
          selectField<TTransactionFilterKey>('tradeType', 'trade.tradeType', enumOptions('tradeEnum.tradeType', TradeType), {
            all: true,
            more: true,
          }),
        ]),
    selectField('cardScheme', 'trade.cardScheme', enumOptions('tradeEnum.cardScheme', CARD_SCHEMES), { all: true, more: true }),
    currencies.length > 0
      ? selectField('currency', 'trade.currency', currencyOptions(currencies), { all: true, more: true })
      : textField('currency', 'trade.currency', 3, { more: true }),
    { kind: 'amountRange', min: 'amountMin', max: 'amountMax', label: 'trade.amountRange', more: true },
    textField('cardFirst6', 'trade.cardFirst6', 6, { digits: true, more: true }),
    textField('cardLast4', 'trade.cardLast4', 4, { digits: true, more: true }),
    textField('ip', 'trade.ip', 64, { more: true }),
    selectField('refundStatus', 'trade.refundStatus', enumOptions('tradeEnum.refundFlag', RefundFlag), { all: true, more: true }),
    selectField('chargebackStatus', 'trade.chargebackStatus', yesNo('tradeEnum.chargebackFlag'), { all: true, more: true }),
    selectField('retrievalStatus', 'trade.retrievalStatus', yesNo('tradeEnum.retrievalFlag'), { all: true, more: true }),
    selectField('rdrStatus', 'trade.rdrStatus', yesNo('tradeEnum.alertFlag'), { all: true, more: true }),
    selectField('ethocaStatus', 'trade.ethocaStatus', yesNo('tradeEnum.alertFlag'), { all: true, more: true }),
    selectField('appealStatus', 'trade.appealStatus', enumOptions('tradeEnum.appealStatus', AppealStatus), { all: true, more: true }),
  ];
}

/** The six views of the Transaction menu, one list screen each; the open detail (?detail=) lives in the URL too. */
export const TRANSACTION_LISTS = Object.fromEntries(
  TRANSACTION_VIEWS.map((view) => {
    const def = TRANSACTION_VIEW_DEFS[view];
    const screen = declaredScreen(TRANSACTIONS, {
      title: findMenu(def.menu)?.titleKey ?? '',
      key: transactionsKey(view),
      fetch: (params) => getTransactions(view, params),
      countPath: def.list,
      fields: transactionFilters(view, []),
      rowKey: 'tradeNo',
      testId: 'transaction-table',
      extras: ['detail'],
      export: { permission: def.download, run: (filters, format) => exportTransactions(view, filters, format) },
    });
    return [view, screen];
  }),
) as Record<TTransactionView, TListScreen<Awaited<ReturnType<typeof getTransactions>>, TTransactionFilterKey>>;
