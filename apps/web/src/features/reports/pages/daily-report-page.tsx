import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DAILY_COLUMNS, DAILY_REPORT, type TDailyReportRow } from '@mbo/shared/reports';
import { useListColumns } from '../../../platform/list-columns';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission, useSession } from '../../../platform/session';
import { DAILY_LIST, dailyFields } from '../daily-report-list';
import { ColumnTitle } from '../components/report-cells';
import { InsightsPanel } from '../components/insights-panel';
import '../components/reports.css';

/** The trade daily report (spec §3): one row per business day and settlement currency, with the range's totals. */
export function DailyReportPage() {
  const { t } = useTranslation();
  const session = useSession();
  const screen = useListScreen({ ...DAILY_LIST, fields: dailyFields(session.currencyList.map((c) => c.code)) });
  const mayExplain = useHasPermission('TradeDailyReport:Description');
  // The declared columns, each titled with its explanation where the person may see them.
  const columns = useListColumns<typeof DAILY_REPORT.fields, TDailyReportRow>(DAILY_REPORT.fields, { order: DAILY_COLUMNS }).map((c) => ({
    ...c,
    title: <ColumnTitle column={String(c.key)} explain={mayExplain} />,
  }));
  const totals = screen.list.data?.totals ?? [];

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
            {totals.map((total) => {
              // A totals row drawn by the columns' own cells, headed "Total", without a merchant.
              const row = { ...total, day: t('report.total'), merchantNo: '' } as TDailyReportRow;
              return (
                <tr key={total.currency} className="ant-table-row mbo-report-total" data-testid="daily-total">
                  {columns.map((c, i) => (
                    <td key={String(c.key)} className="ant-table-cell" style={{ textAlign: c.align ?? 'left', fontWeight: 600 }}>
                      {c.key === 'merchantNo' ? '' : (c.render?.(row[c.key as keyof TDailyReportRow], row, i) as ReactNode)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </>
        )
      }
      footer={<p className="mbo-report-note">{t('report.daily.note')}</p>}
    />
  );
}
