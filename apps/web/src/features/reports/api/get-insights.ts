import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { InsightsPath, type TReportInsights } from '@mbo/shared/report-insights';
import { http } from '../../../platform/request';

export type TInsightsKind = 'daily' | 'monthly';

/** The report's own filters: the range (days or months) and the optional gateway number and currency. */
export type TInsightsFilter = { from: string; to: string; gatewayNo?: string | undefined; currency?: string | undefined };

export function getInsights(kind: TInsightsKind, filter: TInsightsFilter): Promise<TReportInsights> {
  return http.get<TReportInsights>(InsightsPath[kind], filter);
}

/** The insights of the filters the report's table shows (same key shape as the table's, under 'insights'). */
export function useInsights(kind: TInsightsKind, filter: TInsightsFilter) {
  return useQuery({
    queryKey: ['reports', 'insights', kind, filter],
    queryFn: () => getInsights(kind, filter),
    placeholderData: keepPreviousData,
  });
}
