import { RolePath, type TRoleBody } from '@mbo/shared/system-roles';
import { useRefetchingMutation } from '../../../platform/refetching-mutation';
import { http } from '../../../platform/request';
import { grantableKey } from './get-grantable';
import { rolesKey } from './get-roles';

export function saveRole(body: TRoleBody & { roleId?: number }): Promise<{ roleId: number }> {
  return http.post<{ roleId: number }>(body.roleId === undefined ? RolePath.add : RolePath.update, body);
}

export function deleteRole(roleId: number): Promise<null> {
  return http.post<null>(RolePath.delete, { roleId });
}

function useRoleMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefetchingMutation(fn, rolesKey, grantableKey);
}

export const useSaveRole = () => useRoleMutation(saveRole);
export const useDeleteRole = () => useRoleMutation(deleteRole);
