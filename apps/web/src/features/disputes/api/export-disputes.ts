import { DisputePath, type ZDisputeExportBody } from '@mbo/shared/disputes';
import type { TExportFormat } from '@mbo/shared/list';
import { downloadFile } from '../../../platform/download';
import type { TListParamsOf } from '../../../platform/list-url-state';

export function exportDisputes(filters: TListParamsOf<typeof ZDisputeExportBody>, format: TExportFormat): Promise<boolean> {
  return downloadFile(DisputePath.export, { ...filters, format }, `disputes.${format}`);
}
