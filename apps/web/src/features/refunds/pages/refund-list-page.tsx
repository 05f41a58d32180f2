import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { REFUNDS, type TRefund } from '@mbo/shared/refunds';
import { DeferredPart } from '../../../platform/deferred-part';
import { lazyPage } from '../../../platform/lazy-page';
import { useListColumns } from '../../../platform/list-columns';
import { dialogButton, useListDialog } from '../../../platform/list-dialog';
import { ListPage, detailLinkColumn } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { StatusTag } from '../../../platform/status-tag';
import { RefundApplyDialog } from '../components/refund-apply-dialog';
import { REFUND_LIST, REFUND_STATUS_COLORS } from '../refund-list';

// The detail drawer's code comes after the list's first rows (platform/deferred-part.tsx).
const RefundDetailDrawer = lazyPage(() => import('../components/refund-detail-drawer'), 'RefundDetailDrawer');

/** Refund query (spec §2): filters, page, the open detail (?detail=) and the apply dialog (?apply=) live in the URL. */
export function RefundListPage() {
  const { t } = useTranslation();
  const screen = useListScreen(REFUND_LIST);
  const { url } = screen;
  const apply = useListDialog(useHasPermission('Refundment:Apply', 'TradeRecord:Refund'), { url, extra: 'apply' });
  const columns = useListColumns<typeof REFUNDS.fields, TRefund>(REFUNDS.fields, {
    special: {
      refundNo: detailLinkColumn(t('refund.refundNo'), 'refundNo', 'refund-open-detail', (no) => url.setExtra('detail', no)),
      refundType: null,
      source: null,
      currency: null,
      reason: { ellipsis: true },
      status: { render: (s: number) => <StatusTag code={s} codes="tradeEnum.refundProcessing" colors={REFUND_STATUS_COLORS} /> },
      failReason: null,
    },
  });

  return (
    <ListPage
      screen={screen}
      columns={columns}
      actions={dialogButton(apply, t('refund.applyTitle'), { icon: <PlusOutlined />, 'data-testid': 'refund-apply-open' })}
    >
      <RefundApplyDialog open={apply.open} initialTradeNo={url.extras.apply ?? null} onClose={apply.close} />
      <DeferredPart open={Boolean(url.extras.detail)} preload={RefundDetailDrawer.preload}>
        <RefundDetailDrawer refundNo={url.extras.detail ?? null} onClose={() => url.setExtra('detail', null)} />
      </DeferredPart>
    </ListPage>
  );
}
