import { useState } from 'react';
import { Button, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WebsiteStatus, type TWebsite } from '@mbo/shared/websites';
import { formatAmount, parseTime } from '../../../platform/format';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { WebsiteAddDialog } from '../components/website-add-dialog';
import { WebsiteUploadDialog } from '../components/website-upload-dialog';
import { WEBSITE_LIST } from '../website-list';

const STATUS_COLORS: Record<number, string> = {
  [WebsiteStatus.pending]: 'processing',
  [WebsiteStatus.auditFailed]: 'error',
  [WebsiteStatus.audited]: 'cyan',
  [WebsiteStatus.reviewFailed]: 'error',
  [WebsiteStatus.reviewed]: 'success',
  [WebsiteStatus.disabled]: 'default',
};

/** Website screen (spec §2): the merchant's websites with their review state; add one or upload a batch. */
export function WebsiteListPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const screen = useListScreen(WEBSITE_LIST);
  const [dialog, setDialog] = useState<'add' | 'upload' | null>(null);
  const mayAdd = useHasPermission('Website:Add');
  const mayUpload = useHasPermission('Website:Upload');

  const columns: TableColumnsType<TWebsite> = [
    {
      title: t('websites.url'),
      dataIndex: 'url',
      key: 'url',
      render: (url: string) => (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {url}
        </a>
      ),
    },
    { title: t('websites.type'), dataIndex: 'type', key: 'type', render: (v: number) => t(`websites.types.${v}`) },
    {
      title: t('websites.averageAmount'),
      key: 'averageAmount',
      align: 'right',
      render: (_: unknown, r) => (r.averageAmount === null ? '-' : formatAmount(r.averageAmount, r.currency, { code: false })),
    },
    { title: t('websites.currency'), dataIndex: 'currency', key: 'currency', render: (c: string) => c || '-' },
    {
      title: t('websites.status'),
      key: 'status',
      render: (_: unknown, r) => {
        const tag = <Tag color={STATUS_COLORS[r.status] ?? 'default'}>{t(`websites.statuses.${r.status}`)}</Tag>;
        return r.failReason ? <Tooltip title={r.failReason}>{tag}</Tooltip> : tag;
      },
    },
    { title: t('websites.failReason'), dataIndex: 'failReason', key: 'failReason', render: (v: string) => v || '-' },
    {
      title: t('websites.platformStoreUrl'),
      dataIndex: 'platformStoreUrl',
      key: 'platformStoreUrl',
      render: (v: string) => v || '-',
    },
    {
      title: t('websites.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (v: string) => parseTime(v, undefined, tz.timezone),
    },
  ];

  return (
    <ListPage
      screen={screen}
      columns={columns}
      actions={
        (mayAdd || mayUpload) && (
          <Space wrap>
            {mayAdd && (
              <Button icon={<PlusOutlined />} data-testid="website-add-open" onClick={() => setDialog('add')}>
                {t('websites.addTitle')}
              </Button>
            )}
            {mayUpload && (
              <Button icon={<UploadOutlined />} data-testid="website-upload-open" onClick={() => setDialog('upload')}>
                {t('websites.uploadTitle')}
              </Button>
            )}
          </Space>
        )
      }
    >
      <WebsiteAddDialog open={dialog === 'add'} onClose={() => setDialog(null)} />
      <WebsiteUploadDialog open={dialog === 'upload'} onClose={() => setDialog(null)} />
    </ListPage>
  );
}
