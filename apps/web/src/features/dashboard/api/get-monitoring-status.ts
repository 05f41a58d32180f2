import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardPath } from '@mbo/shared/dashboard';
import type { TProgrammes } from '@mbo/shared/programmes';
import { http } from '../../../platform/request';

export function getMonitoringStatus(): Promise<TProgrammes> {
  return http.get<TProgrammes>(DashboardPath.monitoring);
}

export function getMonitoringStatusQueryOptions() {
  return queryOptions({ queryKey: ['dashboard', 'monitoring'], queryFn: getMonitoringStatus });
}

export function useMonitoringStatus() {
  return useQuery(getMonitoringStatusQueryOptions());
}
