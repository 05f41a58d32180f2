import { queryOptions, useQuery } from '@tanstack/react-query';
import { FundsPath } from '@mbo/shared/funds-paths';
import type { TFundsCard } from '@mbo/shared/funds';
import { http } from '../../../platform/request';

export function getFundsCard(): Promise<TFundsCard> {
  return http.get<TFundsCard>(FundsPath.card);
}

export function getFundsCardQueryOptions() {
  return queryOptions({ queryKey: ['funds', 'card'], queryFn: getFundsCard });
}

export function useFundsCard() {
  return useQuery(getFundsCardQueryOptions());
}
