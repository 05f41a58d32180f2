import type { TChangeEmailBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';
import { useAccountChange } from './get-account-info';

/** The new address replaces the old one at once, unverified until the link mailed to it is opened. */
export function changeEmail(body: TChangeEmailBody): Promise<null> {
  return http.post<null>(OnboardingPath.changeEmail, body);
}

export function useChangeEmail() {
  return useAccountChange(changeEmail);
}
