import { FundsPath, type TWithdrawal, type ZWithdrawalListQuery } from '@mbo/shared/funds';
import type { TListPage } from '@mbo/shared/list';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';
import { fundsKey } from './get-funds-summary';

export const withdrawalsKey = [...fundsKey, 'withdrawals'] as const;

export function getWithdrawals(params: TListParamsOf<typeof ZWithdrawalListQuery>): Promise<TListPage<TWithdrawal>> {
  return http.get<TListPage<TWithdrawal>>(FundsPath.withdrawList, params);
}
