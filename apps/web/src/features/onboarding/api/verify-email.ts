import type { TVerifyEmailBody, TVerifyEmailResult } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Silent: the page shows the outcome, including the server's "link expired" message. */
export function verifyEmail(body: TVerifyEmailBody): Promise<TVerifyEmailResult> {
  return http.post<TVerifyEmailResult>(OnboardingPath.verifyEmail, body, { noToken: true, silent: true });
}

const pending = new Map<string, Promise<TVerifyEmailResult>>();

/**
 * One call per link token for the page's lifetime: the token is single use, so StrictMode's second
 * effect run (or a remount) shares the first call instead of spending the token twice.
 */
export function verifyEmailOnce(token: string): Promise<TVerifyEmailResult> {
  let call = pending.get(token);
  if (!call) {
    call = verifyEmail({ token });
    pending.set(token, call);
  }
  return call;
}
