import { useMutation } from '@tanstack/react-query';
import type { TChangePhoneSendSmsBody, TCodeSent } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** A code by SMS to the new mobile number. */
export function sendChangePhoneCode(body: TChangePhoneSendSmsBody): Promise<TCodeSent> {
  return http.post<TCodeSent>(OnboardingPath.changePhoneSendSms, body);
}

export function useSendChangePhoneCode() {
  return useMutation({ mutationFn: sendChangePhoneCode });
}
