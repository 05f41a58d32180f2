import { ApiPath } from '@mbo/shared/api-paths';
import type { TListPage } from '@mbo/shared/list';
import type { TLoginLog, ZLoginLogQuery } from '@mbo/shared/logs';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';

export const loginLogsKey = ['loginLogs'] as const;

export function getLoginLogs(params: TListParamsOf<typeof ZLoginLogQuery>): Promise<TListPage<TLoginLog>> {
  return http.get<TListPage<TLoginLog>>(ApiPath.loginLogs, params);
}
