import type { ReactNode } from 'react';
import { Alert, Button, Descriptions, Space, Spin, Timeline, message } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DisputeKind, PayStatus } from '@mbo/shared/trade-enums';
import type { TTimelineEntry, TTransactionDetail, TTransactionView } from '@mbo/shared/transactions';
import { DetailDrawer } from '../../../platform/detail-drawer';
import { formatAmount, parseTime } from '../../../platform/format';
import { messageOf } from '../../../platform/request';
import { useSession } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { WebhookNotifications } from '../../../platform/webhook-notifications';
import { gatewayText, riskRuleText } from '../../../platform/gateway-text';
import { useTransactionDetail } from '../api/get-transaction-detail';

/** Where a refund application starts: the refunds screen opens its dialog from `apply`. */
export const REFUND_APPLY_PATH = '/refundment/forwardRefundmentList';
const REFUND_OPERATIONS = ['TradeRecord:Refund', 'Refundment:Apply'];

/** Copies text; spec §8 clipboard success and failure messages. */
export async function copyText(text: string, done: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    void message.success(done);
  } catch {
    void message.error(failed);
  }
}

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Button
      type="link"
      size="small"
      icon={<CopyOutlined />}
      aria-label={t('trade.copy')}
      data-testid="copy-button"
      onClick={() => void copyText(text, t('trade.copied'), t('trade.copyFailed'))}
    />
  );
}

function TimelineText({ entry }: { entry: TTimelineEntry }) {
  const { t } = useTranslation();
  const amount = entry.amount !== null && entry.currency ? formatAmount(entry.amount, entry.currency, { code: false }) : '';
  let status = '';
  if (entry.status !== null) {
    if (entry.event === 'returned') status = t(`tradeEnum.payStatus.${entry.status}`);
    else if (entry.event === 'refundProcessed' || entry.event === 'refundApplied') status = t(`tradeEnum.refundProcessing.${entry.status}`);
    else if (entry.event === 'appealDecided' || entry.event === 'appealed') status = t(`tradeEnum.appealStatus.${entry.status}`);
  }
  const kind = entry.disputeKind !== null ? t(`tradeEnum.disputeKind.${entry.disputeKind}`) : '';
  return <>{t(`tradeDetail.event.${entry.event}`, { ref: entry.ref ?? '', amount, currency: entry.currency ?? '', status, kind })}</>;
}

function timelineColor(entry: TTimelineEntry): string {
  if (entry.event === 'disputeArrived') return entry.disputeKind === DisputeKind.chargeback ? 'red' : 'orange';
  if (entry.event === 'disputeDeadline') return 'orange';
  if (entry.event.startsWith('refund')) return 'blue';
  return 'gray';
}

/** Rows of a section whose values are shown as the server sent them, in the order given. */
function fieldsOf<T extends Record<string, ReactNode>>(values: T, keys: readonly (keyof T & string)[]): [string, ReactNode][] {
  return keys.map((key) => [key, values[key]]);
}

