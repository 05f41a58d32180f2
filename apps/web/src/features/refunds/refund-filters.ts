import { REFUND_TIME_TYPES } from '@mbo/shared/refunds';
import { RefundMethod, RefundProcessing, RefundSource } from '@mbo/shared/trade-enums';
import { enumOptions, type TFilterField } from '../../platform/filter-form';
import type { TFilterValues } from '../../platform/list-url-state';

export type TRefundFilterKey = 'timeType' | 'from' | 'to' | 'gatewayNo' | 'tradeNo' | 'refundNo' | 'status' | 'method' | 'source';

/** The refund query opens on today's applications. */
export function refundDefaults(today: string): TFilterValues<TRefundFilterKey> {
  return { timeType: 'refundApply', from: today, to: today, gatewayNo: '', tradeNo: '', refundNo: '', status: '', method: '', source: '' };
}

export const REFUND_FILTERS: readonly TFilterField<TRefundFilterKey>[] = [
  { kind: 'select', key: 'timeType', label: 'refund.timeType', options: enumOptions('tradeEnum.timeType', REFUND_TIME_TYPES) },
  { kind: 'dateRange', from: 'from', to: 'to', label: 'refund.dateRange' },
  { kind: 'text', key: 'tradeNo', label: 'refund.tradeNo', maxLength: 64 },
  {
    kind: 'select',
    key: 'status',
    label: 'refund.status',
    options: enumOptions('tradeEnum.refundProcessing', RefundProcessing),
    all: true,
  },
  { kind: 'text', key: 'refundNo', label: 'refund.refundNo', maxLength: 64, more: true },
  { kind: 'text', key: 'gatewayNo', label: 'refund.gatewayNo', maxLength: 20, digits: true, more: true },
  {
    kind: 'select',
    key: 'method',
    label: 'refund.method',
    options: enumOptions('tradeEnum.refundMethod', RefundMethod),
    all: true,
    more: true,
  },
  {
    kind: 'select',
    key: 'source',
    label: 'refund.source',
    options: enumOptions('tradeEnum.refundSource', RefundSource),
    all: true,
    more: true,
  },
];
