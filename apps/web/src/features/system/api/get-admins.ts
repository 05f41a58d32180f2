import type { TListPage } from '@mbo/shared/list';
import { AdminPath, type TAdminRow, type ZAdminListQuery } from '@mbo/shared/system-admins';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';

/** Key of every administrator list query: each change to an administrator invalidates it. */
export const adminsKey = ['admins'] as const;

export function getAdmins(params: TListParamsOf<typeof ZAdminListQuery>): Promise<TListPage<TAdminRow>> {
  return http.get<TListPage<TAdminRow>>(AdminPath.list, params);
}
