import { useMutation } from '@tanstack/react-query';
import type { TResetPwdBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Sets the new password on every login of the person; the server ends all of their sessions. */
export function resetPassword(body: TResetPwdBody): Promise<null> {
  // Silent: an expired or used token is shown beside the form, with a way to ask for a new one.
  return http.post<null>(OnboardingPath.resetPwd, body, { noToken: true, silent: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
