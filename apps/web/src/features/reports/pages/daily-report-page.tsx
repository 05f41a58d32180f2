import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DAILY_COLUMNS, ZDailyReportQuery, type TDailyReport, type TDailyReportRow } from '@mbo/shared/reports';
import { currencyOptions, selectField, textField, type TFilterField } from '../../../platform/filter-form';
import { ListPage } from '../../../platform/list-page';
import { listPrefetch, type TListScreen, useListScreen } from '../../../platform/list-screen';
import { useHasPermission, useSession } from '../../../platform/session';
import { downloadDailyReport } from '../api/download-report';
import { dailyReportKey, getDailyReport } from '../api/get-daily-report';
import { ColumnTitle, renderCell } from '../components/report-cells';
import '../components/reports.css';

type TDailyKey = 'from' | 'to' | 'gatewayNo' | 'currency';

function dailyFields(currencies: readonly string[]): TFilterField<TDailyKey>[] {
  return [
    { kind: 'dateRange', from: 'from', to: 'to', label: 'report.filter.dateRange' },
    textField('gatewayNo', 'report.filter.gatewayNo', 20, { digits: true }),
    selectField('currency', 'report.filter.currency', currencyOptions(currencies), { all: true }),
  ];
}

const DAILY_LIST: TListScreen<TDailyReport, TDailyKey> = {
  title: 'menu.tradeDaily',
  key: dailyReportKey,
  fetch: getDailyReport,
  schema: ZDailyReportQuery,
  defaults: (today) => ({ from: today, to: today, gatewayNo: '', currency: '' }),
  fields: dailyFields([]),
  rowKey: (r) => `${r.day}-${r.currency}`,
  testId: 'daily-table',
  export: { permission: 'TradeDailyReport:Downloads', run: downloadDailyReport },
};

/** The trade daily report (spec §3): one row per business day and settlement currency, with the range's totals. */
export function DailyReportPage() {
  const { t } = useTranslation();
  const session = useSession();
  const screen = useListScreen({ ...DAILY_LIST, fields: dailyFields(session.currencyList.map((c) => c.code)) });
  const report = screen.list;
  const mayExplain = useHasPermission('TradeDailyReport:Description');
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
      screen={screen}
      columns={columns}
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

/** The list of the URL being opened starts loading with the screen's code (app/route-preload.ts). */
export const prefetch = listPrefetch(DAILY_LIST);
