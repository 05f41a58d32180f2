import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../../platform/format';
import { useTimezone } from '../../../platform/timezone';
import { useOperationLogChain } from '../api/get-operation-log-chain';

/**
 * Whether the log's hash chain is intact (server: platform/operation-log-chain.ts), and when it was
 * checked: a changed, removed or inserted entry turns it red with the first entries found.
 */
export function OperationLogChainBadge() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const chain = useOperationLogChain();
  const data = chain.data;
  return (
    <Space wrap size={[8, 4]} style={{ marginBottom: 12 }} data-testid="op-log-chain">
      {data ? (
        <Tag color={data.intact ? 'success' : 'error'} data-testid="op-log-chain-state" data-intact={data.intact}>
          {data.intact ? t('opLog.chain.intact') : t('opLog.chain.broken', { count: data.problems.length })}
        </Tag>
      ) : (
        <Tag>{chain.isError ? t('opLog.chain.unknown') : t('opLog.chain.checking')}</Tag>
      )}
      {data && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('opLog.chain.checkedAt', { time: parseTime(data.checkedAt, undefined, tz.timezone), count: data.entries })}
        </Typography.Text>
      )}
      {data && !data.intact && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="op-log-chain-problems">
          {data.problems.map((p) => t('opLog.chain.problem', { id: p.id, kind: t(`opLog.chain.kinds.${p.kind}`) })).join(' · ')}
        </Typography.Text>
      )}
      <Button size="small" type="link" loading={chain.isFetching} onClick={() => void chain.refetch()}>
        {t('opLog.chain.recheck')}
      </Button>
    </Space>
  );
}
