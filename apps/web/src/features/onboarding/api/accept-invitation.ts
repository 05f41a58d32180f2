import { useMutation } from '@tanstack/react-query';
import type { TLoginResult } from '@mbo/shared/auth';
import type { TAcceptInvitationBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Sets the invitee's name and password and signs them in. */
export function acceptInvitation(body: TAcceptInvitationBody): Promise<TLoginResult> {
  return http.post<TLoginResult>(OnboardingPath.acceptInvitation, body, { noToken: true });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
