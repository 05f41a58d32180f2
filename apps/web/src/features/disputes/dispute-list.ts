import {
  DEADLINE_WITHIN_MAX_DAYS,
  DISPUTE_DUE_DAYS,
  DISPUTE_LIST_VIEWS,
  DISPUTE_TIME_TYPES,
  LISTED_DISPUTE_KINDS,
  DisputePath,
  DISPUTES,
} from '@mbo/shared/disputes';
import { lastDateOfRange } from '@mbo/shared/date-range';
import { AppealStatus, ProcessingType } from '@mbo/shared/trade-enums';
import { dayjs } from '../../platform/dayjs';
import { dateRangeField, enumOptions, gatewayField, selectField, textField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';
import { disputesKey, getDisputes } from './api/get-disputes';

/** The widest range a query may take that ends today (6 months). */
export function sixMonthsTo(today: string): string {
  let from = dayjs(today).subtract(6, 'month').format('YYYY-MM-DD');
  while (lastDateOfRange(from) < today) from = dayjs(from).add(1, 'day').format('YYYY-MM-DD');
  return from;
}

/**
 * Retrievals, chargebacks and alerts (spec §2); the open case (?detail=) lives in the URL too. The
 * screen opens on what needs an answer: open cases of the last 6 months (the widest range a query
 * takes; a reply deadline is weeks after the case arrives), nearest deadline first.
 */
export const DISPUTE_LIST = declaredScreen(
  {
    query: DISPUTES.query,
    defaults: (today: string) => ({ ...DISPUTES.defaults(today), view: 'open', from: sixMonthsTo(today), to: today }),
  },
  {
    title: 'menu.proConTrade',
    key: disputesKey,
    fetch: getDisputes,
    countPath: DisputePath.list,
    rowKey: 'caseNo',
    testId: 'dispute-table',
    extras: ['detail'],
    export: { permission: 'ProConTrade:Downloads', path: DisputePath.export, file: 'disputes' },
    fields: [
      selectField('view', 'dispute.listView', enumOptions('dispute.listViewOption', DISPUTE_LIST_VIEWS)),
      // The dashboard's due-today count opens the list with due=today (the caller's today, in the caller's timezone).
      selectField('due', 'dispute.due', enumOptions('dispute.dueOption', DISPUTE_DUE_DAYS), { all: true }),
      dateRangeField('dispute.dateRange'),
      textField('tradeNo', 'dispute.tradeNo', 64),
      selectField('kind', 'dispute.kind', enumOptions('tradeEnum.disputeKind', LISTED_DISPUTE_KINDS), { all: true }),
      selectField('timeType', 'dispute.timeType', enumOptions('tradeEnum.timeType', DISPUTE_TIME_TYPES), { more: true }),
      textField('caseNo', 'dispute.caseNo', 64, { more: true }),
      gatewayField('dispute.gatewayNo'),
      selectField('processingType', 'dispute.processingType', enumOptions('tradeEnum.processingType', ProcessingType), {
        all: true,
        more: true,
      }),
      selectField('appealStatus', 'dispute.appealStatus', enumOptions('tradeEnum.appealStatus', AppealStatus), { all: true, more: true }),
      {
        kind: 'number',
        key: 'deadlineWithinDays',
        label: 'dispute.deadlineWithin',
        min: 1,
        max: DEADLINE_WITHIN_MAX_DAYS,
        suffix: 'dispute.days',
        more: true,
      },
    ],
  },
);
