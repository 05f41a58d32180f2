import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZLoginLogQuery } from '@mbo/shared/logs';
import type { TLoginLog } from '@mbo/shared/system';
import type { TFilterField } from '../../../platform/filter-form';
import { parseTime } from '../../../platform/format';
import { ListPage } from '../../../platform/list-page';
import { useListUrlState } from '../../../platform/list-url-state';
import { useTimezone } from '../../../platform/timezone';
import { useKeysetList } from '../../../platform/use-keyset-list';
import { getLoginLogs, loginLogsKey } from '../api/get-login-logs';

const LOGIN_LOG_DEFAULTS = { success: '' };

const LOGIN_LOG_FILTERS: readonly TFilterField<'success'>[] = [
  {
    kind: 'select',
    key: 'success',
    label: 'loginLog.result',
    options: [
      { value: 'true', label: 'loginLog.success' },
      { value: 'false', label: 'loginLog.failure' },
    ],
    all: true,
  },
];

/** The sign-ins to this merchant, newest first (System menu, spec §3 Logs). */
export function LoginLogListPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const url = useListUrlState(ZLoginLogQuery, LOGIN_LOG_DEFAULTS);
  const list = useKeysetList(loginLogsKey, getLoginLogs, url);

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

  return (
    <ListPage
      title="menu.loginLog"
      url={url}
      list={list}
      fields={LOGIN_LOG_FILTERS}
      columns={columns}
      rowKey="id"
      testId="login-log-table"
    />
  );
}
