import { Alert, Button, Card, Select, Space, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TExportFormat } from '@mbo/shared/list';
import { addMonths, monthSpan, MONTH_COLUMNS, MONTHS_BACK_MAX, type TMonthReportRow } from '@mbo/shared/reports';
import { MAX_RANGE_MONTHS } from '@mbo/shared/date-range';
import { MonthRangeFilter } from '../../../platform/date-range-filter';
import { todayIn } from '../../../platform/zone-clock';
import { useSession } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { downloadMonthReport } from '../api/download-report';
import { useMonthReport, type TMonthReportFilter } from '../api/get-month-report';
import { ColumnTitle, renderCell } from '../components/report-cells';
import { Page } from '../../../platform/page';
import '../components/reports.css';
import { TableRegion } from '../../../platform/table-region';

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Months in the URL; a missing or out-of-window range falls back to the last three months. */
export function readMonthQuery(params: URLSearchParams, currentMonth: string): TMonthReportFilter {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const earliest = addMonths(currentMonth, -(MONTHS_BACK_MAX - 1));
  const valid =
    MONTH_RE.test(from) &&
    MONTH_RE.test(to) &&
    from <= to &&
    to <= currentMonth &&
    from >= earliest &&
    monthSpan(from, to) <= MAX_RANGE_MONTHS;
  const currency = params.get('currency') ?? '';
  return {
    from: valid ? from : addMonths(currentMonth, -2),
    to: valid ? to : currentMonth,
    ...(/^[A-Z]{3}$/.test(currency) ? { currency } : {}),
  };
}

export function MonthlyReportPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const session = useSession();
  const currentMonth = todayIn(tz.timezone).slice(0, 7);
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readMonthQuery(searchParams, currentMonth);
  const report = useMonthReport(query);
  const mayDownload = (session.userInfo?.permissions ?? []).includes('TradeMonthReport:Downloads');

  const update = (next: TMonthReportFilter) => {
    const params = new URLSearchParams({ from: next.from, to: next.to });
    if (next.currency) params.set('currency', next.currency);
    setSearchParams(params);
  };
  const download = (format: TExportFormat) => void downloadMonthReport(query, format);

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
        <div className="mbo-report-filters">
          <MonthRangeFilter
            timezone={tz.timezone}
            from={query.from}
            to={query.to}
            onChange={(from, to) => update({ ...query, from, to })}
            testId="month-range"
          />
          <Select<string>
            allowClear
            placeholder={t('report.filter.currency')}
            aria-label={t('report.filter.currency')}
            value={query.currency}
            onChange={(currency) => update({ from: query.from, to: query.to, ...(currency ? { currency } : {}) })}
            options={session.currencyList.map((c) => ({ value: c.code, label: c.code }))}
          />
          <Space wrap>
            <Button onClick={() => void report.refetch()}>{t('common.refresh')}</Button>
            {mayDownload && (
              <>
                <Button icon={<DownloadOutlined />} onClick={() => download('xlsx')} data-testid="month-download-xlsx">
                  {t('report.download.xlsx')}
                </Button>
                <Button icon={<DownloadOutlined />} onClick={() => download('csv')}>
                  {t('report.download.csv')}
                </Button>
              </>
            )}
          </Space>
        </div>
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
