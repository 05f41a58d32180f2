import { queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardPath } from '@mbo/shared/dashboard';
import type { TMonitoring } from '@mbo/shared/reports';
import { http } from '../../../platform/request';

export function getMonitoringStatus(): Promise<TMonitoring> {
  return http.get<TMonitoring>(DashboardPath.monitoring);
}

export function getMonitoringStatusQueryOptions() {
  return queryOptions({ queryKey: ['dashboard', 'monitoring'], queryFn: getMonitoringStatus });
}

export function useMonitoringStatus() {
  return useQuery(getMonitoringStatusQueryOptions());
}
