import { useState } from 'react';
import { Button, Descriptions, List, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DisputeKind } from '@mbo/shared/trade-enums';
import { DetailDrawer } from '../../../platform/detail-drawer';
import { formatAmount, parseTime } from '../../../platform/format';
import { useTimezone } from '../../../platform/timezone';
import { WebhookNotifications } from '../../../platform/webhook-notifications';
import { downloadEvidence } from '../api/appeal-dispute';
import { useDisputeDetail } from '../api/get-dispute-detail';
import { TimeLeft } from '../../../platform/time-left';
import { disputeReasonText } from '../../../platform/gateway-text';
import { LISTED_DISPUTE_KINDS } from '@mbo/shared/disputes';
import { DisputeWorkspace } from './dispute-workspace';

type TProps = {
  caseNo: string | null;
  onClose: () => void;
  onAppeal?: (caseNo: string) => void;
  onAlertRefund?: (d: { caseNo: string; alertAmount: number; currency: string }) => void;
};

/** One case: the §3 fields, the deadline with time left, the appeal and its evidence files. */
export function DisputeDetailDrawer({ caseNo, onClose, onAppeal, onAlertRefund }: TProps) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const detail = useDisputeDetail(caseNo);
  const [workspace, setWorkspace] = useState<string | null>(null);
  const d = detail.data;
  const time = (v: string | null) => (v ? parseTime(v, undefined, tz.timezone) : '-');
  return (
    <DetailDrawer open={caseNo !== null} onClose={onClose} title={t('dispute.detailTitle')} width={600}>
      {d && (
        <>
          <Descriptions column={1} size="small" bordered data-testid="dispute-detail">
            <Descriptions.Item label={t('dispute.caseNo')}>{d.caseNo}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.tradeNo')}>{d.tradeNo}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.gatewayNo')}>{d.gatewayNo}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.kind')}>{t(`tradeEnum.disputeKind.${d.kind}`)}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.processingType')}>
              <Tag>{t(`tradeEnum.processingType.${d.processingType}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('dispute.amount')}>{formatAmount(d.amount, d.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.chargebackAmount')}>{formatAmount(d.chargebackAmount, d.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.appealAmount')}>{formatAmount(d.appealAmount, d.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.alertAmount')}>{formatAmount(d.alertAmount, d.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.settleBatch')}>{d.settleBatch || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.reason')}>{disputeReasonText(t, d.reasonCode, d.reason) || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.replyDeadline')}>
              <Space wrap>
                {time(d.replyDeadline)}
                {d.replyDeadline && <span className="mbo-muted">{t('dispute.inZone', { zone: tz.timezone })}</span>}
                <TimeLeft deadline={d.replyDeadline} />
                {!d.replyDeadline && d.kind === DisputeKind.rdrAlert && <span className="mbo-muted">{t('dispute.rdrNoWindow')}</span>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('dispute.appealStatus')}>{t(`tradeEnum.appealStatus.${d.appealStatus}`)}</Descriptions.Item>
            {d.appealNote ? <Descriptions.Item label={t('dispute.appealNote')}>{d.appealNote}</Descriptions.Item> : null}
            <Descriptions.Item label={t('dispute.appealedAt')}>{time(d.appealedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.decidedAt')}>{time(d.decidedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.refundNo')}>{d.refundNo ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.createdAt')}>{time(d.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.tradeAt')}>{time(d.tradeAt)}</Descriptions.Item>
          </Descriptions>
          {d.files.length > 0 && (
            <List
              style={{ marginTop: 16 }}
              header={t('dispute.evidence')}
              size="small"
              dataSource={d.files}
              renderItem={(f) => (
                <List.Item data-testid="dispute-file">
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void downloadEvidence(f.id, f.name)}>
                    {f.name}
                  </Button>
                </List.Item>
              )}
            />
          )}
          <Space style={{ marginTop: 16 }} wrap>
            {d.kind === LISTED_DISPUTE_KINDS.chargeback && (
              <Button type={d.canAppeal ? 'primary' : 'default'} data-testid="detail-workspace" onClick={() => setWorkspace(d.caseNo)}>
                {t('disputeWorkspace.open')}
              </Button>
            )}
            {d.canAppeal && onAppeal && (
              <Button type="primary" data-testid="detail-appeal" onClick={() => onAppeal(d.caseNo)}>
                {t('dispute.appeal')}
              </Button>
            )}
            {d.canAlertRefund && onAlertRefund && (
              <Button danger data-testid="detail-alert-refund" onClick={() => onAlertRefund(d)}>
                {t('dispute.alertRefund')}
              </Button>
            )}
          </Space>
          <WebhookNotifications object="case" no={d.caseNo} />
          <DisputeWorkspace caseNo={workspace} onClose={() => setWorkspace(null)} />
        </>
      )}
    </DetailDrawer>
  );
}
