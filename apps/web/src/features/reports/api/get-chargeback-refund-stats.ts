import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReportPath, type TChargebackRefundStats } from '@mbo/shared/reports';
import { http } from '../../../platform/request';

export type TStatsFilter = { from: string; to: string; cardScheme?: string };

export function getChargebackRefundStats(query: TStatsFilter): Promise<TChargebackRefundStats> {
  return http.get<TChargebackRefundStats>(ReportPath.chargebackRefundList, query);
}

export function getChargebackRefundStatsQueryOptions(query: TStatsFilter) {
  return queryOptions({
    queryKey: ['reports', 'chargebackRefund', query],
    queryFn: () => getChargebackRefundStats(query),
    placeholderData: keepPreviousData,
  });
}

export function useChargebackRefundStats(query: TStatsFilter) {
  return useQuery(getChargebackRefundStatsQueryOptions(query));
}
