import { useEffect, useMemo } from 'react';
import { Alert, Button, Form, Input, Space, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPermission } from '@mbo/shared/permissions';
import { ROLE_DESCRIPTION_MAX, ROLE_NAME_EN_MAX, ROLE_NAME_MAX, type TRole } from '@mbo/shared/system-roles';
import { DetailDrawer } from '../../../platform/detail-drawer';
import { useSession } from '../../../platform/session';
import { useSaveRole } from '../api/save-role';
import { PermissionTree } from './permission-tree';

type TValues = { name: string; nameCn: string; nameEn: string; description: string; permissions: string[] };

/** What the signed-in person holds: the screens of their module list and their operations. */
export function useHeldPermissions(): (code: string) => boolean {
  const session = useSession();
  return useMemo(() => {
    const held = new Set<string>([...session.permittedUrls, ...(session.userInfo?.permissions ?? [])]);
    return (code: string) => held.has(code);
  }, [session]);
}

/**
 * The role editor: a new role (`role` undefined), a role to change, or one to look at only (the
 * administrator role, one's own role, a role holding more than oneself: `lock` says which).
 */
export function RoleEditor({ role, open, onClose }: { role: TRole | undefined; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TValues>();
  const save = useSaveRole();
  const held = useHeldPermissions();
  const readOnly = role !== undefined && role.lock !== null;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      role
        ? { name: role.name, nameCn: role.nameCn, nameEn: role.nameEn, description: role.description, permissions: role.permissions }
        : { name: '', nameCn: '', nameEn: '', description: '', permissions: [] },
    );
  }, [open, role, form]);

  const submit = async (v: TValues) => {
    try {
      await save.mutateAsync({
        ...(role ? { roleId: role.id } : {}),
        name: v.name.trim(),
        nameCn: v.nameCn.trim(),
        nameEn: v.nameEn.trim(),
        description: v.description.trim(),
        permissions: v.permissions.filter(isPermission),
      });
      void message.success(t('roles.saved'));
      onClose();
    } catch {
      // The request client showed the server's message (a taken name, a permission beyond one's own).
    }
  };

  const required = (label: string) => ({ required: true, whitespace: true, message: t('roles.required', { field: label }) });
  return (
    <DetailDrawer
      open={open}
      onClose={onClose}
      width={600}
      title={role ? (readOnly ? t('roles.viewTitle') : t('roles.editTitle')) : t('roles.addTitle')}
      // At the bottom: the top right corner is where reminders appear.
      footer={
        !readOnly && (
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" data-testid="role-save" loading={save.isPending} onClick={() => form.submit()}>
              {t('roles.save')}
            </Button>
          </Space>
        )
      }
    >
      {role?.lock && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t(`roles.lock.${role.lock}`)} data-testid="role-lock" />
      )}
      <Form<TValues> form={form} layout="vertical" disabled={readOnly} onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={t('roles.name')} rules={[required(t('roles.name'))]}>
          <Input data-testid="role-name" maxLength={ROLE_NAME_MAX} />
        </Form.Item>
        <Form.Item name="nameCn" label={t('roles.nameCn')} rules={[required(t('roles.nameCn'))]}>
          <Input data-testid="role-name-cn" maxLength={ROLE_NAME_MAX} />
        </Form.Item>
        <Form.Item name="nameEn" label={t('roles.nameEn')} rules={[required(t('roles.nameEn'))]}>
          <Input data-testid="role-name-en" maxLength={ROLE_NAME_EN_MAX} />
        </Form.Item>
        <Form.Item name="description" label={t('roles.description')}>
          <Input.TextArea data-testid="role-description" rows={2} maxLength={ROLE_DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={t('roles.permissions')}
          rules={[{ required: true, type: 'array', min: 1, message: t('roles.permissionsRequired') }]}
          valuePropName="value"
          trigger="onChange"
        >
          <PermissionTreeField held={held} disabled={readOnly} />
        </Form.Item>
      </Form>
    </DetailDrawer>
  );
}

function PermissionTreeField(p: { value?: string[]; onChange?: (v: string[]) => void; held: (c: string) => boolean; disabled: boolean }) {
  return <PermissionTree value={p.value ?? []} onChange={(v) => p.onChange?.(v)} held={p.held} disabled={p.disabled} />;
}
