import { useEffect, useState } from 'react';
import { InputNumber, Switch, Table, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { APPROVAL_EXPIRY_MAX_HOURS, APPROVAL_THRESHOLD_MAX, approvalKindHasAmount, type TApprovalPolicy } from '@mbo/shared/approvals';
import { SubmitDialog } from '../../../platform/submit-dialog';
import { useApprovalPolicies, useSavePolicies } from '../api/approvals';

/** The owner's rules: per kind on or off, the amount from which it waits (in its own currency) and how long a request may wait. */
export function ApprovalPolicyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const policies = useApprovalPolicies(open);
  const save = useSavePolicies();
  const [rows, setRows] = useState<TApprovalPolicy[]>([]);
  useEffect(() => {
    if (open && policies.data) setRows(policies.data.policies);
  }, [open, policies.data]);
  const change = (kind: string, patch: Partial<TApprovalPolicy>) =>
    setRows((rs) => rs.map((r) => (r.kind === kind ? { ...r, ...patch } : r)));

  return (
    <SubmitDialog
      open={open}
      title={t('approval.policyTitle')}
      onClose={onClose}
      submit={{
        text: t('approval.save'),
        testId: 'approval-policy-save',
        disabled: save.isPending || rows.length === 0,
        onClick: () =>
          void save.mutateAsync(rows).then(
            () => {
              void message.success(t('approval.policySaved'));
              onClose();
            },
            () => undefined,
          ),
      }}
    >
      <p>{t('approval.policyHelp')}</p>
      <Table<TApprovalPolicy>
        rowKey="kind"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('approval.kind'), dataIndex: 'kind', render: (k: string) => t(`approval.kinds.${k}`) },
          {
            title: t('approval.policyEnabled'),
            dataIndex: 'enabled',
            render: (v: boolean, r) => (
              <Switch data-testid={`approval-policy-enabled-${r.kind}`} checked={v} onChange={(enabled) => change(r.kind, { enabled })} />
            ),
          },
          {
            title: t('approval.policyThreshold'),
            dataIndex: 'threshold',
            // A bank change has no amount: every one waits when its rule is on.
            render: (v: number, r) =>
              !approvalKindHasAmount(r.kind) ? (
                <span data-testid={`approval-policy-threshold-${r.kind}`}>{t('approval.policyEveryOne')}</span>
              ) : (
                <InputNumber
                  data-testid={`approval-policy-threshold-${r.kind}`}
                  min={0}
                  max={APPROVAL_THRESHOLD_MAX}
                  precision={0}
                  value={v}
                  onChange={(n) => change(r.kind, { threshold: Number(n ?? 0) })}
                />
              ),
          },
          {
            title: t('approval.policyExpiry'),
            dataIndex: 'expiryHours',
            render: (v: number, r) => (
              <InputNumber
                data-testid={`approval-policy-expiry-${r.kind}`}
                min={1}
                max={APPROVAL_EXPIRY_MAX_HOURS}
                precision={0}
                value={v}
                onChange={(n) => change(r.kind, { expiryHours: Number(n ?? 1) })}
              />
            ),
          },
        ]}
      />
    </SubmitDialog>
  );
}
