import { useMutation } from '@tanstack/react-query';
import type { TSessionInfo } from '@mbo/shared/auth';
import type { TUpgradeVerifyBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Both codes right: the login is linked to a person; same token, and the session info now has kycInfo. */
export function verifyUpgrade(body: TUpgradeVerifyBody): Promise<TSessionInfo> {
  return http.post<TSessionInfo>(OnboardingPath.upgradeVerify, body);
}

export function useVerifyUpgrade() {
  return useMutation({ mutationFn: verifyUpgrade });
}
