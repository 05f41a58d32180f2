import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DisputePath, type TDispute } from '@mbo/shared/disputes';
import type { TPage } from '@mbo/shared/paging';
import { http } from '../../../platform/request';

export type TDisputeListParams = Record<string, string | number>;

export function getDisputes(params: TDisputeListParams): Promise<TPage<TDispute>> {
  return http.get<TPage<TDispute>>(DisputePath.list, params);
}

export function getDisputesQueryOptions(params: TDisputeListParams) {
  return queryOptions({ queryKey: ['disputes', params], queryFn: () => getDisputes(params), placeholderData: keepPreviousData });
}

export function useDisputes(params: TDisputeListParams) {
  return useQuery(getDisputesQueryOptions(params));
}
