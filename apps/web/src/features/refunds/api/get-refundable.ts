import { queryOptions, useQuery } from '@tanstack/react-query';
import { refundablePath, type TRefundable } from '@mbo/shared/refunds';
import { http } from '../../../platform/request';

export function getRefundable(tradeNo: string): Promise<TRefundable> {
  // The dialog shows the failure next to the order number itself.
  return http.get<TRefundable>(refundablePath(tradeNo), undefined, { silent: true });
}

export function getRefundableQueryOptions(tradeNo: string) {
  return queryOptions({ queryKey: ['refundable', tradeNo], queryFn: () => getRefundable(tradeNo), staleTime: 0 });
}

export function useRefundable(tradeNo: string | null) {
  return useQuery({ ...getRefundableQueryOptions(tradeNo ?? ''), enabled: tradeNo !== null && tradeNo !== '' });
}
