import type { TLoginResult } from '@mbo/shared/auth';
import type { TSignInBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';
import { useAction, type TActionOptions } from '../../../platform/use-action';

/** Sign-in by email or mobile and a code; answers what admin/login answers. */
export function signInByCode(body: TSignInBody): Promise<TLoginResult> {
  // Silent: the form shows the server's message (e.g. email sign-in before the email is verified).
  return http.post<TLoginResult>(OnboardingPath.signIn, body, { noToken: true, silent: true });
}

/** Not a react-query mutation: the sign-in page is served before the query client is loaded. */
export function useSignInByCode(options?: TActionOptions) {
  return useAction(signInByCode, options);
}
