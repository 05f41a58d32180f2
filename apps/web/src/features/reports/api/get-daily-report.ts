import { ReportPath, type TDailyReport, type ZDailyReportQuery } from '@mbo/shared/reports';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';

export const dailyReportKey = ['reports', 'daily'] as const;

export function getDailyReport(params: TListParamsOf<typeof ZDailyReportQuery>): Promise<TDailyReport> {
  return http.get<TDailyReport>(ReportPath.dailyList, params);
}
