import { useMutation } from '@tanstack/react-query';
import type { TResetPwdVerifySmsBody, TResetToken } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Trades a right SMS code for a reset token (10 minutes). */
export function verifyResetSmsCode(body: TResetPwdVerifySmsBody): Promise<TResetToken> {
  return http.post<TResetToken>(OnboardingPath.resetPwdVerifySmsCode, body, { noToken: true });
}

export function useVerifyResetSmsCode() {
  return useMutation({ mutationFn: verifyResetSmsCode });
}
