import { useMutation } from '@tanstack/react-query';
import type { TRemoveAccountBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Disables the person's logins and ends their sessions; businesses they own are kept. */
export function removeAccount(body: TRemoveAccountBody): Promise<null> {
  return http.post<null>(OnboardingPath.removeAccount, body);
}

export function useRemoveAccount() {
  return useMutation({ mutationFn: removeAccount });
}
