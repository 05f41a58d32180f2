import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInvitationInfo } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Silent: an expired or used link is the page's content, not a toast. */
export function getInvitationInfo(token: string): Promise<TInvitationInfo> {
  return http.get<TInvitationInfo>(OnboardingPath.invitationInfo, { token }, { noToken: true, silent: true });
}

export function getInvitationInfoQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['onboarding', 'invitation', token],
    queryFn: () => getInvitationInfo(token),
    enabled: token !== '',
    staleTime: Infinity,
  });
}

export function useInvitationInfo(token: string) {
  return useQuery(getInvitationInfoQueryOptions(token));
}
