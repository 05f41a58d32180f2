import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APPROVALS, approvalKindHasAmount, type TApprovalRow } from '@mbo/shared/approvals';
import { formatAmount } from '../../../platform/format';
import { useListColumns } from '../../../platform/list-columns';
import { dialogButton, useListDialog } from '../../../platform/list-dialog';
import { ListPage, detailLinkColumn } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { StatusTag } from '../../../platform/status-tag';
import { APPROVAL_LIST, APPROVAL_STATUS_COLORS } from '../approval-list';
import { ApprovalDrawer } from '../components/approval-drawer';
import { ApprovalPolicyDialog } from '../components/approval-policy-dialog';

/** Approvals (System): withdrawals, refunds and bank-account changes waiting for a second administrator; the owner's rules from the toolbar. */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const screen = useListScreen(APPROVAL_LIST);
  const { url } = screen;
  const policy = useListDialog(useHasPermission('Approval:Policy'));
  const columns = useListColumns<typeof APPROVALS.fields, TApprovalRow>(APPROVALS.fields, {
    special: {
      id: detailLinkColumn(t('approval.id'), 'id', 'approval-open-detail', (id) => url.setExtra('detail', id)),
      reason: { ellipsis: true },
      // A bank change has no amount and no gateway (the whole merchant's account).
      amount: { render: (_: unknown, r) => (approvalKindHasAmount(r.kind) ? formatAmount(r.amount, r.currency) : '-') },
      gatewayNo: { render: (v: string) => v || '-' },
      comment: null,
      decidedAt: null,
      status: { render: (s: number) => <StatusTag code={s} codes="approval.statuses" colors={APPROVAL_STATUS_COLORS} /> },
    },
  });
  const open = url.extras.detail ? Number(url.extras.detail) : null;
  return (
    <ListPage
      screen={screen}
      columns={columns}
      actions={dialogButton(policy, t('approval.policyTitle'), { icon: <SettingOutlined />, 'data-testid': 'approval-policy-open' })}
    >
      <ApprovalPolicyDialog open={policy.open} onClose={policy.close} />
      <ApprovalDrawer id={open !== null && Number.isFinite(open) ? open : null} onClose={() => url.setExtra('detail', null)} />
    </ListPage>
  );
}
