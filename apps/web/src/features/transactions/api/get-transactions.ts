import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TRANSACTION_VIEW_DEFS, type TTransactionPage, type TTransactionView } from '@mbo/shared/transactions';
import { http } from '../../../platform/request';

/** Query-string values as the list route reads them (blank values are left out by the request client). */
export type TTransactionListParams = Record<string, string | number | undefined>;

export function getTransactions(view: TTransactionView, params: TTransactionListParams): Promise<TTransactionPage> {
  return http.get<TTransactionPage>(TRANSACTION_VIEW_DEFS[view].list, params);
}

export function getTransactionsQueryOptions(view: TTransactionView, params: TTransactionListParams) {
  return queryOptions({
    queryKey: ['transactions', view, params],
    queryFn: () => getTransactions(view, params),
    placeholderData: keepPreviousData,
  });
}

export function useTransactions(view: TTransactionView, params: TTransactionListParams) {
  return useQuery(getTransactionsQueryOptions(view, params));
}
