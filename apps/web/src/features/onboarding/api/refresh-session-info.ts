import { useMutation } from '@tanstack/react-query';
import { ApiPath } from '@mbo/shared/api-paths';
import type { TSessionInfo } from '@mbo/shared/auth';
import { http } from '../../../platform/request';
import { storeSessionInfo } from '../../../platform/session';

/**
 * Reads user info again and keeps it, so that the stored kycInfo (business status, initial-login
 * flag) follows an approval and the navigation guard lets the person into the back office.
 */
export async function refreshSessionInfo(): Promise<TSessionInfo> {
  const info = await http.get<TSessionInfo>(ApiPath.getInfo, undefined, { silent: true });
  storeSessionInfo(info);
  return info;
}

export function useRefreshSessionInfo() {
  return useMutation({ mutationFn: refreshSessionInfo });
}
