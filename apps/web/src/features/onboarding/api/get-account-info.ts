import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAccountInfo } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

export function getAccountInfo(): Promise<TAccountInfo> {
  return http.get<TAccountInfo>(OnboardingPath.accountInfo);
}

export function getAccountInfoQueryOptions() {
  return queryOptions({ queryKey: ['onboarding', 'accountInfo'], queryFn: getAccountInfo });
}

export function useAccountInfo() {
  return useQuery(getAccountInfoQueryOptions());
}

/** A change to the person's own account (email, mobile, two-factor): once it succeeds, the account is read again. */
export function useAccountChange<TBody>(send: (body: TBody) => Promise<null>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: getAccountInfoQueryOptions().queryKey }),
  });
}
