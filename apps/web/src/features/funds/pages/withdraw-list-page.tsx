import { Alert, Button, Popconfirm } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WITHDRAWALS, WithdrawalStatus, type TWithdrawal } from '@mbo/shared/funds';
import { sayWhenDone } from '../../../platform/confirm-action';
import { useListColumns } from '../../../platform/list-columns';
import { dialogButton, useListDialog } from '../../../platform/list-dialog';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { StatusTag, type TTagColors } from '../../../platform/status-tag';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { WithdrawApplyDialog } from '../components/withdraw-apply-dialog';
import { WITHDRAWAL_LIST } from '../funds-lists';

const STATUS_COLORS: TTagColors = {
  [WithdrawalStatus.pending]: 'processing',
  [WithdrawalStatus.success]: 'success',
  [WithdrawalStatus.failed]: 'error',
  [WithdrawalStatus.cancelled]: 'default',
};

/** Withdrawal management (spec §2, §3 Withdrawal): the list, apply (?apply=1), cancel while pending, tips. */
export function WithdrawListPage() {
  const { t } = useTranslation();
  const screen = useListScreen(WITHDRAWAL_LIST);
  const apply = useListDialog(useHasPermission('Withdraw:Apply'), { url: screen.url, extra: 'apply' });
  const mayCancel = useHasPermission('Withdraw:Cancel');
  const cancel = useCancelWithdrawal();
  const columns = useListColumns<typeof WITHDRAWALS.fields, TWithdrawal>(WITHDRAWALS.fields, {
    special: {
      bankName: { render: (_: unknown, r) => `${r.bankName} ${r.bankAccountNo}` },
      status: {
        render: (s: number, r) => (
          <StatusTag
            code={s}
            codes="funds.withdrawStatus"
            colors={STATUS_COLORS}
            title={r.failReason || undefined}
            data-testid="withdrawal-status"
          />
        ),
      },
    },
    append: [
      {
        title: t('funds.actions'),
        key: 'actions',
        render: (_: unknown, r) =>
          mayCancel && r.status === WithdrawalStatus.pending ? (
            <Popconfirm
              title={t('funds.withdraw.cancelConfirm')}
              onConfirm={() => sayWhenDone(cancel.mutateAsync(r.withdrawalNo), t('funds.withdraw.cancelled'))}
            >
              <Button type="link" size="small" style={{ padding: 0 }} data-testid="withdrawal-cancel" disabled={cancel.isPending}>
                {t('funds.withdraw.cancel')}
              </Button>
            </Popconfirm>
          ) : null,
      },
    ],
  });

  return (
    <ListPage
      screen={screen}
      columns={columns}
      actions={dialogButton(apply, t('funds.withdraw.applyTitle'), {
        icon: <PlusOutlined />,
        type: 'primary',
        'data-testid': 'withdraw-apply-open',
      })}
      footer={
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 16 }}
          title={t('funds.withdraw.tipsTitle')}
          description={t('funds.withdraw.tips')}
        />
      }
    >
      <WithdrawApplyDialog open={apply.open} onClose={apply.close} />
    </ListPage>
  );
}
