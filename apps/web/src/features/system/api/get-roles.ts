import type { TListPage } from '@mbo/shared/list';
import { RolePath, type TRole, type ZRoleListQuery } from '@mbo/shared/system-roles';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';

/** Key of every role list query: saving or deleting a role invalidates it. */
export const rolesKey = ['roles'] as const;

export function getRoles(params: TListParamsOf<typeof ZRoleListQuery>): Promise<TListPage<TRole>> {
  return http.get<TListPage<TRole>>(RolePath.list, params);
}
