import { ComplaintKind, ComplaintPath, COMPLAINTS, ComplaintStatus } from '@mbo/shared/complaints';
import { dateRangeField, enumOptions, gatewayField, selectField, textField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';
import { complaintsKey } from './api/complaints-api';

/** Complaints open on the last 30 days' pending ones: what needs an answer. */
export const COMPLAINT_LIST = declaredScreen(
  { ...COMPLAINTS, defaults: (today: string) => ({ ...COMPLAINTS.defaults(today), status: String(ComplaintStatus.pending) }) },
  {
    title: 'menu.complaint',
    key: complaintsKey,
    path: ComplaintPath.list,
    rowKey: 'complaintNo',
    testId: 'complaint-table',
    extras: ['process'],
    fields: [
      dateRangeField('risk.complaint.received'),
      selectField('status', 'risk.complaint.status', enumOptions('risk.complaint.statusCode', ComplaintStatus), { all: true }),
      textField('tradeNo', 'risk.complaint.tradeNo', 64),
      selectField('kind', 'risk.complaint.kind', enumOptions('risk.complaint.kindCode', ComplaintKind), { all: true, more: true }),
      gatewayField('risk.complaint.gatewayNo'),
    ],
  },
);
