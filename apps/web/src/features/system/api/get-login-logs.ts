import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@mbo/shared/api-paths';
import type { TPage } from '@mbo/shared/paging';
import type { TLoginLog } from '@mbo/shared/system';
import { http } from '../../../platform/request';

export type TLoginLogQuery = { page: number; limit: number; success?: boolean };

export function getLoginLogs(query: TLoginLogQuery): Promise<TPage<TLoginLog>> {
  return http.get<TPage<TLoginLog>>(ApiPath.loginLogs, query);
}

export function getLoginLogsQueryOptions(query: TLoginLogQuery) {
  return queryOptions({ queryKey: ['loginLogs', query], queryFn: () => getLoginLogs(query), placeholderData: keepPreviousData });
}

export function useLoginLogs(query: TLoginLogQuery) {
  return useQuery(getLoginLogsQueryOptions(query));
}
