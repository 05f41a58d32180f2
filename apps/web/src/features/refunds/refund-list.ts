import { REFUND_TIME_TYPES, ZRefundListQuery } from '@mbo/shared/refunds';
import { RefundMethod, RefundProcessing, RefundSource } from '@mbo/shared/trade-enums';
import { enumOptions, selectField, textField, type TFilterField } from '../../platform/filter-fields';
import type { TFilterValues } from '../../platform/list-url-state';
import type { TListScreen } from '../../platform/list-screen';
import { exportRefunds } from './api/export-refunds';
import { getRefunds, refundsKey } from './api/get-refunds';

export type TRefundFilterKey = 'timeType' | 'from' | 'to' | 'gatewayNo' | 'tradeNo' | 'refundNo' | 'status' | 'method' | 'source';

/** The refund query opens on today's applications. */
export function refundDefaults(today: string): TFilterValues<TRefundFilterKey> {
  return { timeType: 'refundApply', from: today, to: today, gatewayNo: '', tradeNo: '', refundNo: '', status: '', method: '', source: '' };
}

const REFUND_FILTERS: readonly TFilterField<TRefundFilterKey>[] = [
  selectField('timeType', 'refund.timeType', enumOptions('tradeEnum.timeType', REFUND_TIME_TYPES)),
  { kind: 'dateRange', from: 'from', to: 'to', label: 'refund.dateRange' },
  textField('tradeNo', 'refund.tradeNo', 64),
  selectField('status', 'refund.status', enumOptions('tradeEnum.refundProcessing', RefundProcessing), { all: true }),
  textField('refundNo', 'refund.refundNo', 64, { more: true }),
  textField('gatewayNo', 'refund.gatewayNo', 20, { digits: true, more: true }),
  selectField('method', 'refund.method', enumOptions('tradeEnum.refundMethod', RefundMethod), { all: true, more: true }),
  selectField('source', 'refund.source', enumOptions('tradeEnum.refundSource', RefundSource), { all: true, more: true }),
];

/** Refund query (spec §2); the open detail (?detail=) and the apply dialog (?apply=) live in the URL too. */
export const REFUND_LIST: TListScreen<Awaited<ReturnType<typeof getRefunds>>, TRefundFilterKey> = {
  title: 'menu.refundList',
  key: refundsKey,
  fetch: getRefunds,
  schema: ZRefundListQuery,
  defaults: refundDefaults,
  fields: REFUND_FILTERS,
  rowKey: 'refundNo',
  testId: 'refund-table',
  extras: ['detail', 'apply'],
  export: { permission: 'Refundment:Downloads', run: exportRefunds },
};

/** The tag colour of each refund processing status, in the list and in the detail drawer. */
export const REFUND_STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'processing', 4: 'success', 5: 'error' };
