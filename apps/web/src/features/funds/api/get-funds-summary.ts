import { useQuery } from '@tanstack/react-query';
import { FundsPath, type TFundsSummary } from '@mbo/shared/funds';
import { http } from '../../../platform/request';

/** Every query of a balance starts with this key: a withdrawal invalidates them all. */
export const fundsKey = ['funds'] as const;

export function getFundsSummary(): Promise<TFundsSummary> {
  return http.get<TFundsSummary>(FundsPath.summary);
}

export function useFundsSummary() {
  return useQuery({ queryKey: [...fundsKey, 'summary'], queryFn: getFundsSummary });
}
