import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLoginLog } from '@mbo/shared/system';
import { parseTime } from '../../../platform/format';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useTimezone } from '../../../platform/timezone';
import { LOGIN_LOG_LIST } from '../system-lists';

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
