import { queryOptions, useQuery } from '@tanstack/react-query';
import { MerchantPath, type TMerchantDetails } from '@mbo/shared/system-merchant';
import { http } from '../../../platform/request';

export const merchantDetailsKey = ['merchantDetails'] as const;

export function getMerchantDetails(): Promise<TMerchantDetails> {
  return http.get<TMerchantDetails>(MerchantPath.details);
}

export function useMerchantDetails() {
  return useQuery(queryOptions({ queryKey: merchantDetailsKey, queryFn: getMerchantDetails }));
}
