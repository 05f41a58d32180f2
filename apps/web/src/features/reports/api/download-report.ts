import type { TExportFormat } from '@mbo/shared/list';
import { ReportPath } from '@mbo/shared/reports';
import { downloadFile } from '../../../platform/download';

type TRangeFilter = { from?: string; to?: string; gatewayNo?: string; currency?: string };

/** The same filters as the screen, as a CSV or XLSX file named by the server with the range. */
export function downloadMonthReport(filter: TRangeFilter, format: TExportFormat): Promise<boolean> {
  return downloadFile(ReportPath.monthDownload, { ...filter, format }, `trade-monthly_${filter.from ?? ''}_${filter.to ?? ''}.${format}`);
}
