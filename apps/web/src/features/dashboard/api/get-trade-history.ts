import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardPath, type THistoryRange, type TTradeHistory } from '@mbo/shared/dashboard';
import { http } from '../../../platform/request';

export type TTradeHistoryFilter = { range: THistoryRange; currency: string };

export function getTradeHistory(query: TTradeHistoryFilter): Promise<TTradeHistory> {
  return http.get<TTradeHistory>(DashboardPath.tradeHistory, query);
}

export function getTradeHistoryQueryOptions(query: TTradeHistoryFilter) {
  return queryOptions({
    queryKey: ['dashboard', 'tradeHistory', query],
    queryFn: () => getTradeHistory(query),
    placeholderData: keepPreviousData,
    enabled: query.currency !== '',
  });
}

export function useTradeHistory(query: TTradeHistoryFilter) {
  return useQuery(getTradeHistoryQueryOptions(query));
}
