import { useMutation } from '@tanstack/react-query';
import { ApiPath } from '@mbo/shared/api-paths';
import type { TLoginResult, TSwitchBusinessBody } from '@mbo/shared/auth';
import { http } from '../../../platform/request';

/** Opens a new session for the chosen business; the old one ends. */
export function switchBusiness(body: TSwitchBusinessBody): Promise<TLoginResult> {
  return http.post<TLoginResult>(ApiPath.switchBusiness, body);
}

export function useSwitchBusiness() {
  return useMutation({ mutationFn: switchBusiness });
}
