import type { TLoginResult } from '@mbo/shared/auth';
import type { TSsoLoginBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Exchanges a single-use SSO ticket (60 s) for a session. Silent: the page shows the server's message. */
export function loginBySysAdmin(body: TSsoLoginBody): Promise<TLoginResult> {
  return http.post<TLoginResult>(OnboardingPath.loginBySysAdmin, body, { noToken: true, silent: true });
}

const pending = new Map<string, Promise<TLoginResult>>();

/**
 * One exchange per ticket for the page's lifetime. Not a cached query: the ticket is spent by the
 * first call, so StrictMode's second effect run (or a remount) must share that call, and storing
 * the session clears the query cache that would otherwise hold it.
 */
export function loginBySysAdminOnce(ticket: string): Promise<TLoginResult> {
  let call = pending.get(ticket);
  if (!call) {
    call = loginBySysAdmin({ ticket });
    pending.set(ticket, call);
  }
  return call;
}
