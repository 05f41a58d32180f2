import { useMutation } from '@tanstack/react-query';
import { ApiPath } from '@mbo/shared/api-paths';
import type { TUpdatePasswordBody } from '@mbo/shared/auth';
import { http } from '../../../platform/request';

export function updatePassword(body: TUpdatePasswordBody): Promise<null> {
  return http.post<null>(ApiPath.updatePassword, body);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
