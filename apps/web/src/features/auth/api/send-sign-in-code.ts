import type { TCaptchaBody, TCodeSent } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';
import { useAction, type TActionOptions } from '../../../platform/use-action';

type TSignInCodeRequest = Omit<TCaptchaBody, 'purpose'>;

/** A sign-in code to a registered email or mobile; an email that is not verified yet is refused. */
export function sendSignInCode(body: TSignInCodeRequest): Promise<TCodeSent> {
  // Silent: the code sign-in form shows the server's message beside the form.
  return http.post<TCodeSent>(OnboardingPath.captchaSms, { purpose: 'signIn', ...body } satisfies TCaptchaBody, {
    noToken: true,
    silent: true,
  });
}

/** Not a react-query mutation: the sign-in page is served before the query client is loaded. */
export function useSendSignInCode(options?: TActionOptions) {
  return useAction(sendSignInCode, options);
}
