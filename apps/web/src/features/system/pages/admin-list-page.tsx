import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { MailOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AdminStatus } from '@mbo/shared/merchants';
import { ADMINS, type TAdminRow } from '@mbo/shared/system-admins';
import { confirmAction, sayWhenDone } from '../../../platform/confirm-action';
import { selectField } from '../../../platform/filter-fields';
import { useListColumns } from '../../../platform/list-columns';
import { dialogButton, useListDialog } from '../../../platform/list-dialog';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { StatusTag } from '../../../platform/status-tag';
import { useIsMobile } from '../../../platform/use-is-mobile';
import { useAdminAction, useResendInvitation, type TAdminAction } from '../api/change-admin';
import { useGrantable } from '../api/get-grantable';
import { EditAdminDialog, InviteAdminDialog } from '../components/admin-dialogs';
import { ADMIN_LIST } from '../system-lists';
import '../system.css';

export const ADMIN_STATUS_COLORS: Record<number, string> = {
  [AdminStatus.normal]: 'success',
  [AdminStatus.disabled]: 'default',
  [AdminStatus.invitationPending]: 'processing',
  [AdminStatus.invitationExpired]: 'warning',
};

const PENDING: readonly number[] = [AdminStatus.invitationPending, AdminStatus.invitationExpired];

/** Administrators (spec §2 /admin/findManagers): list, invite, resend, edit, disable, resume, reset password. */
export function AdminListPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const screen = useListScreen(ADMIN_LIST);
  const grantable = useGrantable(true);
  const fields = [
    ...ADMIN_LIST.fields,
    selectField(
      'roleId',
      'admins.role',
      (grantable.data?.roles ?? []).map((r) => ({ value: String(r.id), label: r.name, text: true })),
      { all: true },
    ),
  ];
  const invite = useListDialog(useHasPermission('Admin:Invite'));
  const mayEdit = useHasPermission('Admin:Edit');
  const mayDisable = useHasPermission('Admin:Disable');
  const mayReset = useHasPermission('Admin:ResetPassword');
  const [editing, setEditing] = useState<TAdminRow | null>(null);
  const action = useAdminAction();
  const resend = useResendInvitation();

  const confirm = (kind: TAdminAction, row: TAdminRow) =>
    confirmAction({
      title: t(`admins.confirm.${kind}`, { login: row.loginName }),
      content: t(`admins.confirmText.${kind}`),
      okText: t(`admins.actions.${kind}`),
      danger: kind === 'disable',
      okTestId: 'admin-confirm-ok',
      run: () => action.mutateAsync({ action: kind, adminId: row.id }),
      done: t(`admins.done.${kind}`, { login: row.loginName }),
    });

  const resendTo = (row: TAdminRow) => sayWhenDone(resend.mutateAsync(row.id), t('admins.invited', { email: row.email }));

  const columns = useListColumns<typeof ADMINS.fields, TAdminRow>(ADMINS.fields, {
    special: {
      loginName: {
        render: (v: string, r) => (
          <Space size={4} wrap>
            <span>{v}</span>
            {r.isOwner && <Tag color="gold">{t('admins.owner')}</Tag>}
            {r.isSelf && <Tag>{t('admins.you')}</Tag>}
          </Space>
        ),
      },
      gatewayNos: { render: (_: unknown, r) => (r.allGateways ? t('admins.allGateways') : r.gatewayNos.join(', ') || '-') },
      mayViewAccount: { render: (v: boolean) => t(v ? 'admins.yes' : 'admins.no') },
      status: {
        render: (s: number) => <StatusTag code={s} codes="admins.status" colors={ADMIN_STATUS_COLORS} data-testid="admin-status" />,
      },
    },
    append: [
      {
        title: t('admins.actionsTitle'),
        key: 'actions',
        // Kept in view beside the scrolled columns on a wide screen; a phone scrolls the whole row.
        ...(isMobile ? {} : { fixed: 'right' as const }),
        render: (_: unknown, r) => {
          if (!r.manageable) return <span className="mbo-muted">-</span>;
          const pending = PENDING.includes(r.status);
          return (
            <Space size={0} wrap>
              {mayEdit && r.status !== AdminStatus.disabled && (
                <Button type="link" size="small" data-testid="admin-edit" onClick={() => setEditing(r)}>
                  {t('admins.actions.edit')}
                </Button>
              )}
              {invite.allowed && pending && (
                <Button type="link" size="small" data-testid="admin-resend" loading={resend.isPending} onClick={() => void resendTo(r)}>
                  {t('admins.actions.resend')}
                </Button>
              )}
              {mayDisable && r.status === AdminStatus.normal && (
                <Button type="link" size="small" danger data-testid="admin-disable" onClick={() => confirm('disable', r)}>
                  {t('admins.actions.disable')}
                </Button>
              )}
              {mayDisable && r.status === AdminStatus.disabled && (
                <Button type="link" size="small" data-testid="admin-resume" onClick={() => confirm('resume', r)}>
                  {t('admins.actions.resume')}
                </Button>
              )}
              {mayReset && r.status === AdminStatus.normal && (
                <Button
                  type="link"
                  size="small"
                  icon={<MailOutlined />}
                  data-testid="admin-reset"
                  onClick={() => confirm('resetPassword', r)}
                >
                  {t('admins.actions.resetPassword')}
                </Button>
              )}
            </Space>
          );
        },
      },
    ],
  });

  return (
    <ListPage
      screen={screen}
      columns={columns}
      fields={fields}
      actions={dialogButton(invite, t('admins.inviteTitle'), { icon: <PlusOutlined />, 'data-testid': 'admin-invite-open' })}
    >
      <InviteAdminDialog open={invite.open} onClose={invite.close} />
      <EditAdminDialog admin={editing} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
