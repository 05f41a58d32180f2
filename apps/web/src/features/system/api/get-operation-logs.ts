import type { TExportFormat, TListPage } from '@mbo/shared/list';
import { OperationLogPath, type TOperationLog, type ZOperationLogExport, type ZOperationLogListQuery } from '@mbo/shared/operation-log';
import { downloadFile } from '../../../platform/download';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';

export const operationLogsKey = ['operationLogs'] as const;

export function getOperationLogs(params: TListParamsOf<typeof ZOperationLogListQuery>): Promise<TListPage<TOperationLog>> {
  return http.get<TListPage<TOperationLog>>(OperationLogPath.list, params);
}

export function exportOperationLogs(filters: TListParamsOf<typeof ZOperationLogExport>, format: TExportFormat | 'jsonl'): Promise<boolean> {
  return downloadFile(OperationLogPath.export, { ...filters, format }, `operation-log.${format}`);
}
