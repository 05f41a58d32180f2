import type { TTwoFAToggleBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';
import { useAccountChange } from './get-account-info';

export function toggleTwoFactor(body: TTwoFAToggleBody): Promise<null> {
  return http.post<null>(OnboardingPath.twoFAToggle, body);
}

export function useToggleTwoFactor() {
  return useAccountChange(toggleTwoFactor);
}
