import { useQuery } from '@tanstack/react-query';
import { FundsPath, type TWithdrawOptions } from '@mbo/shared/funds';
import { http } from '../../../platform/request';
import { fundsKey } from './get-funds-summary';

export function getWithdrawOptions(): Promise<TWithdrawOptions> {
  return http.get<TWithdrawOptions>(FundsPath.withdrawOptions);
}

export function useWithdrawOptions(enabled: boolean) {
  return useQuery({ queryKey: [...fundsKey, 'withdrawOptions'], queryFn: getWithdrawOptions, enabled });
}
