import { ApiPath } from '@mbo/shared/api-paths';
import type { TLoginBody, TLoginResult } from '@mbo/shared/auth';
import { http } from '../../../platform/request';
import { useAction, type TActionOptions } from '../../../platform/use-action';

export function login(body: TLoginBody): Promise<TLoginResult> {
  return http.post<TLoginResult>(ApiPath.login, body, { noToken: true });
}

/** Not a react-query mutation: the sign-in page is served before the query client is loaded. */
export function useLogin(options?: TActionOptions) {
  return useAction(login, options);
}
