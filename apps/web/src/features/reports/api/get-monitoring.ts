import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportPath, type TMonitoring } from '@mbo/shared/reports';
import { http } from '../../../platform/request';

export function getMonitoring(): Promise<TMonitoring> {
  return http.get<TMonitoring>(ReportPath.monitoring);
}

export function getMonitoringQueryOptions() {
  return queryOptions({ queryKey: ['reports', 'monitoring'], queryFn: getMonitoring });
}

export function useMonitoring() {
  return useQuery(getMonitoringQueryOptions());
}
