import { DisputePath } from '@mbo/shared/disputes';
import { downloadFile } from '../../../platform/download';

export function exportDisputes(filters: Record<string, string>, format: 'csv' | 'xlsx'): Promise<boolean> {
  return downloadFile(DisputePath.export, { ...filters, format }, `disputes.${format}`);
}
