import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { batchItemsPath, type TBatchItems } from '@mbo/shared/funds';
import { http } from '../../../platform/request';
import { fundsKey } from './get-funds-summary';

export function getBatchItems(batchNo: string, page: number, limit: number): Promise<TBatchItems> {
  return http.get<TBatchItems>(batchItemsPath(batchNo), { page: String(page), limit: String(limit) });
}

export function useBatchItems(batchNo: string | null, page: number, limit: number) {
  return useQuery({
    queryKey: [...fundsKey, 'batchItems', batchNo, page, limit],
    queryFn: () => getBatchItems(batchNo ?? '', page, limit),
    enabled: batchNo !== null,
    placeholderData: keepPreviousData,
  });
}
