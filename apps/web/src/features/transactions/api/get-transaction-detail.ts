import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRANSACTION_VIEW_DEFS, type TTransactionDetail, type TTransactionView } from '@mbo/shared/transactions';
import { http, pathWith } from '../../../platform/request';

export function getTransactionDetail(view: TTransactionView, tradeNo: string): Promise<TTransactionDetail> {
  return http.get<TTransactionDetail>(pathWith(TRANSACTION_VIEW_DEFS[view].detail, { tradeNo }));
}

export function getTransactionDetailQueryOptions(view: TTransactionView, tradeNo: string) {
  return queryOptions({ queryKey: ['transactionDetail', view, tradeNo], queryFn: () => getTransactionDetail(view, tradeNo) });
}

export function useTransactionDetail(view: TTransactionView, tradeNo: string | null) {
  return useQuery({ ...getTransactionDetailQueryOptions(view, tradeNo ?? ''), enabled: tradeNo !== null });
}
