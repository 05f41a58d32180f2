import type { TLoginResult } from '@mbo/shared/auth';
import { UnlockPath } from '@mbo/shared/sign-in-lock';
import type { TUnlockBody, TUnlockSendCodeBody } from '@mbo/shared/sign-in-unlock';
import { http } from '../../../platform/request';
import { useAction, type TActionOptions } from '../../../platform/use-action';

/**
 * Asks for an unlock code. The server answers the same whatever was typed; the code goes to the
 * account's mobile (else its verified email) only when the account exists, is locked and the password
 * is right.
 */
export function sendUnlockCode(body: TUnlockSendCodeBody): Promise<null> {
  // Silent: the unlock form shows failures (a wait before another try) beside itself.
  return http.post<null>(UnlockPath.sendCode, body, { noToken: true, silent: true });
}

/** The right password and code clear the lock and sign in: answers what admin/login answers. */
export function unlockAndSignIn(body: TUnlockBody): Promise<TLoginResult> {
  return http.post<TLoginResult>(UnlockPath.unlock, body, { noToken: true, silent: true });
}

/** Not react-query mutations: the sign-in page is served before the query client is loaded. */
export function useSendUnlockCode(options?: TActionOptions) {
  return useAction(sendUnlockCode, options);
}

export function useUnlock(options?: TActionOptions) {
  return useAction(unlockAndSignIn, options);
}
