import { FundsPath, type ZBatchExportBody } from '@mbo/shared/funds';
import type { TExportFormat } from '@mbo/shared/list';
import { downloadFile } from '../../../platform/download';
import type { TListParamsOf } from '../../../platform/list-url-state';

export function exportBatches(filters: TListParamsOf<typeof ZBatchExportBody>, format: TExportFormat): Promise<boolean> {
  return downloadFile(FundsPath.batchExport, { ...filters, format }, `credits.${format}`);
}
