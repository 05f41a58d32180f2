import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BLACKLIST, type TBlacklistEntry } from '@mbo/shared/risk';
import { useListColumns } from '../../../platform/list-columns';
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
  const [addOpen, setAddOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);

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
            <Button type="primary" icon={<PlusOutlined />} data-testid="blacklist-add-open" onClick={() => setAddOpen(true)}>
              {t('risk.blacklist.add')}
            </Button>
            <Button icon={<UploadOutlined />} data-testid="blacklist-import-open" onClick={() => setImportOpen(true)}>
              {t('risk.blacklist.import')}
            </Button>
          </Space>
        )
      }
    >
      <BlacklistAddDialog open={addOpen} onClose={() => setAddOpen(false)} />
      <BlacklistImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
    </ListPage>
  );
}
