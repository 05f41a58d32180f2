import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@mbo/shared/api-paths';
import type { TMerchantSummary } from '@mbo/shared/system';
import { http } from '../../../platform/request';

export function getMerchantSummary(): Promise<TMerchantSummary> {
  return http.get<TMerchantSummary>(ApiPath.merchantSummary);
}

export function getMerchantSummaryQueryOptions() {
  return queryOptions({ queryKey: ['merchant', 'summary'], queryFn: getMerchantSummary });
}

export function useMerchantSummary() {
  return useQuery(getMerchantSummaryQueryOptions());
}
