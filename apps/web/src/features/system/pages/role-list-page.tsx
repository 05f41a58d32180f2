import { Button, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ROLES, type TRole } from '@mbo/shared/system-roles';
import { confirmAction } from '../../../platform/confirm-action';
import { useListColumns } from '../../../platform/list-columns';
import { dialogButton, useListDialog } from '../../../platform/list-dialog';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { useDeleteRole } from '../api/save-role';
import { RoleEditor } from '../components/role-editor';
import { ROLE_LIST } from '../system-lists';

/** Roles (spec §2 /role/findRoles): the list, and the editor with the permission tree. */
export function RoleListPage() {
  const { t, i18n } = useTranslation();
  const screen = useListScreen(ROLE_LIST);
  const mayEdit = useHasPermission('Role:Edit');
  // Adding is for one who may edit; a role's row opens it for that role.
  const editor = useListDialog<TRole>(mayEdit);
  const remove = useDeleteRole();

  // A role in use is refused, and the request client shows by whom.
  const confirmDelete = (role: TRole) =>
    confirmAction({
      title: t('roles.deleteTitle', { name: role.name }),
      content: t('roles.deleteText'),
      okText: t('roles.delete'),
      danger: true,
      okTestId: 'role-delete-ok',
      run: () => remove.mutateAsync(role.id),
      done: t('roles.deleted', { name: role.name }),
    });

  const columns = useListColumns<typeof ROLES.fields, TRole>(ROLES.fields, {
    special: {
      name: {
        render: (v: string, r) => (
          <Space size={4} wrap>
            <Button type="link" size="small" style={{ padding: 0 }} data-testid="role-open" onClick={() => editor.show(r)}>
              {v}
            </Button>
            {r.isAdmin && <Tag color="gold">{t('roles.administrator')}</Tag>}
          </Space>
        ),
      },
      nameCn: { render: (_: unknown, r) => (i18n.language === 'en' ? r.nameEn : r.nameCn) },
      description: { ellipsis: true, render: (v: string) => v || '-' },
      permissions: { align: 'right', render: (_: unknown, r) => (r.isAdmin ? t('roles.allPermissions') : r.permissions.length) },
    },
    append: [
      {
        title: t('roles.actions'),
        key: 'actions',
        render: (_: unknown, r) =>
          mayEdit && r.lock === null ? (
            <Space size={0}>
              <Button type="link" size="small" data-testid="role-edit" onClick={() => editor.show(r)}>
                {t('roles.edit')}
              </Button>
              <Button type="link" size="small" danger data-testid="role-delete" onClick={() => confirmDelete(r)}>
                {t('roles.delete')}
              </Button>
            </Space>
          ) : (
            <span title={r.lock ? t(`roles.lock.${r.lock}`) : undefined}>{r.lock ? t(`roles.lockShort.${r.lock}`) : '-'}</span>
          ),
      },
    ],
  });

  return (
    <ListPage
      screen={screen}
      columns={columns}
      actions={dialogButton(editor, t('roles.addTitle'), { icon: <PlusOutlined />, 'data-testid': 'role-add' })}
    >
      <RoleEditor open={editor.open} role={editor.subject} onClose={editor.close} />
    </ListPage>
  );
}
