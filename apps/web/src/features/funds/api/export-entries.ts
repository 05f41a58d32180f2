import { FundsPath, type ZEntryExportBody } from '@mbo/shared/funds';
import type { TExportFormat } from '@mbo/shared/list';
import { downloadFile } from '../../../platform/download';
import type { TListParamsOf } from '../../../platform/list-url-state';

export function exportEntries(filters: TListParamsOf<typeof ZEntryExportBody>, format: TExportFormat): Promise<boolean> {
  return downloadFile(FundsPath.entryExport, { ...filters, format }, `entries.${format}`);
}
