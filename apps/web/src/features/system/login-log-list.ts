import { ZLoginLogQuery } from '@mbo/shared/logs';
import { selectField } from '../../platform/filter-fields';
import type { TListScreen } from '../../platform/list-screen';
import { getLoginLogs, loginLogsKey } from './api/get-login-logs';

/** The login log (System menu): its query, filter and table, read by its page and its first data request. */
export const LOGIN_LOG_LIST: TListScreen<Awaited<ReturnType<typeof getLoginLogs>>, 'success'> = {
  title: 'menu.loginLog',
  key: loginLogsKey,
  fetch: getLoginLogs,
  schema: ZLoginLogQuery,
  defaults: () => ({ success: '' }),
  fields: [
    selectField(
      'success',
      'loginLog.result',
      [
        { value: 'true', label: 'loginLog.success' },
        { value: 'false', label: 'loginLog.failure' },
      ],
      { all: true },
    ),
  ],
  rowKey: 'id',
  testId: 'login-log-table',
};
