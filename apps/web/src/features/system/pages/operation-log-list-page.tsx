import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TOperationLog } from '@mbo/shared/operation-log';
import { parseTime } from '../../../platform/format';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useTimezone } from '../../../platform/timezone';
import { OPERATION_LOG_LIST } from '../system-lists';

/** The operation log (spec §2 /log/forwardOperateLogList): every write, newest first; read only. */
export function OperationLogListPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const screen = useListScreen(OPERATION_LOG_LIST);
  const columns: TableColumnsType<TOperationLog> = [
    {
      title: t('opLog.time'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (v: string) => <span data-testid="op-log-time">{parseTime(v, undefined, tz.timezone)}</span>,
    },
    {
      title: t('opLog.operator'),
      key: 'operator',
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          <span>{r.operator || '-'}</span>
          {r.actor !== 'admin' && <Tag color={r.actor === 'sysAdmin' ? 'purple' : 'blue'}>{t(`opLog.actors.${r.actor}`)}</Tag>}
        </Space>
      ),
    },
    { title: t('opLog.ip'), dataIndex: 'ip', key: 'ip', render: (v: string) => v || '-' },
    { title: t('opLog.module'), dataIndex: 'module', key: 'module', render: (v: string) => t(`opLog.modules.${v}`, { defaultValue: v }) },
    { title: t('opLog.type'), dataIndex: 'type', key: 'type', render: (v: string) => t(`opLog.types.${v}`, { defaultValue: v }) },
    {
      title: t('opLog.content'),
      key: 'content',
      render: (_: unknown, r) => (
        <div style={{ maxWidth: 360 }} data-testid="op-log-operation">
          <div>{r.operationLabel}</div>
          {r.content && (
            <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-word' }}>
              {r.content}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { title: t('opLog.target'), dataIndex: 'target', key: 'target', render: (v: string) => v || '-' },
    {
      title: t('opLog.result'),
      key: 'result',
      render: (_: unknown, r) =>
        r.success ? (
          <Tag color="success">{t('opLog.success')}</Tag>
        ) : (
          <Space orientation="vertical" size={2}>
            <Tag color="error">{t('opLog.failed')}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.failure}
            </Typography.Text>
          </Space>
        ),
    },
  ];
  return <ListPage screen={screen} columns={columns} />;
}
