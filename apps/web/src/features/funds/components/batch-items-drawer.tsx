import { useState } from 'react';
import { Descriptions, Drawer, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { BATCH_ITEM_FIELDS, type TBatchItem } from '@mbo/shared/funds';
import { formatAmount } from '../../../platform/format';
import { useListColumns } from '../../../platform/list-columns';
import { Pagination } from '../../../platform/pagination';
import { useIsMobile } from '../../../platform/use-is-mobile';
import { useBatchItems } from '../api/get-batch-items';
import { TableRegion } from '../../../platform/table-region';

/** A credit entry's breakdown down to each transaction (gross, fee, reserve, net). */
export function BatchItemsDrawer({ batchNo, onClose }: { batchNo: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [tradeNo, setTradeNo] = useState('');
  const items = useBatchItems(batchNo, paging.page, paging.limit, tradeNo);
  const d = items.data;
  const m = (v: number) => (d ? formatAmount(v, d.batch.currency, { code: false }) : '');
  // The amounts of a batch are in its one currency: the number only, as in the figures above.
  const amount = (key: 'gross' | 'fee' | 'reserve' | 'net') => ({ render: (_: unknown, r: TBatchItem) => m(r[key]) });
  const columns = useListColumns<typeof BATCH_ITEM_FIELDS, TBatchItem>(BATCH_ITEM_FIELDS, {
    special: { gross: amount('gross'), fee: amount('fee'), reserve: amount('reserve'), net: amount('net') },
  });
  return (
    <Drawer
      open={batchNo !== null}
      onClose={onClose}
      title={t('funds.batch.breakdown', { no: batchNo ?? '' })}
      size={mobile ? '100%' : 760}
      destroyOnHidden
    >
      {d && (
        <>
          <Descriptions size="small" column={mobile ? 1 : 2} bordered style={{ marginBottom: 16 }} data-testid="batch-figures">
            <Descriptions.Item label={t('funds.batch.settleDate')}>{d.batch.settleDate}</Descriptions.Item>
            <Descriptions.Item label={t('funds.batch.txCount')}>{d.batch.txCount}</Descriptions.Item>
            <Descriptions.Item label={t('funds.batch.gross')}>{m(d.batch.gross)}</Descriptions.Item>
            <Descriptions.Item label={t('funds.batch.singleFee')}>{m(d.batch.singleFee)}</Descriptions.Item>
            <Descriptions.Item label={t('funds.batch.reserveExtracted')}>{m(d.batch.reserveExtracted)}</Descriptions.Item>
            <Descriptions.Item label={t('funds.batch.recognized')}>{m(d.batch.recognized)}</Descriptions.Item>
          </Descriptions>
          <Input.Search
            allowClear
            maxLength={64}
            placeholder={t('funds.batch.findTrade')}
            style={{ marginBottom: 12, maxWidth: 360 }}
            data-testid="batch-find-trade"
            onSearch={(v) => {
              setTradeNo(v.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
          <TableRegion label={t('funds.batch.breakdown', { no: batchNo ?? '' })}>
            <Table<TBatchItem>
              size="small"
              rowKey="tradeNo"
              dataSource={d.list}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="batch-items"
              columns={columns}
            />
          </TableRegion>
          <Pagination total={d.total} page={paging.page} limit={paging.limit} onChange={(page, limit) => setPaging({ page, limit })} />
        </>
      )}
    </Drawer>
  );
}
