import { useMutation } from '@tanstack/react-query';
import type { TResetPwdSendEmailBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Mails a reset link (30 minutes, single use); the answer is the same whether or not the address is known. */
export function sendResetEmail(body: TResetPwdSendEmailBody): Promise<null> {
  return http.post<null>(OnboardingPath.resetPwdSendEmail, body, { noToken: true });
}

export function useSendResetEmail() {
  return useMutation({ mutationFn: sendResetEmail });
}
