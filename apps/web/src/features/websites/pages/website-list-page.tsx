import { Space, Tooltip } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WEBSITES, WebsiteStatus, type TWebsite } from '@mbo/shared/websites';
import { useListColumns } from '../../../platform/list-columns';
import { dialogButton, useListDialog } from '../../../platform/list-dialog';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { StatusTag, type TTagColors } from '../../../platform/status-tag';
import { WebsiteAddDialog } from '../components/website-add-dialog';
import { WebsiteUploadDialog } from '../components/website-upload-dialog';
import { WEBSITE_LIST } from '../website-list';

const STATUS_COLORS: TTagColors = {
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
  const screen = useListScreen(WEBSITE_LIST);
  const add = useListDialog(useHasPermission('Website:Add'));
  const upload = useListDialog(useHasPermission('Website:Upload'));

  const columns = useListColumns<typeof WEBSITES.fields, TWebsite>(WEBSITES.fields, {
    order: ['url', 'type', 'averageAmount', 'currency', 'status', 'failReason', 'platformStoreUrl', 'createdAt'],
    special: {
      url: {
        dataIndex: 'url',
        render: (url: string) => (
          <a href={url} target="_blank" rel="noopener noreferrer">
            {url}
          </a>
        ),
      },
      status: {
        render: (_: unknown, r) => {
          const tag = <StatusTag code={r.status} codes="websites.statuses" colors={STATUS_COLORS} />;
          return r.failReason ? <Tooltip title={r.failReason}>{tag}</Tooltip> : tag;
        },
      },
    },
  });

  return (
    <ListPage
      screen={screen}
      columns={columns}
      actions={
        (add.allowed || upload.allowed) && (
          <Space wrap>
            {dialogButton(add, t('websites.addTitle'), { icon: <PlusOutlined />, 'data-testid': 'website-add-open' })}
            {dialogButton(upload, t('websites.uploadTitle'), { icon: <UploadOutlined />, 'data-testid': 'website-upload-open' })}
          </Space>
        )
      }
    >
      <WebsiteAddDialog open={add.open} onClose={add.close} />
      <WebsiteUploadDialog open={upload.open} onClose={upload.close} />
    </ListPage>
  );
}
