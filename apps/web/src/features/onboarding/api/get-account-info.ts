import { queryOptions, useQuery } from '@tanstack/react-query';
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
