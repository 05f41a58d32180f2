import { useEffect } from 'react';
import { Form, Input, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAdminRow } from '@mbo/shared/system-admins';
import { SubmitDialog } from '../../../platform/submit-dialog';
import { useInviteAdmin, useUpdateAdmin } from '../api/change-admin';
import { useGrantable } from '../api/get-grantable';
import { AdminAccessFields, gatewayNosOf, type TAccessValues } from './admin-access-fields';

type TInviteValues = TAccessValues & { email: string; name: string };

/** Invite by email (spec §6): the mail carries a 7-day link to the invitation acceptance screen. */
export function InviteAdminDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TInviteValues>();
  const grantable = useGrantable(open);
  const invite = useInviteAdmin();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async (v: TInviteValues) => {
    if (v.roleId === undefined) return;
    try {
      const done = await invite.mutateAsync({
        email: v.email.trim(),
        roleId: v.roleId,
        ...(v.name.trim() ? { name: v.name.trim() } : {}),
        gatewayNos: gatewayNosOf(v),
        mayViewAccount: v.mayViewAccount,
      });
      void message.success(t('admins.invited', { email: done.email }));
      onClose();
    } catch {
      // The request client already showed the server's message.
    }
  };

  return (
    <SubmitDialog
      open={open}
      title={t('admins.inviteTitle')}
      onClose={onClose}
      submit={{ text: t('admins.sendInvitation'), testId: 'admin-invite-submit', pending: invite.isPending, onClick: () => form.submit() }}
    >
      <Form<TInviteValues>
        form={form}
        layout="vertical"
        initialValues={{ email: '', name: '', allGateways: false, gatewayNos: [], mayViewAccount: false }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="email"
          label={t('admins.email')}
          rules={[
            { required: true, whitespace: true, message: t('admins.emailRequired') },
            { type: 'email', message: t('admins.emailInvalid') },
          ]}
        >
          <Input data-testid="admin-invite-email" maxLength={254} inputMode="email" autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('admins.nameOptional')}>
          <Input data-testid="admin-invite-name" maxLength={64} />
        </Form.Item>
        <AdminAccessFields grantable={grantable.data} />
      </Form>
    </SubmitDialog>
  );
}

/** Role, gateways and the account-dynamics flag of an administrator the signed-in person may manage. */
export function EditAdminDialog({ admin, onClose }: { admin: TAdminRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TAccessValues>();
  const grantable = useGrantable(admin !== null);
  const update = useUpdateAdmin();
  useEffect(() => {
    if (admin)
      form.setFieldsValue({
        roleId: admin.roleId,
        allGateways: admin.allGateways,
        gatewayNos: admin.gatewayNos,
        mayViewAccount: admin.mayViewAccount,
      });
  }, [admin, form]);

  const submit = async (v: TAccessValues) => {
    if (!admin || v.roleId === undefined) return;
    try {
      await update.mutateAsync({ adminId: admin.id, roleId: v.roleId, gatewayNos: gatewayNosOf(v), mayViewAccount: v.mayViewAccount });
      void message.success(t('admins.saved'));
      onClose();
    } catch {
      // Shown by the request client.
    }
  };

  return (
    <SubmitDialog
      open={admin !== null}
      title={t('admins.editTitle', { login: admin?.loginName ?? '' })}
      onClose={onClose}
      submit={{ text: t('admins.save'), testId: 'admin-edit-submit', pending: update.isPending, onClick: () => form.submit() }}
    >
      <Form<TAccessValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <AdminAccessFields grantable={grantable.data} />
      </Form>
    </SubmitDialog>
  );
}
