import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DAILY_COLUMNS, ZDailyReportQuery, type TDailyReportRow } from '@mbo/shared/reports';
import { todayIn } from '../../../platform/date-range-filter';
import type { TFilterField } from '../../../platform/filter-form';
import { ListPage } from '../../../platform/list-page';
import { useListUrlState, type TFilterValues } from '../../../platform/list-url-state';
import { useHasPermission, useSession } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { useKeysetList } from '../../../platform/use-keyset-list';
import { downloadDailyReport } from '../api/download-report';
import { dailyReportKey, getDailyReport } from '../api/get-daily-report';
import { ColumnTitle, renderCell } from '../components/report-cells';
import '../components/reports.css';

type TDailyKey = 'from' | 'to' | 'gatewayNo' | 'currency';

export function dailyDefaults(today: string): TFilterValues<TDailyKey> {
  return { from: today, to: today, gatewayNo: '', currency: '' };
}

/** The trade daily report (spec §3): one row per business day and settlement currency, with the range's totals. */
export function DailyReportPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const session = useSession();
  const url = useListUrlState(ZDailyReportQuery, dailyDefaults(todayIn(tz.timezone)));
  const report = useKeysetList(dailyReportKey, getDailyReport, url);
  const mayExplain = useHasPermission('TradeDailyReport:Description');
  const fields: TFilterField<TDailyKey>[] = [
    { kind: 'dateRange', from: 'from', to: 'to', label: 'report.filter.dateRange' },
    { kind: 'text', key: 'gatewayNo', label: 'report.filter.gatewayNo', maxLength: 20, digits: true },
    {
      kind: 'select',
      key: 'currency',
      label: 'report.filter.currency',
      options: session.currencyList.map((c) => ({ value: c.code, label: c.code, text: true })),
      all: true,
    },
  ];

  const columns: TableColumnsType<TDailyReportRow> = DAILY_COLUMNS.map((key) => ({
    key,
    dataIndex: key,
    title: <ColumnTitle column={key} explain={mayExplain} />,
    align: key === 'day' || key === 'merchantNo' || key === 'currency' ? 'left' : 'right',
    render: (value: unknown, row: TDailyReportRow) => renderCell(key, value, row.currency),
  }));

  const totals = report.data?.totals ?? [];

  return (
    <ListPage
      title="menu.tradeDaily"
      url={url}
      list={report}
      fields={fields}
      columns={columns}
      rowKey={(r) => `${r.day}-${r.currency}`}
      testId="daily-table"
      exportPermission="TradeDailyReport:Downloads"
      onExport={downloadDailyReport}
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
      footer={<p className="mbo-report-note">{t('report.daily.note')}</p>}
    />
  );
}
