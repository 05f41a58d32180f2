import { Alert, Button, Card, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { MONTH_COLUMNS, MONTHS_BACK_MAX, type TMonthReportRow } from '@mbo/shared/reports';
import { ExportButtons } from '../../../platform/export-buttons';
import { useSession } from '../../../platform/session';
import { downloadMonthReport } from '../api/download-report';
import { useMonthReport, type TMonthReportFilter } from '../api/get-month-report';
import { ColumnTitle, renderCell } from '../components/report-cells';
import { InsightsPanel } from '../components/insights-panel';
import { MonthFilters } from '../components/month-filters';
import { readMonthRange, useMonthQuery } from '../utils/month-query';
import { Page } from '../../../platform/page';
import '../components/reports.css';
import { TableRegion } from '../../../platform/table-region';

/** Months in the URL; a missing or out-of-window range falls back to the last three months. */
export function readMonthQuery(params: URLSearchParams, currentMonth: string): TMonthReportFilter {
  const currency = params.get('currency') ?? '';
  return { ...readMonthRange(params, currentMonth, 3), ...(/^[A-Z]{3}$/.test(currency) ? { currency } : {}) };
}

export function MonthlyReportPage() {
  const { t } = useTranslation();
  const session = useSession();
  const months = useMonthQuery(readMonthQuery, 'currency');
  const query = months.query;
  const report = useMonthReport(query);
  const mayDownload = (session.userInfo?.permissions ?? []).includes('TradeMonthReport:Downloads');

  const columns: TableColumnsType<TMonthReportRow> = MONTH_COLUMNS.map((key) => ({
    key,
    dataIndex: key,
    title: <ColumnTitle column={key} explain />,
    align: ['month', 'currency', 'firstDay', 'lastDay'].includes(key) ? 'left' : 'right',
    render: (value: unknown, row: TMonthReportRow) => renderCell(key, value, row.currency),
  }));

  return (
    <Page title={t('menu.tradeMonth')}>
      <Card>
        <MonthFilters
          months={months}
          rangeTestId="month-range"
          choice={{
            label: t('report.filter.currency'),
            value: query.currency,
            options: session.currencyList.map((c) => ({ value: c.code, label: c.code })),
          }}
        >
          <Space wrap>
            <Button onClick={() => void report.refetch()}>{t('common.refresh')}</Button>
            {mayDownload && (
              // With Schedule beside them: the same file mailed every month (domains/schedules).
              <ExportButtons
                onExport={(format) => downloadMonthReport(query, format)}
                csvLabel={t('report.download.csv')}
                xlsxLabel={t('report.download.xlsx')}
                testIdPrefix="month-download"
              />
            )}
          </Space>
        </MonthFilters>
        <InsightsPanel kind="monthly" filter={query} />
        <TableRegion label={t('menu.tradeMonth')}>
          <Table<TMonthReportRow>
            rowKey={(r) => `${r.month}-${r.currency}`}
            size="middle"
            columns={columns}
            dataSource={report.data?.list ?? []}
            loading={report.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="month-table"
          />
        </TableRegion>
        <Alert className="mbo-report-note" type="info" showIcon message={t('report.monthly.note', { months: MONTHS_BACK_MAX })} />
      </Card>
    </Page>
  );
}
