import { APPROVAL_KINDS, APPROVALS, ApprovalStatus } from '@mbo/shared/approvals';
import { enumOptions, selectField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';
import { approvalsKey, getApprovals } from './api/approvals';

/** The approvals screen (System): requests held for a second administrator; the open request (?detail=) lives in the URL. */
export const APPROVAL_LIST = declaredScreen(APPROVALS, {
  title: 'menu.approvals',
  key: approvalsKey,
  fetch: getApprovals,
  fields: [
    selectField('status', 'approval.status', enumOptions('approval.statuses', ApprovalStatus), { all: true }),
    selectField('kind', 'approval.kind', enumOptions('approval.kinds', APPROVAL_KINDS), { all: true }),
  ],
  testId: 'approval-table',
  extras: ['detail'],
});

/** The tag colour of each status, in the list and in the drawer. */
export const APPROVAL_STATUS_COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error', 4: 'default' };
