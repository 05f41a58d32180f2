import { withdrawCancelPath, type TWithdrawResult } from '@mbo/shared/funds';
import { useRefetchingMutation } from '../../../platform/refetching-mutation';
import { http } from '../../../platform/request';
import { fundsKey } from './get-funds-summary';

export function cancelWithdrawal(withdrawalNo: string): Promise<TWithdrawResult> {
  return http.post<TWithdrawResult>(withdrawCancelPath(withdrawalNo), {});
}

export const useCancelWithdrawal = () => useRefetchingMutation(cancelWithdrawal, fundsKey);
