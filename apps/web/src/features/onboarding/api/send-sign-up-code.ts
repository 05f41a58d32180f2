import { useMutation } from '@tanstack/react-query';
import type { TCaptchaBody, TCodeSent } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** The sign-up code: by SMS to the mobile being registered (captchaSms, purpose signup). */
export function sendSignUpCode(mobile: string): Promise<TCodeSent> {
  const body: TCaptchaBody = { purpose: 'signup', channel: 'sms', target: mobile };
  return http.post<TCodeSent>(OnboardingPath.captchaSms, body, { noToken: true });
}

export function useSendSignUpCode() {
  return useMutation({ mutationFn: sendSignUpCode });
}
