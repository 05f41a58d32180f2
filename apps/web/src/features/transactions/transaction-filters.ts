import { AppealStatus, CARD_SCHEMES, PayStatus, RefundFlag, TradeType } from '@mbo/shared/trade-enums';
import { TRANSACTION_FILTER_KEYS, TRANSACTION_TIME_TYPES, type TTransactionView } from '@mbo/shared/transactions';
import { enumOptions, type TFilterField } from '../../platform/filter-form';
import type { TFilterValues } from '../../platform/list-url-state';

export type TTransactionFilterKey = (typeof TRANSACTION_FILTER_KEYS)[number];

/** Every list opens on today's transactions by trading time. */
export function transactionDefaults(today: string): TFilterValues<TTransactionFilterKey> {
  const blank = Object.fromEntries(TRANSACTION_FILTER_KEYS.map((k) => [k, ''])) as TFilterValues<TTransactionFilterKey>;
  return { ...blank, timeType: 'trade', from: today, to: today };
}

const yesNo = (prefix: string) => enumOptions(prefix, [0, 1]);

/**
 * The filters a merchant reaches for first (time, order numbers, status) stay in view; the other
 * fourteen fold behind "More filters". `currencies` are the merchant's settlement currencies.
 */
export function transactionFilters(view: TTransactionView, currencies: readonly string[]): TFilterField<TTransactionFilterKey>[] {
  return [
    { kind: 'select', key: 'timeType', label: 'trade.timeType', options: enumOptions('tradeEnum.timeType', TRANSACTION_TIME_TYPES) },
    { kind: 'dateRange', from: 'from', to: 'to', label: 'trade.dateRange' },
    { kind: 'text', key: 'tradeNo', label: 'trade.tradeNo', maxLength: 64 },
    { kind: 'text', key: 'merchantOrderNo', label: 'trade.merchantOrderNo', maxLength: 64 },
    { kind: 'select', key: 'payStatus', label: 'trade.payStatus', options: enumOptions('tradeEnum.payStatus', PayStatus), all: true },
    { kind: 'text', key: 'email', label: 'trade.email', maxLength: 254, more: true },
    { kind: 'text', key: 'gatewayNo', label: 'trade.gatewayNo', maxLength: 20, digits: true, more: true },
    ...(view === 'preAuth'
      ? []
      : [
          {
            kind: 'select',
            key: 'tradeType',
            label: 'trade.tradeType',
            options: enumOptions('tradeEnum.tradeType', TradeType),
            all: true,
            more: true,
          } as const,
        ]),
    {
      kind: 'select',
      key: 'cardScheme',
      label: 'trade.cardScheme',
      options: enumOptions('tradeEnum.cardScheme', CARD_SCHEMES),
      all: true,
      more: true,
    },
    currencies.length > 0
      ? {
          kind: 'select',
          key: 'currency',
          label: 'trade.currency',
          options: currencies.map((c) => ({ value: c, label: c, text: true })),
          all: true,
          more: true,
        }
      : { kind: 'text', key: 'currency', label: 'trade.currency', maxLength: 3, more: true },
    { kind: 'amountRange', min: 'amountMin', max: 'amountMax', label: 'trade.amountRange', more: true },
    { kind: 'text', key: 'cardFirst6', label: 'trade.cardFirst6', maxLength: 6, digits: true, more: true },
    { kind: 'text', key: 'cardLast4', label: 'trade.cardLast4', maxLength: 4, digits: true, more: true },
    { kind: 'text', key: 'ip', label: 'trade.ip', maxLength: 64, more: true },
    {
      kind: 'select',
      key: 'refundStatus',
      label: 'trade.refundStatus',
      options: enumOptions('tradeEnum.refundFlag', RefundFlag),
      all: true,
      more: true,
    },
    {
      kind: 'select',
      key: 'chargebackStatus',
      label: 'trade.chargebackStatus',
      options: yesNo('tradeEnum.chargebackFlag'),
      all: true,
      more: true,
    },
    {
      kind: 'select',
      key: 'retrievalStatus',
      label: 'trade.retrievalStatus',
      options: yesNo('tradeEnum.retrievalFlag'),
      all: true,
      more: true,
    },
    { kind: 'select', key: 'rdrStatus', label: 'trade.rdrStatus', options: yesNo('tradeEnum.alertFlag'), all: true, more: true },
    { kind: 'select', key: 'ethocaStatus', label: 'trade.ethocaStatus', options: yesNo('tradeEnum.alertFlag'), all: true, more: true },
    {
      kind: 'select',
      key: 'appealStatus',
      label: 'trade.appealStatus',
      options: enumOptions('tradeEnum.appealStatus', AppealStatus),
      all: true,
      more: true,
    },
  ];
}
