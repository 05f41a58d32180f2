import { REFUND_TIME_TYPES, RefundPath, REFUNDS } from '@mbo/shared/refunds';
import { RefundMethod, RefundProcessing, RefundSource } from '@mbo/shared/trade-enums';
import { dateRangeField, enumOptions, gatewayField, selectField, textField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';
import { getRefunds, refundsKey } from './api/get-refunds';

/** Refund query (spec §2); the open detail (?detail=) and the apply dialog (?apply=) live in the URL too. */
export const REFUND_LIST = declaredScreen(REFUNDS, {
  title: 'menu.refundList',
  key: refundsKey,
  fetch: getRefunds,
  countPath: RefundPath.list,
  fields: [
    selectField('timeType', 'refund.timeType', enumOptions('tradeEnum.timeType', REFUND_TIME_TYPES)),
    dateRangeField('refund.dateRange'),
    textField('tradeNo', 'refund.tradeNo', 64),
    selectField('status', 'refund.status', enumOptions('tradeEnum.refundProcessing', RefundProcessing), { all: true }),
    textField('refundNo', 'refund.refundNo', 64, { more: true }),
    gatewayField('refund.gatewayNo'),
    selectField('method', 'refund.method', enumOptions('tradeEnum.refundMethod', RefundMethod), { all: true, more: true }),
    selectField('source', 'refund.source', enumOptions('tradeEnum.refundSource', RefundSource), { all: true, more: true }),
  ],
  rowKey: 'refundNo',
  testId: 'refund-table',
  extras: ['detail', 'apply'],
  export: { permission: 'Refundment:Downloads', path: RefundPath.export, file: 'refunds' },
});

/** The tag colour of each refund processing status, in the list and in the detail drawer. */
export const REFUND_STATUS_COLORS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'processing', 4: 'success', 5: 'error' };
