import { FundsPath, type TWithdrawApply, type TWithdrawOutcome } from '@mbo/shared/funds';
import { useRefetchingMutation } from '../../../platform/refetching-mutation';
import { http } from '../../../platform/request';
import { fundsKey } from './get-funds-summary';

export function applyWithdrawal(body: TWithdrawApply): Promise<TWithdrawOutcome> {
  return http.post<TWithdrawOutcome>(FundsPath.withdrawApply, body, { idempotent: true });
}

/** On success every balance and the withdrawal list are fetched again. */
export const useApplyWithdrawal = () => useRefetchingMutation(applyWithdrawal, fundsKey);
