import { Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBp } from '@mbo/shared/reports';
import type { TOutcomeRow } from '@mbo/shared/dispute-evidence';
import { TableRegion } from '../../../platform/table-region';
import { useDisputeOutcomes } from '../api/get-dispute-outcomes';

const COUNTS = ['won', 'lost', 'pending'] as const;

/** Win and loss of appeals by reason code over the statistics screen's months. */
export function DisputeOutcomesCard({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const outcomes = useDisputeOutcomes({ from, to });
  const col = (k: string) => t(`disputeOutcomes.col.${k}`);
  const columns: TableColumnsType<TOutcomeRow> = [
    { key: 'month', dataIndex: 'month', title: col('month') },
    { key: 'cardScheme', dataIndex: 'cardScheme', title: col('cardScheme'), render: (v: string) => t(`tradeEnum.cardScheme.${v}`) },
    { key: 'reasonCode', dataIndex: 'reasonCode', title: col('reasonCode') },
    ...COUNTS.map((k) => ({ key: k, dataIndex: k, title: col(k), align: 'right' as const })),
    { key: 'winRate', dataIndex: 'winRateBp', title: col('winRate'), align: 'right', render: (v: number | null) => formatBp(v) },
  ];
  return (
    <Card title={t('disputeOutcomes.title')} data-testid="dispute-outcomes">
      <TableRegion label={t('disputeOutcomes.title')}>
        <Table<TOutcomeRow>
          rowKey={(r) => `${r.month}-${r.cardScheme}-${r.reasonCode}`}
          size="middle"
          columns={columns}
          dataSource={outcomes.data?.list ?? []}
          loading={outcomes.isFetching}
          pagination={{ pageSize: 12, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
        />
      </TableRegion>
      <p className="mbo-report-note">{t('disputeOutcomes.note')}</p>
    </Card>
  );
}
