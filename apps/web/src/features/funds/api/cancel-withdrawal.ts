import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawCancelPath, type TWithdrawResult } from '@mbo/shared/funds';
import { http } from '../../../platform/request';
import { fundsKey } from './get-funds-summary';

export function cancelWithdrawal(withdrawalNo: string): Promise<TWithdrawResult> {
  return http.post<TWithdrawResult>(withdrawCancelPath(withdrawalNo), {});
}

export function useCancelWithdrawal() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelWithdrawal, onSuccess: () => client.invalidateQueries({ queryKey: fundsKey }) });
}
