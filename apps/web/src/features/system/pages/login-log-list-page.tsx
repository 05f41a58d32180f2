import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZLoginLogQuery } from '@mbo/shared/logs';
import type { TLoginLog } from '@mbo/shared/system';
import { parseTime } from '../../../platform/format';
import { ListPage } from '../../../platform/list-page';
import { selectField } from '../../../platform/filter-form';
import { listPrefetch, type TListScreen, useListScreen } from '../../../platform/list-screen';
import { useTimezone } from '../../../platform/timezone';
import { getLoginLogs, loginLogsKey } from '../api/get-login-logs';

const LOGIN_LOG_LIST: TListScreen<Awaited<ReturnType<typeof getLoginLogs>>, 'success'> = {
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

/** The sign-ins to this merchant, newest first (System menu, spec §3 Logs). */
export function LoginLogListPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const screen = useListScreen(LOGIN_LOG_LIST);

  const columns: TableColumnsType<TLoginLog> = [
    { title: t('loginLog.loginName'), dataIndex: 'loginName', key: 'loginName' },
    { title: t('loginLog.ip'), dataIndex: 'ip', key: 'ip' },
    {
      title: t('loginLog.result'),
      dataIndex: 'success',
      key: 'success',
      render: (success: boolean) => (
        <Tag color={success ? 'success' : 'error'}>{success ? t('loginLog.success') : t('loginLog.failure')}</Tag>
      ),
    },
    { title: t('loginLog.reason'), dataIndex: 'reason', key: 'reason', render: (reason: string) => reason || t('common.none') },
    {
      title: t('loginLog.time'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (value: string) => <span data-testid="login-log-time">{parseTime(value, undefined, tz.timezone)}</span>,
    },
  ];

  return <ListPage screen={screen} columns={columns} />;
}

/** The list of the URL being opened starts loading with the screen's code (app/route-preload.ts). */
export const prefetch = listPrefetch(LOGIN_LOG_LIST);
