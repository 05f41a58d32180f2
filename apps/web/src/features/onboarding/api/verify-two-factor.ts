import { useMutation } from '@tanstack/react-query';
import type { TLoginResult } from '@mbo/shared/auth';
import type { TTwoFAVerifyBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** The second step: a right code answers a new session (requires2FA 0); the old token is revoked. */
export function verifyTwoFactor(body: TTwoFAVerifyBody): Promise<TLoginResult> {
  return http.post<TLoginResult>(OnboardingPath.twoFAVerify, body);
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
