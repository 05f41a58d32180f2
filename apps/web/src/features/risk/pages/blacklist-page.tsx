import { Button, Popconfirm, Space } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BLACKLIST, type TBlacklistEntry } from '@mbo/shared/risk';
import { useListColumns } from '../../../platform/list-columns';
import { dialogButton, useListDialog } from '../../../platform/list-dialog';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { useRemoveBlacklistEntry } from '../api/risk-api';
import { BLACKLIST_LIST } from '../blacklist-list';
import { BlacklistAddDialog, BlacklistImportDialog } from '../components/blacklist-dialogs';

/** Blacklist (Risk menu): entries by type with reason, who added them and when; add, remove, CSV import. */
export function BlacklistPage() {
  const { t } = useTranslation();
  const screen = useListScreen(BLACKLIST_LIST);
  const mayEdit = useHasPermission('Blacklist:Edit');
  const remove = useRemoveBlacklistEntry();
  const add = useListDialog(mayEdit);
  const upload = useListDialog(mayEdit);

  const columns = useListColumns<typeof BLACKLIST.fields, TBlacklistEntry>(BLACKLIST.fields, {
    special: { reason: { ellipsis: true } },
    append: [
      ...(mayEdit
        ? [
            {
              title: t('risk.actions'),
              key: 'actions',
              render: (_: unknown, r: TBlacklistEntry) => (
                <Popconfirm title={t('risk.blacklist.removeConfirm')} onConfirm={() => remove.mutateAsync(r.id).catch(() => undefined)}>
                  <Button type="link" size="small" danger data-testid="blacklist-remove">
                    {t('risk.blacklist.remove')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]
        : []),
    ],
  });

  return (
    <ListPage
      screen={screen}
      columns={columns}
      actions={
        mayEdit && (
          <Space wrap>
            {dialogButton(add, t('risk.blacklist.add'), { type: 'primary', icon: <PlusOutlined />, 'data-testid': 'blacklist-add-open' })}
            {dialogButton(upload, t('risk.blacklist.import'), { icon: <UploadOutlined />, 'data-testid': 'blacklist-import-open' })}
          </Space>
        )
      }
    >
      <BlacklistAddDialog open={add.open} onClose={add.close} />
      <BlacklistImportDialog open={upload.open} onClose={upload.close} />
    </ListPage>
  );
}
