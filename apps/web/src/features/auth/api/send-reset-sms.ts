import { useMutation } from '@tanstack/react-query';
import type { TCodeSent, TResetPwdSendSmsBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** A reset code by SMS to the mobile (the answer is the same for an unknown number). */
export function sendResetSms(body: TResetPwdSendSmsBody): Promise<TCodeSent> {
  return http.post<TCodeSent>(OnboardingPath.resetPwdSendSms, body, { noToken: true });
}

export function useSendResetSms() {
  return useMutation({ mutationFn: sendResetSms });
}
