import { useTranslation } from 'react-i18next';
import { BATCHES, type TBatch } from '@mbo/shared/funds';
import { useListColumns } from '../../../platform/list-columns';
import { detailLinkColumn, ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { BatchItemsDrawer } from '../components/batch-items-drawer';
import { BATCH_LIST } from '../funds-lists';

/** Line-item credits (spec §3 Credit entry): one row per settlement batch; a batch opens its breakdown (?batch=). */
export function BatchListPage() {
  const { t } = useTranslation();
  const screen = useListScreen(BATCH_LIST);
  const { url } = screen;
  const columns = useListColumns<typeof BATCHES.fields, TBatch>(BATCHES.fields, {
    special: { batchNo: detailLinkColumn(t('funds.batch.no'), 'batchNo', 'batch-open', (no) => url.setExtra('batch', no)) },
  });
  return (
    <ListPage screen={screen} columns={columns}>
      <BatchItemsDrawer batchNo={url.extras.batch ?? null} onClose={() => url.setExtra('batch', null)} />
    </ListPage>
  );
}
