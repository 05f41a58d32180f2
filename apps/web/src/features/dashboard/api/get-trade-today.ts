import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardPath, type TTradeToday } from '@mbo/shared/dashboard';
import { http } from '../../../platform/request';

export function getTradeToday(): Promise<TTradeToday> {
  return http.get<TTradeToday>(DashboardPath.tradeToday);
}

export function getTradeTodayQueryOptions() {
  return queryOptions({ queryKey: ['dashboard', 'tradeToday'], queryFn: getTradeToday });
}

export function useTradeToday() {
  return useQuery(getTradeTodayQueryOptions());
}
