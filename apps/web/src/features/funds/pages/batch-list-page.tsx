import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TBatch } from '@mbo/shared/funds';
import { formatAmount, parseTime } from '../../../platform/format';
import { detailLinkColumn, ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useTimezone } from '../../../platform/timezone';
import { BatchItemsDrawer } from '../components/batch-items-drawer';
import { BATCH_LIST } from '../funds-lists';

/** Line-item credits (spec §3 Credit entry): one row per settlement batch; a batch opens its breakdown (?batch=). */
export function BatchListPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const screen = useListScreen(BATCH_LIST);
  const { url } = screen;
  const m = (pick: (b: TBatch) => number) => (_: unknown, b: TBatch) => formatAmount(pick(b), b.currency, { code: false });
  const columns: TableColumnsType<TBatch> = [
    {
      title: t('funds.batch.recordedAt'),
      dataIndex: 'recordedAt',
      key: 'recordedAt',
      render: (v: string | null) => (v ? parseTime(v, undefined, tz.timezone) : '-'),
    },
    detailLinkColumn(t('funds.batch.no'), 'batchNo', 'batch-open', (no) => url.setExtra('batch', no)),
    { title: t('funds.gatewayNo'), dataIndex: 'gatewayNo', key: 'gatewayNo' },
    { title: t('funds.currency'), dataIndex: 'currency', key: 'currency' },
    {
      title: t('funds.batch.tradeDeadline'),
      dataIndex: 'tradeDeadline',
      key: 'tradeDeadline',
      render: (v: string) => parseTime(v, undefined, tz.timezone),
    },
    { title: t('funds.batch.txCount'), dataIndex: 'txCount', key: 'txCount', align: 'right' },
    { title: t('funds.batch.gross'), key: 'gross', align: 'right', render: m((b) => b.gross) },
    { title: t('funds.batch.singleFee'), key: 'singleFee', align: 'right', render: m((b) => b.singleFee) },
    { title: t('funds.batch.refundFee'), key: 'refundFee', align: 'right', render: m((b) => b.refundFee) },
    { title: t('funds.batch.chargebackFee'), key: 'chargebackFee', align: 'right', render: m((b) => b.chargebackFee) },
    { title: t('funds.batch.reserveExtracted'), key: 'reserveExtracted', align: 'right', render: m((b) => b.reserveExtracted) },
    { title: t('funds.batch.reserveReturned'), key: 'reserveReturned', align: 'right', render: m((b) => b.reserveReturned) },
    { title: t('funds.batch.recognized'), key: 'recognized', align: 'right', render: m((b) => b.recognized) },
    { title: t('funds.batch.rdrFee'), key: 'rdrFee', align: 'right', render: m((b) => b.rdrFee) },
    { title: t('funds.batch.ethocaFee'), key: 'ethocaFee', align: 'right', render: m((b) => b.ethocaFee) },
    {
      title: t('funds.batch.creditStatus'),
      dataIndex: 'creditStatus',
      key: 'creditStatus',
      render: (s: number) => t(`funds.creditStatus.${s}`),
    },
  ];
  return (
    <ListPage screen={screen} columns={columns}>
      <BatchItemsDrawer batchNo={url.extras.batch ?? null} onClose={() => url.setExtra('batch', null)} />
    </ListPage>
  );
}
