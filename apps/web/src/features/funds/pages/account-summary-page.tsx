import { Alert, Card, Descriptions, Empty, Skeleton, Table, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFundsSummaryRow, TReserveRelease } from '@mbo/shared/funds';
import { formatAmount } from '../../../platform/format';
import { useFundsSummary } from '../api/get-funds-summary';
import { TableRegion } from '../../../platform/table-region';
import { Page } from '../../../platform/page';

/** The §3 Funds summary fields, in the order shown; each has a tip saying how it is counted. */
export const SUMMARY_FIELDS = [
  'transactionTotal',
  'creditedTotal',
  'refundTotal',
  'retrievalTotal',
  'appealSuccessTotal',
  'fees',
  'otherDeductions',
  'reserveExtracted',
  'reserveRefunded',
  'reserveBalance',
  'withdrawnTotal',
  'unsettled',
  'owed',
  'accountBalance',
  'frozen',
  'available',
] as const satisfies readonly (keyof TFundsSummaryRow)[];

/** Account summary (spec §2, §3 Funds summary): one block per currency, explanatory tips, the reserve release calendar. */
export function AccountSummaryPage() {
  const { t } = useTranslation();
  const summary = useFundsSummary();
  const data = summary.data;
  return (
    <Page title={t('menu.accountSummary')}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('funds.summary.tipsTitle')} description={t('funds.summary.tips')} />
      {summary.isPending && <Skeleton active />}
      {summary.isError && <Empty description={t('common.loadFailed')} />}
      {data && !data.visible && <Alert type="warning" data-testid="funds-hidden" title={t('funds.hidden')} />}
      {data?.visible && data.rows.length === 0 && <Empty description={t('funds.summary.empty')} />}
      {data?.rows.map((row) => (
        <Card key={row.currency} title={row.currency} style={{ marginBottom: 16 }} data-testid={`funds-summary-${row.currency}`}>
          <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
            {SUMMARY_FIELDS.map((f) => (
              <Descriptions.Item
                key={f}
                label={
                  <span>
                    {t(`funds.summary.${f}`)}{' '}
                    <Tooltip title={t(`funds.summary.tip.${f}`)}>
                      <QuestionCircleOutlined aria-label={t(`funds.summary.tip.${f}`)} />
                    </Tooltip>
                  </span>
                }
              >
                <span data-testid={`summary-${f}`}>{formatAmount(row[f], row.currency, { code: false })}</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      ))}
      {data?.visible && (
        <Card title={t('funds.summary.calendar')} data-testid="reserve-calendar">
          <TableRegion label={t('funds.summary.calendar')}>
            <Table<TReserveRelease>
              size="small"
              rowKey={(r) => `${r.currency}-${r.date}`}
              dataSource={data.releases}
              pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
              locale={{ emptyText: t('funds.summary.calendarEmpty') }}
              columns={[
                { title: t('funds.summary.releaseDate'), dataIndex: 'date', key: 'date' },
                { title: t('funds.currency'), dataIndex: 'currency', key: 'currency' },
                {
                  title: t('funds.summary.releaseAmount'),
                  key: 'amount',
                  align: 'right',
                  render: (_: unknown, r) => formatAmount(r.amount, r.currency, { code: false }),
                },
              ]}
            />
          </TableRegion>
        </Card>
      )}
    </Page>
  );
}
