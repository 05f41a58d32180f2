import { useMutation } from '@tanstack/react-query';
import type { TLoginResult } from '@mbo/shared/auth';
import type { TSignUpBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Creates the person, a business that is not activated yet, and a session; mails the verification link. */
export function signUp(body: TSignUpBody): Promise<TLoginResult> {
  return http.post<TLoginResult>(OnboardingPath.signUp, body, { noToken: true });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
