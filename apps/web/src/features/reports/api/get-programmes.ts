import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProgrammePath, type TProgrammes } from '@mbo/shared/programmes';
import { http } from '../../../platform/request';

export function getProgrammes(): Promise<TProgrammes> {
  return http.get<TProgrammes>(ProgrammePath.status);
}

export function getProgrammesQueryOptions() {
  return queryOptions({ queryKey: ['reports', 'programmes'], queryFn: getProgrammes });
}

export function useProgrammes() {
  return useQuery(getProgrammesQueryOptions());
}
