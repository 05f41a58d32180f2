import { useMutation } from '@tanstack/react-query';
import type { TResendVerifyEmailBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Always answers success; nothing is sent to an unknown or already verified address. */
export function resendVerifyEmail(body: TResendVerifyEmailBody): Promise<null> {
  return http.post<null>(OnboardingPath.resendVerifyEmail, body, { noToken: true });
}

export function useResendVerifyEmail() {
  return useMutation({ mutationFn: resendVerifyEmail });
}
