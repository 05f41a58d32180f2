import type { TExportFormat } from '@mbo/shared/list';
import { TRANSACTION_VIEW_DEFS, type TTransactionView, type ZTransactionExportRequest } from '@mbo/shared/transactions';
import { downloadFile } from '../../../platform/download';
import type { TListParamsOf } from '../../../platform/list-url-state';

/** Posts the list's filters; the server streams the file (name with the date range in Content-Disposition). */
export function exportTransactions(
  view: TTransactionView,
  filters: TListParamsOf<typeof ZTransactionExportRequest>,
  format: TExportFormat,
): Promise<boolean> {
  const def = TRANSACTION_VIEW_DEFS[view];
  return downloadFile(def.export, { ...filters, format }, `${def.filePrefix}_${filters.from ?? ''}_${filters.to ?? ''}.${format}`);
}
