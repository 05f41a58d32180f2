import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReportPath, type TMonthReport } from '@mbo/shared/reports';
import { http } from '../../../platform/request';

export type TMonthReportFilter = { from: string; to: string; gatewayNo?: string; currency?: string };

export function getMonthReport(query: TMonthReportFilter): Promise<TMonthReport> {
  return http.get<TMonthReport>(ReportPath.monthList, query);
}

export function getMonthReportQueryOptions(query: TMonthReportFilter) {
  return queryOptions({ queryKey: ['reports', 'month', query], queryFn: () => getMonthReport(query), placeholderData: keepPreviousData });
}

export function useMonthReport(query: TMonthReportFilter) {
  return useQuery(getMonthReportQueryOptions(query));
}
