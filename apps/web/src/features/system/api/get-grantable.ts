import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminPath, type TGrantable } from '@mbo/shared/system-admins';
import { http } from '../../../platform/request';

export const grantableKey = ['adminGrantable'] as const;

export function getGrantable(): Promise<TGrantable> {
  return http.get<TGrantable>(AdminPath.grantable);
}

/** The roles and gateways the signed-in person may give (their own reach). */
export function useGrantable(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: grantableKey, queryFn: getGrantable, enabled }));
}
