import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTwoFAToggleBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';
import { getAccountInfoQueryOptions } from './get-account-info';

export function toggleTwoFactor(body: TTwoFAToggleBody): Promise<null> {
  return http.post<null>(OnboardingPath.twoFAToggle, body);
}

export function useToggleTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: toggleTwoFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: getAccountInfoQueryOptions().queryKey }),
  });
}
