import type { TListPage } from '@mbo/shared/list';
import { TRANSACTION_VIEW_DEFS, type TTransactionRow, type TTransactionView, type ZTransactionListQuery } from '@mbo/shared/transactions';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';

/** Key of one view's list queries (`['transactions', view]`). */
export const transactionsKey = (view: TTransactionView) => ['transactions', view] as const;

export function getTransactions(
  view: TTransactionView,
  params: TListParamsOf<typeof ZTransactionListQuery>,
): Promise<TListPage<TTransactionRow>> {
  return http.get<TListPage<TTransactionRow>>(TRANSACTION_VIEW_DEFS[view].list, params);
}
