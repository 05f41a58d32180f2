import { useMutation } from '@tanstack/react-query';
import type { TLoginResult } from '@mbo/shared/auth';
import type { TCreateBusinessBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Another business for the signed-in person (not activated); the session moves to it. */
export function createNewBusiness(body: TCreateBusinessBody): Promise<TLoginResult> {
  return http.post<TLoginResult>(OnboardingPath.createNewBusiness, body);
}

export function useCreateNewBusiness() {
  return useMutation({ mutationFn: createNewBusiness });
}
