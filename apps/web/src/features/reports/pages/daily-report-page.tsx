import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DAILY_COLUMNS, type TDailyReportRow } from '@mbo/shared/reports';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission, useSession } from '../../../platform/session';
import { DAILY_LIST, dailyFields } from '../daily-report-list';
import { ColumnTitle, renderCell } from '../components/report-cells';
import { InsightsPanel } from '../components/insights-panel';
import '../components/reports.css';

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
      header={
        <InsightsPanel
          kind="daily"
          filter={{
            from: screen.url.params.from ?? '',
            to: screen.url.params.to ?? '',
            gatewayNo: screen.url.params.gatewayNo,
            currency: screen.url.params.currency,
          }}
        />
      }
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
