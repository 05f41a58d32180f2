import { useMutation } from '@tanstack/react-query';
import type { TCodeSent, TSendCodeBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** A code to the signed-in person's own mobile (default) or email: second step, 2FA switch, email change, removal. */
export function sendSessionCode(body: TSendCodeBody): Promise<TCodeSent> {
  return http.post<TCodeSent>(OnboardingPath.sendCode, body);
}

export function useSendSessionCode() {
  return useMutation({ mutationFn: sendSessionCode });
}
