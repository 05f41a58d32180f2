import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReportPath, type TDailyReport } from '@mbo/shared/reports';
import { http } from '../../../platform/request';

export type TDailyReportFilter = { from: string; to: string; gatewayNo?: string; currency?: string; page: number; limit: number };

export function getDailyReport(query: TDailyReportFilter): Promise<TDailyReport> {
  return http.get<TDailyReport>(ReportPath.dailyList, query);
}

export function getDailyReportQueryOptions(query: TDailyReportFilter) {
  return queryOptions({ queryKey: ['reports', 'daily', query], queryFn: () => getDailyReport(query), placeholderData: keepPreviousData });
}

export function useDailyReport(query: TDailyReportFilter) {
  return useQuery(getDailyReportQueryOptions(query));
}
