import { FundsPath } from '@mbo/shared/funds';
import type { TExportFormat } from '@mbo/shared/list';
import { downloadFile } from '../../../platform/download';

export function exportPending(gatewayNo: string, format: TExportFormat): Promise<boolean> {
  return downloadFile(FundsPath.pendingExport, { ...(gatewayNo ? { gatewayNo } : {}), format }, `settlement-cycle.${format}`);
}
