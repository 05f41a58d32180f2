import { queryOptions, useQuery } from '@tanstack/react-query';
import { refundDetailPath, type TRefund } from '@mbo/shared/refunds';
import { http } from '../../../platform/request';

export function getRefundDetail(refundNo: string): Promise<TRefund> {
  return http.get<TRefund>(refundDetailPath(refundNo));
}

export function getRefundDetailQueryOptions(refundNo: string) {
  return queryOptions({ queryKey: ['refund', refundNo], queryFn: () => getRefundDetail(refundNo) });
}

export function useRefundDetail(refundNo: string | null) {
  return useQuery({ ...getRefundDetailQueryOptions(refundNo ?? ''), enabled: refundNo !== null });
}
