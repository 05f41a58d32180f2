import { TRANSACTION_VIEW_DEFS, type TExportFormat, type TTransactionView } from '@mbo/shared/transactions';
import { downloadFile } from '../../../platform/download';

/** Posts the list's filters; the server streams the file (name with the date range in Content-Disposition). */
export function exportTransactions(view: TTransactionView, filters: Record<string, string>, format: TExportFormat): Promise<boolean> {
  const def = TRANSACTION_VIEW_DEFS[view];
  return downloadFile(def.export, { ...filters, format }, `${def.filePrefix}_${filters.from ?? ''}_${filters.to ?? ''}.${format}`);
}
