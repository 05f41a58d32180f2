import type { TExportFormat } from '@mbo/shared/list';
import { RefundPath, type ZRefundExportBody } from '@mbo/shared/refunds';
import { downloadFile } from '../../../platform/download';
import type { TListParamsOf } from '../../../platform/list-url-state';

export function exportRefunds(filters: TListParamsOf<typeof ZRefundExportBody>, format: TExportFormat): Promise<boolean> {
  return downloadFile(RefundPath.export, { ...filters, format }, `refunds.${format}`);
}
