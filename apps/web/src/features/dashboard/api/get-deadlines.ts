import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardPath, type TDeadlines } from '@mbo/shared/dashboard';
import { http } from '../../../platform/request';

export function getDeadlines(): Promise<TDeadlines> {
  return http.get<TDeadlines>(DashboardPath.deadlines);
}

export function getDeadlinesQueryOptions() {
  return queryOptions({ queryKey: ['dashboard', 'deadlines'], queryFn: getDeadlines });
}

export function useDeadlines() {
  return useQuery(getDeadlinesQueryOptions());
}
