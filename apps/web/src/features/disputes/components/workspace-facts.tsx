import { Alert, Card, Descriptions, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCe3Result, TWorkspace } from '@mbo/shared/dispute-evidence';
import { formatAmount, parseTime } from '../../../platform/format';
import { disputeReasonText } from '../../../platform/gateway-text';
import { useTimezone } from '../../../platform/timezone';

/* The read-only half of the evidence workspace: the reason code explained, CE 3.0, and what the product holds. */

/** The reason code in the user's language, with what evidence wins it (web locales, `reasonGuide.*`). */
export function ReasonGuide({ ws }: { ws: TWorkspace }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={`${t('disputeWorkspace.reasonTitle')}: ${ws.cardScheme} ${ws.reasonCode || '-'}`} data-testid="ws-reason">
      <Typography.Paragraph type="secondary">{disputeReasonText(t, ws.reasonCode, ws.reason)}</Typography.Paragraph>
      {ws.guide ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('disputeWorkspace.meaning')}>{t(`reasonGuide.${ws.guide}.meaning`)}</Descriptions.Item>
          <Descriptions.Item label={t('disputeWorkspace.winningEvidence')}>{t(`reasonGuide.${ws.guide}.evidence`)}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Paragraph>{t('disputeWorkspace.unknownReason')}</Typography.Paragraph>
      )}
    </Card>
  );
}

/** Visa 10.4: eligible with the qualifying payments, or the first condition the history misses. */
export function Ce3Panel({ ce3 }: { ce3: TCe3Result }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  return (
    <Card size="small" title={t('disputeWorkspace.ce3Title')} data-testid="ws-ce3">
      {ce3.eligible ? (
        <Alert
          type="success"
          showIcon
          data-testid="ce3-eligible"
          title={t('disputeWorkspace.ce3Eligible', { count: ce3.qualifying.length })}
        />
      ) : (
        <Alert
          type="warning"
          showIcon
          data-testid="ce3-not-eligible"
          title={t('disputeWorkspace.ce3NotEligible', { missing: t(`disputeWorkspace.ce3Missing.${ce3.missing ?? 'sameCard'}`) })}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('disputeWorkspace.ce3Counts', ce3.counts)}
      </Typography.Paragraph>
      {ce3.qualifying.length > 0 && (
        <Table
          size="small"
          rowKey="tradeNo"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={ce3.qualifying}
          data-testid="ce3-qualifying"
          columns={[
            { key: 'tradeNo', dataIndex: 'tradeNo', title: t('disputeWorkspace.col.tradeNo') },
            {
              key: 'createdAt',
              dataIndex: 'createdAt',
              title: t('disputeWorkspace.col.createdAt'),
              render: (v: string) => parseTime(v, undefined, tz.timezone),
            },
            { key: 'daysBefore', dataIndex: 'daysBefore', title: t('disputeWorkspace.col.daysBefore'), align: 'right' },
            {
              key: 'matched',
              dataIndex: 'matched',
              title: t('disputeWorkspace.col.matched'),
              render: (m: string[]) => m.map((e) => <Tag key={e}>{t(`disputeWorkspace.element.${e}`)}</Tag>),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** What the product holds about the payment and its customer (the caller's scope only). */
export function FactsPanel({ ws }: { ws: TWorkspace }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const p = ws.prefill;
  const time = (v: string) => parseTime(v, undefined, tz.timezone);
  const none = t('disputeWorkspace.facts.none');
  const f = (k: string) => t(`disputeWorkspace.facts.${k}`);
  return (
    <Card size="small" title={t('disputeWorkspace.factsTitle')} data-testid="ws-facts">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={f('transaction')}>
          {p.transaction.tradeNo} · {formatAmount(p.transaction.amount, p.transaction.currency)} · {time(p.transaction.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={f('order')}>{p.transaction.merchantOrderNo || none}</Descriptions.Item>
        <Descriptions.Item label={f('card')}>
          {p.transaction.cardScheme} {p.transaction.card}
        </Descriptions.Item>
        <Descriptions.Item label={f('site')}>{p.transaction.tradeUrl || none}</Descriptions.Item>
        <Descriptions.Item label={f('customer')}>{p.customer.name || none}</Descriptions.Item>
        <Descriptions.Item label={f('email')}>{p.customer.email || none}</Descriptions.Item>
        <Descriptions.Item label={f('ip')}>{p.customer.ip || none}</Descriptions.Item>
        <Descriptions.Item label={f('userId')}>{p.customer.userId || none}</Descriptions.Item>
        <Descriptions.Item label={f('deviceId')}>{p.customer.deviceId || none}</Descriptions.Item>
        <Descriptions.Item label={f('billing')}>{p.customer.billingAddress || none}</Descriptions.Item>
        <Descriptions.Item label={f('shipping')}>
          {[p.customer.shippingName, p.customer.shippingAddress].filter(Boolean).join(', ') || none}
        </Descriptions.Item>
        <Descriptions.Item label={f('waybill')}>
          {p.waybill
            ? [
                `${p.waybill.carrier} ${p.waybill.trackingNo}`,
                ...p.waybill.events.map((e) => `${time(e.at)} ${t(`disputeWorkspace.event.${e.event}`)}`),
              ].map((line) => <div key={line}>{line}</div>)
            : none}
        </Descriptions.Item>
        <Descriptions.Item label={f('products')}>
          {p.products.length === 0
            ? none
            : p.products.map((x) => (
                <div key={`${x.goodsNo}-${x.name}`}>
                  {x.quantity} × {x.name} ({formatAmount(x.price, x.currency)})
                </div>
              ))}
        </Descriptions.Item>
        <Descriptions.Item label={f('refunds')}>
          {p.refunds.length === 0
            ? none
            : p.refunds.map((r) => (
                <div key={r.refundNo}>
                  {r.refundNo} · {r.tradeNo} · {formatAmount(r.amount, r.currency)} · {time(r.appliedAt)}
                </div>
              ))}
        </Descriptions.Item>
        <Descriptions.Item label={f('others')}>
          {p.otherTransactions.length === 0
            ? none
            : p.otherTransactions.map((o) => (
                <div key={o.tradeNo}>
                  {o.tradeNo} · {formatAmount(o.amount, o.currency)} · {time(o.createdAt)}{' '}
                  {o.disputed && <Tag color="red">{t('disputeWorkspace.col.disputed')}</Tag>}
                </div>
              ))}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