function DetailBody({ detail, view, onRefund }: { detail: TTransactionDetail; view: TTransactionView; onRefund: (() => void) | null }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const time = (v: string | null) => parseTime(v, undefined, tz.timezone);
  const yesNo = (v: boolean) => (v ? t('tradeDetail.yes') : t('tradeDetail.no'));
  const p = detail.payment;
  const section = (title: string, items: [string, ReactNode][], testId: string) => (
    <Descriptions
      title={title}
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2 }}
      style={{ marginBottom: 16 }}
      data-testid={testId}
      items={items.map(([key, value]) => ({ key, label: t(`tradeDetail.${key}`), children: value === '' ? '-' : value }))}
    />
  );

  return (
    <>
      {onRefund && (
        <Space style={{ marginBottom: 16 }}>
          <Button type="primary" data-testid="refund-button" onClick={onRefund}>
            {t('tradeDetail.refund')}
          </Button>
        </Space>
      )}
      {section(
        t('tradeDetail.order'),
        [
          ['gatewayNo', detail.order.gatewayNo],
          [
            'tradeNo',
            <span key="tradeNo">
              {detail.order.tradeNo} <CopyButton text={detail.order.tradeNo} />
            </span>,
          ],
          [
            'merchantOrderNo',
            <span key="merchantOrderNo">
              {detail.order.merchantOrderNo} <CopyButton text={detail.order.merchantOrderNo} />
            </span>,
          ],
          ['tradeType', t(`tradeEnum.tradeType.${detail.order.tradeType}`)],
          ['tradeUrl', detail.order.tradeUrl],
        ],
        'detail-order',
      )}
      {section(
        t('tradeDetail.payment'),
        [
          ['payStatus', t(`tradeEnum.payStatus.${p.payStatus}`)],
          ['returnMessage', gatewayText(t, p.returnMessage)],
          ['cardScheme', t(`tradeEnum.cardScheme.${p.cardScheme}`, { defaultValue: p.cardScheme })],
          ['card', p.cardMasked],
          ['amount', formatAmount(p.amount, p.currency)],
          ['settleAmount', formatAmount(p.settleAmount, p.settleCurrency)],
          ['settleStatus', t(`tradeEnum.settleStatus.${p.settleStatus}`)],
          ['reserveStatus', t(`tradeEnum.reserveStatus.${p.reserveStatus}`)],
          ['reserveAmount', formatAmount(p.reserveAmount, p.settleCurrency)],
          ['abnormalStatus', t(`tradeEnum.abnormalStatus.${p.abnormalStatus}`)],
          ['refundStatus', t(`tradeEnum.refundFlag.${p.refundStatus}`)],
          ['refundedAmount', formatAmount(p.refundedAmount, p.currency)],
          ['refundPendingAmount', formatAmount(p.refundPendingAmount, p.currency)],
          ...(detail.refundable !== null ? ([['refundable', formatAmount(detail.refundable, p.currency)]] as [string, ReactNode][]) : []),
          ['chargebackStatus', t(`tradeEnum.chargebackFlag.${p.chargebackStatus}`)],
          ['retrievalStatus', t(`tradeEnum.retrievalFlag.${p.retrievalStatus}`)],
          ['rdrStatus', t(`tradeEnum.alertFlag.${p.rdrStatus}`)],
          ['ethocaStatus', t(`tradeEnum.alertFlag.${p.ethocaStatus}`)],
          ['appealStatus', t(`tradeEnum.appealStatus.${p.appealStatus}`)],
        ],
        'detail-payment',
      )}
      {section(
        t('tradeDetail.cardholder'),
        fieldsOf(detail.cardholder, ['name', 'email', 'customerEmail', 'ip', 'phone', 'address', 'city', 'state', 'zip']),
        'detail-cardholder',
      )}
      {section(
        t('tradeDetail.shipping'),
        fieldsOf(detail.shipping, ['name', 'email', 'phone', 'address', 'city', 'state', 'zip', 'country']),
        'detail-shipping',
      )}
      {section(
        t('tradeDetail.risk'),
        [
          ['highRiskCountry', yesNo(detail.risk.highRiskCountry)],
          ['billCountry', detail.risk.billCountry],
          ['paymentCountry', detail.risk.paymentCountry],
          ['international', t(`tradeEnum.international.${detail.risk.international}`)],
          ['issuerRealCountry', detail.risk.issuerRealCountry],
          ['ipBillCountry', detail.risk.ipBillCountry],
          ['issuerName', detail.risk.issuerName],
          ['issuerCountry', detail.risk.issuerCountry],
          ...(view === 'riskDeclined' || detail.risk.riskRules.length > 0
            ? ([['riskRules', detail.risk.riskRules.map((r) => riskRuleText(t, r)).join(', ')]] as [string, ReactNode][])
            : []),
        ],
        'detail-risk',
      )}
      {section(
        t('tradeDetail.timestamps'),
        [
          ['createdAt', time(detail.timestamps.createdAt)],
          ['submittedAt', time(detail.timestamps.submittedAt)],
          ['returnedAt', time(detail.timestamps.returnedAt)],
        ],
        'detail-timestamps',
      )}
      <h4 style={{ margin: '8px 0 16px' }}>{t('tradeDetail.timeline')}</h4>
      <Timeline
        data-testid="detail-timeline"
        items={detail.timeline.map((entry, i) => ({
          key: `${entry.event}-${i}`,
          color: timelineColor(entry),
          content: (
            <div data-testid="timeline-entry">
              <div>
                <TimelineText entry={entry} />
              </div>
              <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{time(entry.at)}</div>
            </div>
          ),
        }))}
      />
    </>
  );
}

/** The detail of one transaction, kept in the URL (`?detail=<tradeNo>`); full width on mobile. */
export function TransactionDetailDrawer({
  view,
  tradeNo,
  onClose,
}: {
  view: TTransactionView;
  tradeNo: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const detail = useTransactionDetail(view, tradeNo);
  const operations = session.userInfo?.permissions ?? [];
  const mayRefund = REFUND_OPERATIONS.some((op) => operations.includes(op));
  const d = detail.data;
  const refundable =
    d && view === 'formal' && mayRefund && d.payment.payStatus === PayStatus.success && d.refundable !== null && d.refundable > 0;

  return (
    <DetailDrawer
      open={tradeNo !== null}
      onClose={onClose}
      width={760}
      title={tradeNo ? t('tradeDetail.title', { tradeNo }) : ''}
      data-testid="transaction-detail"
    >
      {detail.isLoading && <Spin />}
      {detail.isError && <Alert type="error" showIcon message={messageOf(detail.error)} />}
      {d && (
        <DetailBody
          detail={d}
          view={view}
          onRefund={refundable ? () => void navigate(`${REFUND_APPLY_PATH}?apply=${encodeURIComponent(d.order.tradeNo)}`) : null}
        />
      )}
      {d && <WebhookNotifications object="trade" no={d.order.tradeNo} />}
    </DetailDrawer>
  );
}
