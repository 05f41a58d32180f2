import type { TExportFormat } from '@mbo/shared/list';
import { OperationLogPath, type ZOperationLogExport } from '@mbo/shared/operation-log';
import { downloadFile } from '../../../platform/download';
import type { TListParamsOf } from '../../../platform/list-url-state';

export const operationLogsKey = ['operationLogs'] as const;

export function exportOperationLogs(filters: TListParamsOf<typeof ZOperationLogExport>, format: TExportFormat | 'jsonl'): Promise<boolean> {
  return downloadFile(OperationLogPath.export, { ...filters, format }, `operation-log.${format}`);
}
