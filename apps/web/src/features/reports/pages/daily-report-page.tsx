import { Button, Card, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isRangeWithinLimit } from '@mbo/shared/date-range';
import { LIMIT_DEFAULT, PAGE_DEFAULT, PAGE_SIZES } from '@mbo/shared/paging';
import { DAILY_COLUMNS, type TDailyReportRow, type TExportFormat } from '@mbo/shared/reports';
import { DateRangeFilter, todayIn } from '../../../platform/date-range-filter';
import { Pagination } from '../../../platform/pagination';
import { useSession } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { downloadDailyReport } from '../api/download-report';
import { useDailyReport, type TDailyReportFilter } from '../api/get-daily-report';
import { ColumnTitle, renderCell } from '../components/report-cells';
import '../components/reports.css';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER_RE = /^\d{1,20}$/;
const CURRENCY_RE = /^[A-Z]{3}$/;

/** Filters, page and limit live in the URL; anything malformed falls back to today / the defaults. */
export function readDailyQuery(params: URLSearchParams, today: string): TDailyReportFilter {
  let from = params.get('from') ?? '';
  let to = params.get('to') ?? '';
  if (!DATE_RE.test(from) || !DATE_RE.test(to) || !isRangeWithinLimit(from, to)) {
    from = today;
    to = today;
  }
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const gatewayNo = params.get('gatewayNo') ?? '';
  const currency = params.get('currency') ?? '';
  return {
    from,
    to,
    ...(NUMBER_RE.test(gatewayNo) ? { gatewayNo } : {}),
    ...(CURRENCY_RE.test(currency) ? { currency } : {}),
    page: Number.isInteger(page) && page >= 1 ? page : PAGE_DEFAULT,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : LIMIT_DEFAULT,
  };
}

export function writeDailyQuery(q: TDailyReportFilter, today: string): URLSearchParams {
  const params = new URLSearchParams();
  if (q.from !== today || q.to !== today) {
    params.set('from', q.from);
    params.set('to', q.to);
  }
  if (q.gatewayNo) params.set('gatewayNo', q.gatewayNo);
  if (q.currency) params.set('currency', q.currency);
  if (q.page !== PAGE_DEFAULT) params.set('page', String(q.page));
  if (q.limit !== LIMIT_DEFAULT) params.set('limit', String(q.limit));
  return params;
}

export function DailyReportPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const session = useSession();
  const today = todayIn(tz.timezone);
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readDailyQuery(searchParams, today);
  const report = useDailyReport(query);
  const operations = session.userInfo?.permissions ?? [];
  const mayDownload = operations.includes('TradeDailyReport:Downloads');
  const mayExplain = operations.includes('TradeDailyReport:Description');

  const update = (next: TDailyReportFilter) => setSearchParams(writeDailyQuery(next, today));
  const filter = (patch: Partial<TDailyReportFilter>) => {
    const next: TDailyReportFilter = { ...query, ...patch, page: PAGE_DEFAULT };
    if (!next.gatewayNo) delete next.gatewayNo;
    if (!next.currency) delete next.currency;
    update(next);
  };
  const download = (format: TExportFormat) => {
    const { page: _page, limit: _limit, ...rest } = query;
    void downloadDailyReport(rest, format);
  };

  const columns: TableColumnsType<TDailyReportRow> = DAILY_COLUMNS.map((key) => ({
    key,
    dataIndex: key,
    title: <ColumnTitle column={key} explain={mayExplain} />,
    align: key === 'day' || key === 'merchantNo' || key === 'currency' ? 'left' : 'right',
    render: (value: unknown, row: TDailyReportRow) => renderCell(key, value, row.currency),
  }));

  const totals = report.data?.totals ?? [];

  return (
    <div className="mbo-page">
      <h1 className="mbo-page-title" data-testid="page-title">
        {t('menu.tradeDaily')}
      </h1>
      <Card>
        <div className="mbo-report-filters">
          <DateRangeFilter from={query.from} to={query.to} onChange={(from, to) => filter({ from, to })} testId="daily-range" />
          <Input
            allowClear
            placeholder={t('report.filter.gatewayNo')}
            defaultValue={query.gatewayNo}
            key={`gw-${query.gatewayNo ?? ''}`}
            inputMode="numeric"
            data-testid="daily-gateway"
            onPressEnter={(e) => filter({ gatewayNo: e.currentTarget.value.trim() })}
            onBlur={(e) => {
              const v = e.currentTarget.value.trim();
              if (v !== (query.gatewayNo ?? '')) filter({ gatewayNo: v });
            }}
          />
          <Select<string>
            allowClear
            placeholder={t('report.filter.currency')}
            value={query.currency}
            data-testid="daily-currency"
            onChange={(currency) => filter({ currency: currency ?? '' })}
            options={session.currencyList.map((c) => ({ value: c.code, label: c.code }))}
          />
          <Space wrap>
            <Button onClick={() => void report.refetch()}>{t('common.refresh')}</Button>
            <Button onClick={() => update({ from: today, to: today, page: PAGE_DEFAULT, limit: query.limit })}>{t('common.reset')}</Button>
            {mayDownload && (
              <>
                <Button icon={<DownloadOutlined />} onClick={() => download('xlsx')} data-testid="daily-download-xlsx">
                  {t('report.download.xlsx')}
                </Button>
                <Button icon={<DownloadOutlined />} onClick={() => download('csv')} data-testid="daily-download-csv">
                  {t('report.download.csv')}
                </Button>
              </>
            )}
          </Space>
        </div>
        <Table<TDailyReportRow>
          rowKey={(r) => `${r.day}-${r.currency}`}
          size="middle"
          columns={columns}
          dataSource={report.data?.list ?? []}
          loading={report.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="daily-table"
          summary={() =>
            totals.length === 0 ? null : (
              <>
                {totals.map((row) => (
                  <tr key={row.currency} className="ant-table-row mbo-report-total" data-testid="daily-total">
                    {DAILY_COLUMNS.map((key, i) => (
                      <td key={key} className="ant-table-cell" style={{ textAlign: i < 3 ? 'left' : 'right', fontWeight: 600 }}>
                        {key === 'day'
                          ? t('report.total')
                          : key === 'merchantNo'
                            ? ''
                            : renderCell(key, (row as Record<string, unknown>)[key], row.currency)}
                      </td>
                    ))}
                  </tr>
                ))}
              </>
            )
          }
        />
        <Pagination
          total={report.data?.total ?? 0}
          page={query.page}
          limit={query.limit}
          onChange={(page, limit) => update({ ...query, page, limit })}
        />
        <p className="mbo-report-note">{t('report.daily.note')}</p>
      </Card>
    </div>
  );
}
