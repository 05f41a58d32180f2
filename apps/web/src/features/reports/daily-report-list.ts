import { DAILY_REPORT, ReportPath, ZDailyReport } from '@mbo/shared/reports';
import { currencyOptions, dateRangeField, gatewayField, selectField, type TFilterField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';

// The trade daily report's screen (its list is declared in packages/shared), read by its page and its first data request.

type TDailyKey = 'from' | 'to' | 'gatewayNo' | 'currency';

export function dailyFields(currencies: readonly string[]): TFilterField<TDailyKey>[] {
  return [
    dateRangeField('report.filter.dateRange'),
    gatewayField('report.filter.gatewayNo', { more: false }),
    selectField('currency', 'report.filter.currency', currencyOptions(currencies), { all: true }),
  ];
}

// The page carries the range's totals besides the rows.
export const DAILY_LIST = declaredScreen(
  { ...DAILY_REPORT, page: ZDailyReport },
  {
    title: 'menu.tradeDaily',
    key: ['reports', 'daily'],
    path: ReportPath.dailyList,
    fields: dailyFields([]),
    rowKey: (r) => `${r.day}-${r.currency}`,
    testId: 'daily-table',
    export: { permission: 'TradeDailyReport:Downloads', path: ReportPath.dailyDownload, file: 'trade-daily' },
  },
);
