import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPage } from '@mbo/shared/paging';
import { RefundPath, type TRefund } from '@mbo/shared/refunds';
import { http } from '../../../platform/request';

export type TRefundListParams = Record<string, string | number>;

export function getRefunds(params: TRefundListParams): Promise<TPage<TRefund>> {
  return http.get<TPage<TRefund>>(RefundPath.list, params);
}

export function getRefundsQueryOptions(params: TRefundListParams) {
  return queryOptions({ queryKey: ['refunds', params], queryFn: () => getRefunds(params), placeholderData: keepPreviousData });
}

export function useRefunds(params: TRefundListParams) {
  return useQuery(getRefundsQueryOptions(params));
}
