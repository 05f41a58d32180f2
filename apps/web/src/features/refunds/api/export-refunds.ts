import { RefundPath } from '@mbo/shared/refunds';
import { downloadFile } from '../../../platform/download';

export function exportRefunds(filters: Record<string, string>, format: 'csv' | 'xlsx'): Promise<boolean> {
  return downloadFile(RefundPath.export, { ...filters, format }, `refunds.${format}`);
}
