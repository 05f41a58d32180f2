import { Alert, Button, Descriptions, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WaybillStatus, type TWaybill } from '@mbo/shared/waybills';
import { formatAmount, parseTime } from '../../../platform/format';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { useWaybillOverview } from '../api/waybills';
import { ProofImages } from '../components/proof-images';
import { WaybillBatchDialog } from '../components/waybill-batch-dialog';
import { WaybillUploadDialog } from '../components/waybill-upload-dialog';
import { WAYBILL_LIST } from '../waybill-lists';

const STATUS_COLORS: Record<number, string> = {
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
  const tz = useTimezone();
  const screen = useListScreen(WAYBILL_LIST);
  const { url } = screen;
  const overview = useWaybillOverview();
  const mayUpload = useHasPermission('Waybill:Upload');
  const [batchOpen, setBatchOpen] = useState(false);
  const proofType = overview.data?.deliveryProofType ?? null;
  const time = (v: string | null) => (v ? parseTime(v, undefined, tz.timezone) : '-');
  const uploading = url.extras.upload ? (screen.list.rows.find((r) => r.tradeNo === url.extras.upload) ?? null) : null;

  const columns: TableColumnsType<TWaybill> = [
    { title: t('waybills.tradeNo'), dataIndex: 'tradeNo', key: 'tradeNo', fixed: 'left' },
    { title: t('waybills.tradeAt'), dataIndex: 'tradeAt', key: 'tradeAt', render: time },
    { title: t('waybills.amount'), key: 'amount', align: 'right', render: (_: unknown, r) => formatAmount(r.amount, r.currency) },
    {
      title: t('waybills.lastUploadDate'),
      key: 'lastUploadDate',
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
    {
      title: t('waybills.trackingNo'),
      key: 'trackingNo',
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
    { title: t('waybills.carrier'), dataIndex: 'carrier', key: 'carrier', render: (v: string) => v || '-' },
    {
      title: t('waybills.carrierSites'),
      key: 'carrierSites',
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
    { title: t('waybills.uploadedAt'), dataIndex: 'uploadedAt', key: 'uploadedAt', render: time },
    {
      title: t('waybills.status'),
      key: 'status',
      render: (_: unknown, r) => (
        <Tag data-testid={`waybill-status-${r.tradeNo}`} color={STATUS_COLORS[r.status] ?? 'default'}>
          {t(`waybills.statuses.${r.status}`)}
        </Tag>
      ),
    },
    { title: t('waybills.checkedAt'), dataIndex: 'checkedAt', key: 'checkedAt', render: time },
    { title: t('waybills.failReason'), dataIndex: 'failReason', key: 'failReason', render: (v: string) => v || '-' },
    { title: t('waybills.images'), key: 'images', render: (_: unknown, r) => <ProofImages images={r.images} /> },
    { title: t('waybills.uploadCount'), dataIndex: 'uploadCount', key: 'uploadCount', align: 'right' },
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
  ];

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
      actions={
        mayUpload && (
          <Button icon={<UploadOutlined />} data-testid="waybill-batch-open" onClick={() => setBatchOpen(true)}>
            {t('waybills.batchTitle')}
          </Button>
        )
      }
    >
      <WaybillUploadDialog waybill={mayUpload ? uploading : null} proofType={proofType} onClose={() => url.setExtra('upload', null)} />
      <WaybillBatchDialog open={mayUpload && batchOpen} onClose={() => setBatchOpen(false)} />
    </ListPage>
  );
}
