import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPERATION_LOGS, type TOperationLog } from '@mbo/shared/operation-log';
import { parseTime } from '../../../platform/format';
import { useListColumns } from '../../../platform/list-columns';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useTimezone } from '../../../platform/timezone';
import { OperationChange } from '../components/operation-change';
import { OperationLogChainBadge } from '../components/operation-log-chain-badge';
import { OPERATION_LOG_LIST } from '../system-lists';

/** The operation log (spec §2 /log/forwardOperateLogList): every write, newest first; read only. */
export function OperationLogListPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const screen = useListScreen(OPERATION_LOG_LIST);
  // A module or type the screen has no label for shows its code.
  const label = (prefix: string) => (v: string) => t(`${prefix}.${v}`, { defaultValue: v });
  const columns = useListColumns<typeof OPERATION_LOGS.fields, TOperationLog>(OPERATION_LOGS.fields, {
    special: {
      createdAt: { render: (v: string) => <span data-testid="op-log-time">{parseTime(v, undefined, tz.timezone)}</span> },
      operator: {
        render: (_: unknown, r) => (
          <Space size={4} wrap>
            <span>{r.operator || '-'}</span>
            {r.actor !== 'admin' && <Tag color={r.actor === 'sysAdmin' ? 'purple' : 'blue'}>{t(`opLog.actors.${r.actor}`)}</Tag>}
            {r.authMethod && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="op-log-auth-method">
                {t(`opLog.authMethods.${r.authMethod}`, { defaultValue: r.authMethod })}
              </Typography.Text>
            )}
          </Space>
        ),
      },
      module: { render: label('opLog.modules') },
      type: { render: label('opLog.types') },
      content: {
        render: (_: unknown, r) => (
          <div style={{ maxWidth: 360 }} data-testid="op-log-operation">
            <div>{r.operationLabel}</div>
            {r.content && (
              <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-word' }}>
                {r.content}
              </Typography.Text>
            )}
            <div>
              <OperationChange before={r.before} after={r.after} />
            </div>
          </div>
        ),
      },
      success: {
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
    },
  });
  return <ListPage screen={screen} columns={columns} header={<OperationLogChainBadge />} />;
}
