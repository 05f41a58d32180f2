import { DEADLINE_WITHIN_MAX_DAYS, DISPUTE_LIST_VIEWS, DISPUTE_TIME_TYPES, LISTED_DISPUTE_KINDS } from '@mbo/shared/disputes';
import { lastDateOfRange } from '@mbo/shared/date-range';
import { AppealStatus, ProcessingType } from '@mbo/shared/trade-enums';
import { dayjs } from '../../platform/dayjs';
import { enumOptions, type TFilterField } from '../../platform/filter-form';
import type { TFilterValues } from '../../platform/list-url-state';

export type TDisputeFilterKey =
  | 'view'
  | 'timeType'
  | 'from'
  | 'to'
  | 'gatewayNo'
  | 'tradeNo'
  | 'caseNo'
  | 'processingType'
  | 'kind'
  | 'appealStatus'
  | 'deadlineWithinDays';

/** The widest range a query may take that ends today (6 months). */
export function sixMonthsTo(today: string): string {
  let from = dayjs(today).subtract(6, 'month').format('YYYY-MM-DD');
  while (lastDateOfRange(from) < today) from = dayjs(from).add(1, 'day').format('YYYY-MM-DD');
  return from;
}

/**
 * The screen opens on what needs an answer: open cases of the last 6 months (the widest range a
 * query takes; a reply deadline is weeks after the case arrives), nearest deadline first.
 */
export function disputeDefaults(today: string): TFilterValues<TDisputeFilterKey> {
  return {
    view: 'open',
    timeType: 'dispute',
    from: sixMonthsTo(today),
    to: today,
    gatewayNo: '',
    tradeNo: '',
    caseNo: '',
    processingType: '',
    kind: '',
    appealStatus: '',
    deadlineWithinDays: '',
  };
}

export const DISPUTE_FILTERS: readonly TFilterField<TDisputeFilterKey>[] = [
  { kind: 'select', key: 'view', label: 'dispute.listView', options: enumOptions('dispute.listViewOption', DISPUTE_LIST_VIEWS) },
  { kind: 'dateRange', from: 'from', to: 'to', label: 'dispute.dateRange' },
  { kind: 'text', key: 'tradeNo', label: 'dispute.tradeNo', maxLength: 64 },
  { kind: 'select', key: 'kind', label: 'dispute.kind', options: enumOptions('tradeEnum.disputeKind', LISTED_DISPUTE_KINDS), all: true },
  {
    kind: 'select',
    key: 'timeType',
    label: 'dispute.timeType',
    options: enumOptions('tradeEnum.timeType', DISPUTE_TIME_TYPES),
    more: true,
  },
  { kind: 'text', key: 'caseNo', label: 'dispute.caseNo', maxLength: 64, more: true },
  { kind: 'text', key: 'gatewayNo', label: 'dispute.gatewayNo', maxLength: 20, digits: true, more: true },
  {
    kind: 'select',
    key: 'processingType',
    label: 'dispute.processingType',
    options: enumOptions('tradeEnum.processingType', ProcessingType),
    all: true,
    more: true,
  },
  {
    kind: 'select',
    key: 'appealStatus',
    label: 'dispute.appealStatus',
    options: enumOptions('tradeEnum.appealStatus', AppealStatus),
    all: true,
    more: true,
  },
  {
    kind: 'number',
    key: 'deadlineWithinDays',
    label: 'dispute.deadlineWithin',
    min: 1,
    max: DEADLINE_WITHIN_MAX_DAYS,
    suffix: 'dispute.days',
    more: true,
  },
];
