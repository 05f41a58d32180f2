import { ComplaintKind, ComplaintStatus, ZComplaintListQuery } from '@mbo/shared/complaints';
import { enumOptions, selectField, textField, type TFilterField } from '../../platform/filter-fields';
import type { TFilterValues } from '../../platform/list-url-state';
import type { TListScreen } from '../../platform/list-screen';
import { dayjs } from '../../platform/dayjs';
import { complaintsKey, getComplaints } from './api/complaints-api';

export type TComplaintFilterKey = 'from' | 'to' | 'status' | 'kind' | 'tradeNo' | 'gatewayNo';

const FIELDS: readonly TFilterField<TComplaintFilterKey>[] = [
  { kind: 'dateRange', from: 'from', to: 'to', label: 'risk.complaint.received' },
  selectField('status', 'risk.complaint.status', enumOptions('risk.complaint.statusCode', ComplaintStatus), { all: true }),
  textField('tradeNo', 'risk.complaint.tradeNo', 64),
  selectField('kind', 'risk.complaint.kind', enumOptions('risk.complaint.kindCode', ComplaintKind), { all: true, more: true }),
  textField('gatewayNo', 'risk.complaint.gatewayNo', 20, { digits: true, more: true }),
];

/** Complaints open on the last 30 days' pending ones: what needs an answer. */
export const COMPLAINT_LIST: TListScreen<Awaited<ReturnType<typeof getComplaints>>, TComplaintFilterKey> = {
  title: 'menu.complaint',
  key: complaintsKey,
  fetch: getComplaints,
  schema: ZComplaintListQuery,
  defaults: (today): TFilterValues<TComplaintFilterKey> => ({
    from: dayjs(today).subtract(29, 'day').format('YYYY-MM-DD'),
    to: today,
    status: String(ComplaintStatus.pending),
    kind: '',
    tradeNo: '',
    gatewayNo: '',
  }),
  fields: FIELDS,
  rowKey: 'complaintNo',
  testId: 'complaint-table',
  extras: ['process'],
};
