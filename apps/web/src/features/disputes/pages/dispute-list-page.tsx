import { useState } from 'react';
import { Button, Modal, Space, Tag, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { DISPUTES, type TDispute } from '@mbo/shared/disputes';
import { DisputeKind } from '@mbo/shared/trade-enums';
import { formatAmount, parseTime } from '../../../platform/format';
import { DeferredPart } from '../../../platform/deferred-part';
import { lazyPage } from '../../../platform/lazy-page';
import { useListColumns } from '../../../platform/list-columns';
import { ListPage, detailLinkColumn } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { useRefundAlert } from '../api/refund-alert';
import { AppealDialog } from '../components/appeal-dialog';
import { TimeLeft } from '../../../platform/time-left';
import { disputeReasonText } from '../../../platform/gateway-text';
import { DISPUTE_LIST } from '../dispute-list';

// The detail drawer's code comes after the list's first rows (platform/deferred-part.tsx).
const DisputeDetailDrawer = lazyPage(() => import('../components/dispute-detail-drawer'), 'DisputeDetailDrawer');

/**
 * Retrievals, chargebacks and alerts (spec §2). Opens on the cases awaiting an answer, nearest reply
 * deadline first; filters, page and the open case (?detail=) live in the URL.
 */
export function DisputeListPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const screen = useListScreen(DISPUTE_LIST);
  const { url } = screen;
  const [appealing, setAppealing] = useState<string | null>(null);
  const alertRefund = useRefundAlert();
  const mayAppeal = useHasPermission('ProConTrade:Appeal');
  const mayAlertRefund = useHasPermission('ProConTrade:AlertRefund');

  const confirmAlertRefund = (d: Pick<TDispute, 'caseNo' | 'alertAmount' | 'currency'>) => {
    Modal.confirm({
      title: t('dispute.alertRefundConfirm', { caseNo: d.caseNo, amount: formatAmount(d.alertAmount, d.currency) }),
      okButtonProps: { 'data-testid': 'alert-refund-ok' } as Record<string, string>,
      onOk: async () => {
        const done = await alertRefund.mutateAsync(d.caseNo);
        void message.success(t('dispute.alertRefunded', { refundNo: done.refundNo }));
      },
    });
  };
  const time = (v: string | null) => (v ? parseTime(v, undefined, tz.timezone) : '-');
  const nowrap = { onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }) };

  // What a merchant answers by comes first: the case, its kind and amount, and the deadline.
  const columns = useListColumns<typeof DISPUTES.fields, TDispute>(DISPUTES.fields, {
    order: [
      'caseNo',
      'processingType',
      'amount',
      'replyDeadline',
      'reason',
      'tradeNo',
      'gatewayNo',
      'chargebackAmount',
      'appealAmount',
      'alertAmount',
      'settleBatch',
      'createdAt',
    ],
    special: {
      caseNo: detailLinkColumn(t('dispute.caseNo'), 'caseNo', 'dispute-open-detail', (no) => url.setExtra('detail', no)),
      processingType: { render: (c: number) => <Tag>{t(`tradeEnum.processingType.${c}`)}</Tag> },
      amount: nowrap,
      replyDeadline: {
        // In the user's timezone (said on hover); an RDR alert is refunded when raised and has no window.
        render: (v: string | null, d: TDispute) => (
          <Space orientation="vertical" size={0}>
            <span data-testid="dispute-deadline" style={{ whiteSpace: 'nowrap' }} title={t('dispute.inZone', { zone: tz.timezone })}>
              {time(v)}
            </span>
            {v && <TimeLeft deadline={v} />}
            {!v && d.kind === DisputeKind.rdrAlert && <span className="mbo-muted">{t('dispute.rdrNoWindow')}</span>}
          </Space>
        ),
      },
      // The reason sits with the case, not at the far right where the fixed action column covers it;
      // a long one is cut with an ellipsis and reads whole in the cell's title and the drawer.
      reason: {
        width: 220,
        ellipsis: true,
        render: (_: unknown, d: TDispute) => {
          const text = disputeReasonText(t, d.reasonCode, d.reason) || '-';
          return (
            <span title={text} data-testid="dispute-reason">
              {text}
            </span>
          );
        },
      },
      chargebackAmount: nowrap,
      appealAmount: nowrap,
      alertAmount: nowrap,
    },
    append: [
      {
        title: t('dispute.action'),
        key: 'action',
        fixed: 'right',
        render: (_: unknown, d: TDispute) => (
          <Space size={4} wrap>
            {mayAppeal && d.canAppeal && (
              <Button size="small" type="primary" data-testid="row-appeal" onClick={() => setAppealing(d.caseNo)}>
                {t('dispute.appeal')}
              </Button>
            )}
            {mayAlertRefund && d.canAlertRefund && (
              <Button size="small" danger data-testid="row-alert-refund" onClick={() => confirmAlertRefund(d)}>
                {t('dispute.alertRefund')}
              </Button>
            )}
          </Space>
        ),
      },
    ],
  });

  return (
    <ListPage screen={screen} columns={columns}>
      <DeferredPart open={Boolean(url.extras.detail)} preload={DisputeDetailDrawer.preload}>
        <DisputeDetailDrawer
          caseNo={url.extras.detail ?? null}
          onClose={() => url.setExtra('detail', null)}
          {...(mayAppeal ? { onAppeal: (c: string) => setAppealing(c) } : {})}
          {...(mayAlertRefund ? { onAlertRefund: confirmAlertRefund } : {})}
        />
      </DeferredPart>
      <AppealDialog caseNo={appealing} onClose={() => setAppealing(null)} />
    </ListPage>
  );
}
