import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOGIN_LOGS, type TLoginLog } from '@mbo/shared/logs';
import { parseTime } from '../../../platform/format';
import { useListColumns } from '../../../platform/list-columns';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useTimezone } from '../../../platform/timezone';
import { LOGIN_LOG_LIST } from '../system-lists';

/** The sign-ins to this merchant, newest first (System menu, spec §3 Logs). */
export function LoginLogListPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const screen = useListScreen(LOGIN_LOG_LIST);
  const columns = useListColumns<typeof LOGIN_LOGS.fields, TLoginLog>(LOGIN_LOGS.fields, {
    special: {
      success: {
        render: (success: boolean) => (
          <Tag color={success ? 'success' : 'error'}>{success ? t('loginLog.success') : t('loginLog.failure')}</Tag>
        ),
      },
      reason: { render: (reason: string) => reason || t('common.none') },
      createdAt: { render: (value: string) => <span data-testid="login-log-time">{parseTime(value, undefined, tz.timezone)}</span> },
    },
  });
  return <ListPage screen={screen} columns={columns} />;
}
