import { Alert, Button, Descriptions, Space, Tag, Tooltip, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WAYBILLS, WaybillStatus, type TWaybill } from '@mbo/shared/waybills';
import { useListColumns } from '../../../platform/list-columns';
import { dialogButton, useListDialog } from '../../../platform/list-dialog';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { StatusTag, type TTagColors } from '../../../platform/status-tag';
import { useWaybillOverview } from '../api/waybills';
import { ProofImages } from '../components/proof-images';
import { WaybillBatchDialog } from '../components/waybill-batch-dialog';
import { WaybillUploadDialog } from '../components/waybill-upload-dialog';
import { WAYBILL_LIST } from '../waybill-lists';

const STATUS_COLORS: TTagColors = {
  [WaybillStatus.notUploaded]: 'default',
  [WaybillStatus.pendingReview]: 'processing',
  [WaybillStatus.inTransit]: 'cyan',
  [WaybillStatus.delivered]: 'success',
  [WaybillStatus.notDelivered]: 'warning',
  [WaybillStatus.transportTooLong]: 'warning',
  [WaybillStatus.awaitingManualConfirmation]: 'purple',
  [WaybillStatus.deliveryInfoUnconfirmed]: 'error',
  [WaybillStatus.wrongNumber]: 'error',
  [WaybillStatus.noInformation]: 'default',
};

/** Waybill status query (spec §2): proof per transaction, what is due soon, single and batch upload. */
export function WaybillListPage() {
  const { t } = useTranslation();
  const screen = useListScreen(WAYBILL_LIST);
  const { url } = screen;
  const overview = useWaybillOverview();
  const mayUpload = useHasPermission('Waybill:Upload');
  const batch = useListDialog(mayUpload);
  const proofType = overview.data?.deliveryProofType ?? null;
  const uploading = url.extras.upload ? (screen.list.rows.find((r) => r.tradeNo === url.extras.upload) ?? null) : null;

  const columns = useListColumns<typeof WAYBILLS.fields, TWaybill>(WAYBILLS.fields, {
    order: [
      'tradeNo',
      'tradeAt',
      'amount',
      'lastUploadDate',
      'trackingNo',
      'carrier',
      'carrierSites',
      'uploadedAt',
      'status',
      'checkedAt',
      'failReason',
      'images',
      'uploadCount',
    ],
    special: {
      tradeNo: { fixed: 'left' },
      lastUploadDate: {
        render: (_: unknown, r) => (
          <Tooltip title={t('waybills.settlementOn', { date: r.settlementDate })}>
            <span>
              {r.lastUploadDate}
              {!r.uploaded && r.daysLeft >= 0 && r.daysLeft <= 2 && (
                <Tag color="red" style={{ marginInlineStart: 6 }}>
                  {t('waybills.daysLeft', { count: r.daysLeft })}
                </Tag>
              )}
            </span>
          </Tooltip>
        ),
      },
      trackingNo: {
        render: (_: unknown, r) => (
          <span>
            {r.trackingNo || '-'}
            {r.reusedTracking && (
              <Tooltip title={t('waybills.reusedHelp')}>
                <Tag color="gold" style={{ marginInlineStart: 6 }}>
                  {t('waybills.reused')}
                </Tag>
              </Tooltip>
            )}
          </span>
        ),
      },
      carrierSites: {
        render: (_: unknown, r) =>
          r.carrierSites.length === 0
            ? '-'
            : r.carrierSites.map((s) => (
                <div key={s}>
                  <a href={s} target="_blank" rel="noopener noreferrer">
                    {s}
                  </a>
                </div>
              )),
      },
      status: {
        render: (_: unknown, r) => (
          <StatusTag code={r.status} codes="waybills.statuses" colors={STATUS_COLORS} data-testid={`waybill-status-${r.tradeNo}`} />
        ),
      },
      images: { render: (_: unknown, r) => <ProofImages images={r.images} /> },
    },
    append: [
      ...(mayUpload
        ? [
            {
              title: t('waybills.action'),
              key: 'action',
              fixed: 'right' as const,
              render: (_: unknown, r: TWaybill) =>
                r.status !== WaybillStatus.delivered && r.daysLeft >= 0 ? (
                  <Button size="small" data-testid={`waybill-upload-${r.tradeNo}`} onClick={() => url.setExtra('upload', r.tradeNo)}>
                    {t('waybills.upload')}
                  </Button>
                ) : (
                  '-'
                ),
            },
          ]
        : []),
    ],
  });

  const due = overview.data;
  return (
    <ListPage
      screen={screen}
      columns={columns}
      header={
        due && (
          <div style={{ marginBottom: 12 }} data-testid="waybill-overview">
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('waybills.proofType')}>
                <span data-testid="waybill-proof-type">{t(`waybills.proofTypes.${due.deliveryProofType ?? 'none'}`)}</span>
              </Descriptions.Item>
            </Descriptions>
            {due.dueSoonTotal > 0 && (
              <Alert
                type="warning"
                showIcon
                data-testid="waybill-due-soon"
                title={t('waybills.dueSoonTitle', { count: due.dueSoonTotal })}
                description={
                  <Space wrap size={[8, 4]}>
                    {due.dueSoon.map((d) => (
                      <Typography.Link
                        key={d.tradeNo}
                        onClick={() => screen.list.search({ ...url.filters, tradeNo: d.tradeNo, status: '' })}
                      >
                        {d.tradeNo} ({d.lastUploadDate})
                      </Typography.Link>
                    ))}
                    <Typography.Link onClick={() => screen.list.search({ ...url.filters, tradeNo: '', dueWithinDays: '2' })}>
                      {t('waybills.showAllDue')}
                    </Typography.Link>
                  </Space>
                }
              />
            )}
          </div>
        )
      }
      actions={dialogButton(batch, t('waybills.batchTitle'), { icon: <UploadOutlined />, 'data-testid': 'waybill-batch-open' })}
    >
      <WaybillUploadDialog waybill={mayUpload ? uploading : null} proofType={proofType} onClose={() => url.setExtra('upload', null)} />
      <WaybillBatchDialog open={batch.open} onClose={batch.close} />
    </ListPage>
  );
}
