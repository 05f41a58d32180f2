import { useState } from 'react';
import { Alert, Button, Descriptions, Input, Space, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { APPROVAL_COMMENT_MAX, ApprovalStatus, approvalKindHasAmount, type TApprovalRow } from '@mbo/shared/approvals';
import { DetailDrawer } from '../../../platform/detail-drawer';
import { formatAmount, parseTime } from '../../../platform/format';
import { useHasPermission } from '../../../platform/session';
import { StatusTag } from '../../../platform/status-tag';
import { useTimezone } from '../../../platform/timezone';
import { APPROVAL_STATUS_COLORS } from '../approval-list';
import { useApprovalDetail, useApprove, useReject } from '../api/approvals';

/** What approving will do, in a sentence: the action, its amount and what it touches. */
function effectText(t: (k: string, o?: Record<string, unknown>) => string, r: TApprovalRow): string {
  return t(`approval.effect.${r.kind}`, {
    amount: formatAmount(r.amount, r.currency),
    target: r.target,
    gatewayNo: r.gatewayNo,
    requester: r.requester,
  });
}

/** One request (?detail=<id>): who asked, what exactly and why; approve or reject it when the caller may. */
export function ApprovalDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const detail = useApprovalDetail(id);
  const approve = useApprove();
  const reject = useReject();
  const holdsApprove = useHasPermission('Approval:Approve');
  const [comment, setComment] = useState('');
  const d = detail.data;
  const r = d?.row;
  const time = (v: string | null) => (v ? parseTime(v, undefined, tz.timezone) : '-');
  const pending = r?.status === ApprovalStatus.pending;
  const hasAmount = r ? approvalKindHasAmount(r.kind) : true;
  const busy = approve.isPending || reject.isPending;

  const onApprove = async () => {
    if (!r) return;
    try {
      const done = await approve.mutateAsync(r.id);
      void message.success(done.resultNo ? t('approval.approved', { no: done.resultNo }) : t('approval.approvedChange'));
      void detail.refetch();
    } catch {
      // The request client already showed the server's message (a balance that no longer covers it, for one).
    }
  };
  const onReject = async () => {
    if (!r || comment.trim() === '') return;
    try {
      await reject.mutateAsync({ id: r.id, comment: comment.trim() });
      void message.success(t('approval.rejected'));
      setComment('');
      void detail.refetch();
    } catch {
      // Shown by the request client.
    }
  };

  return (
    <DetailDrawer open={id !== null} onClose={onClose} title={t('approval.detailTitle')} width={560}>
      {r && d && (
        <>
          <Alert
            type={pending ? 'info' : 'success'}
            showIcon
            style={{ marginBottom: 16 }}
            title={effectText(t, r)}
            data-testid="approval-effect"
          />
          <Descriptions column={1} size="small" bordered data-testid="approval-detail">
            <Descriptions.Item label={t('approval.id')}>{r.id}</Descriptions.Item>
            <Descriptions.Item label={t('approval.kind')}>{t(`approval.kinds.${r.kind}`)}</Descriptions.Item>
            {/* A row left out is null: Descriptions draws an empty row for any other falsy child. */}
            {hasAmount ? <Descriptions.Item label={t('approval.amount')}>{formatAmount(r.amount, r.currency)}</Descriptions.Item> : null}
            {r.gatewayNo ? <Descriptions.Item label={t('approval.gatewayNo')}>{r.gatewayNo}</Descriptions.Item> : null}
            <Descriptions.Item label={t('approval.target')}>{r.target}</Descriptions.Item>
            {/* A bank change: the new account as it will be saved (its number masked), field by field. */}
            {!hasAmount &&
              Object.entries(d.action).map(([k, v]) => (
                <Descriptions.Item key={k} label={t(`approval.bankFields.${k}`, { defaultValue: k })}>
                  {String(v)}
                </Descriptions.Item>
              ))}
            <Descriptions.Item label={t('approval.requester')}>{r.requester}</Descriptions.Item>
            {hasAmount || r.reason ? <Descriptions.Item label={t('approval.reason')}>{r.reason}</Descriptions.Item> : null}
            <Descriptions.Item label={t('approval.createdAt')}>{time(r.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('approval.expiresAt')}>{time(r.expiresAt)}</Descriptions.Item>
            <Descriptions.Item label={t('approval.status')}>
              <StatusTag code={r.status} codes="approval.statuses" colors={APPROVAL_STATUS_COLORS} data-testid="approval-status" />
            </Descriptions.Item>
            {r.decidedBy ? <Descriptions.Item label={t('approval.decidedBy')}>{r.decidedBy}</Descriptions.Item> : null}
            {r.decidedAt ? <Descriptions.Item label={t('approval.decidedAt')}>{time(r.decidedAt)}</Descriptions.Item> : null}
            {r.comment ? <Descriptions.Item label={t('approval.comment')}>{r.comment}</Descriptions.Item> : null}
            {r.resultNo ? <Descriptions.Item label={t('approval.resultNo')}>{r.resultNo}</Descriptions.Item> : null}
          </Descriptions>
          {pending && holdsApprove && !d.mayDecide && (
            <Alert type="warning" showIcon style={{ marginTop: 16 }} title={t('approval.ownRequest')} data-testid="approval-own" />
          )}
          {pending && d.mayDecide && (
            <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
              <Input.TextArea
                data-testid="approval-comment"
                value={comment}
                maxLength={APPROVAL_COMMENT_MAX}
                placeholder={t('approval.commentPlaceholder')}
                onChange={(e) => setComment(e.target.value)}
                autoSize={{ minRows: 2, maxRows: 4 }}
              />
              <Space wrap>
                <Button
                  type="primary"
                  data-testid="approval-approve"
                  loading={approve.isPending}
                  disabled={busy}
                  onClick={() => void onApprove()}
                >
                  {t('approval.approve')}
                </Button>
                <Button danger data-testid="approval-reject" disabled={busy || comment.trim() === ''} onClick={() => void onReject()}>
                  {t('approval.reject')}
                </Button>
              </Space>
            </Space>
          )}
        </>
      )}
    </DetailDrawer>
  );
}
