import { useMutation } from '@tanstack/react-query';
import type { TCodeSent, TUpgradeSendCodeBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Account upgrade: a code to the email or the mobile the old account adds. */
export function sendUpgradeCode(body: TUpgradeSendCodeBody): Promise<TCodeSent> {
  return http.post<TCodeSent>(OnboardingPath.upgradeSendCode, body);
}

export function useSendUpgradeCode() {
  return useMutation({ mutationFn: sendUpgradeCode });
}
