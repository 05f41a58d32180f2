import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { batchItemsPath, type TBatchItems } from '@mbo/shared/funds';
import { http } from '../../../platform/request';
import { fundsKey } from './get-funds-summary';

export function getBatchItems(batchNo: string, page: number, limit: number, tradeNo: string): Promise<TBatchItems> {
  return http.get<TBatchItems>(batchItemsPath(batchNo), { page: String(page), limit: String(limit), ...(tradeNo ? { tradeNo } : {}) });
}

export function useBatchItems(batchNo: string | null, page: number, limit: number, tradeNo: string) {
  return useQuery({
    queryKey: [...fundsKey, 'batchItems', batchNo, page, limit, tradeNo],
    queryFn: () => getBatchItems(batchNo ?? '', page, limit, tradeNo),
    enabled: batchNo !== null,
    placeholderData: keepPreviousData,
  });
}
