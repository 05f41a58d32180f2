import { useState } from 'react';
import { Button, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TRefund } from '@mbo/shared/refunds';
import { formatAmount, parseTime } from '../../../platform/format';
import { DeferredPart } from '../../../platform/deferred-part';
import { lazyPage } from '../../../platform/lazy-page';
import { ListPage, detailLinkColumn } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { RefundApplyDialog } from '../components/refund-apply-dialog';
import { REFUND_LIST, REFUND_STATUS_COLORS } from '../refund-list';

// The detail drawer's code comes after the list's first rows (platform/deferred-part.tsx).
const RefundDetailDrawer = lazyPage(() => import('../components/refund-detail-drawer'), 'RefundDetailDrawer');

/** Refund query (spec §2): filters, page, the open detail (?detail=) and the apply dialog (?apply=) live in the URL. */
export function RefundListPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const screen = useListScreen(REFUND_LIST);
  const { url } = screen;
  const [applyOpen, setApplyOpen] = useState(false);
  const mayApply = useHasPermission('Refundment:Apply', 'TradeRecord:Refund');
  const time = (v: string | null) => (v ? parseTime(v, undefined, tz.timezone) : '-');

  const columns: TableColumnsType<TRefund> = [
    detailLinkColumn(t('refund.refundNo'), 'refundNo', 'refund-open-detail', (no) => url.setExtra('detail', no)),
    { title: t('refund.tradeNo'), dataIndex: 'tradeNo', key: 'tradeNo' },
    { title: t('refund.gatewayNo'), dataIndex: 'gatewayNo', key: 'gatewayNo' },
    { title: t('refund.method'), dataIndex: 'method', key: 'method', render: (c: number) => t(`tradeEnum.refundMethod.${c}`) },
    {
      title: t('refund.availableAmount'),
      key: 'available',
      align: 'right',
      render: (_: unknown, r) => formatAmount(r.availableAmount, r.currency),
    },
    { title: t('refund.amount'), key: 'amount', align: 'right', render: (_: unknown, r) => formatAmount(r.amount, r.currency) },
    { title: t('refund.reason'), dataIndex: 'reason', key: 'reason', ellipsis: true },
    { title: t('refund.applicant'), dataIndex: 'applicant', key: 'applicant' },
    { title: t('refund.appliedAt'), dataIndex: 'appliedAt', key: 'appliedAt', render: time },
    {
      title: t('refund.status'),
      dataIndex: 'status',
      key: 'status',
      render: (s: number) => <Tag color={REFUND_STATUS_COLORS[s] ?? 'default'}>{t(`tradeEnum.refundProcessing.${s}`)}</Tag>,
    },
    { title: t('refund.processedAt'), dataIndex: 'processedAt', key: 'processedAt', render: time },
  ];

  return (
    <ListPage
      screen={screen}
      columns={columns}
      actions={
        mayApply && (
          <Button icon={<PlusOutlined />} data-testid="refund-apply-open" onClick={() => setApplyOpen(true)}>
            {t('refund.applyTitle')}
          </Button>
        )
      }
    >
      <RefundApplyDialog
        open={mayApply && (applyOpen || url.extras.apply !== null)}
        initialTradeNo={url.extras.apply ?? null}
        onClose={() => {
          setApplyOpen(false);
          if (url.extras.apply) url.setExtra('apply', null);
        }}
      />
      <DeferredPart open={Boolean(url.extras.detail)} preload={RefundDetailDrawer.preload}>
        <RefundDetailDrawer refundNo={url.extras.detail ?? null} onClose={() => url.setExtra('detail', null)} />
      </DeferredPart>
    </ListPage>
  );
}
