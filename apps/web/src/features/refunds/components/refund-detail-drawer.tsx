import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TRefund } from '@mbo/shared/refunds';
import { DetailDrawer } from '../../../platform/detail-drawer';
import { formatAmount, parseTime } from '../../../platform/format';
import { StatusTag } from '../../../platform/status-tag';
import { useTimezone } from '../../../platform/timezone';
import { WebhookNotifications } from '../../../platform/webhook-notifications';
import { useRefundDetail } from '../api/get-refund-detail';
import { REFUND_STATUS_COLORS } from '../refund-list';

/** One refund's §3 fields; kept in the URL (?detail=<refundNo>) so it survives a reload. */
export function RefundDetailDrawer({ refundNo, onClose }: { refundNo: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const detail = useRefundDetail(refundNo);
  const r: TRefund | undefined = detail.data;
  const time = (v: string | null) => (v ? parseTime(v, undefined, tz.timezone) : '-');
  return (
    <DetailDrawer open={refundNo !== null} onClose={onClose} title={t('refund.detailTitle')} width={560}>
      {r && (
        <Descriptions column={1} size="small" bordered data-testid="refund-detail">
          <Descriptions.Item label={t('refund.refundNo')}>{r.refundNo}</Descriptions.Item>
          <Descriptions.Item label={t('refund.tradeNo')}>{r.tradeNo}</Descriptions.Item>
          <Descriptions.Item label={t('refund.gatewayNo')}>{r.gatewayNo}</Descriptions.Item>
          <Descriptions.Item label={t('refund.type')}>{t(`tradeEnum.refundType.${r.refundType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('refund.method')}>{t(`tradeEnum.refundMethod.${r.method}`)}</Descriptions.Item>
          <Descriptions.Item label={t('refund.source')}>{t(`tradeEnum.refundSource.${r.source}`)}</Descriptions.Item>
          <Descriptions.Item label={t('refund.availableAmount')}>{formatAmount(r.availableAmount, r.currency)}</Descriptions.Item>
          <Descriptions.Item label={t('refund.amount')}>{formatAmount(r.amount, r.currency)}</Descriptions.Item>
          <Descriptions.Item label={t('refund.reason')}>{r.reason}</Descriptions.Item>
          <Descriptions.Item label={t('refund.applicant')}>{r.applicant}</Descriptions.Item>
          <Descriptions.Item label={t('refund.appliedAt')}>{time(r.appliedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('refund.status')}>
            <StatusTag code={r.status} codes="tradeEnum.refundProcessing" colors={REFUND_STATUS_COLORS} />
          </Descriptions.Item>
          <Descriptions.Item label={t('refund.processedAt')}>{time(r.processedAt)}</Descriptions.Item>
          {r.failReason && <Descriptions.Item label={t('refund.failReason')}>{r.failReason}</Descriptions.Item>}
          <Descriptions.Item label={t('refund.tradeAt')}>{time(r.tradeAt)}</Descriptions.Item>
        </Descriptions>
      )}
      {r && <WebhookNotifications object="refund" no={r.refundNo} />}
    </DetailDrawer>
  );
}
