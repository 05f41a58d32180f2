import { ZDailyReportQuery, type TDailyReport } from '@mbo/shared/reports';
import { currencyOptions, selectField, textField, type TFilterField } from '../../platform/filter-fields';
import type { TListScreen } from '../../platform/list-screen';
import { downloadDailyReport } from './api/download-report';
import { dailyReportKey, getDailyReport } from './api/get-daily-report';

// The trade daily report's query, filters and table, read by its page and its first data request.

type TDailyKey = 'from' | 'to' | 'gatewayNo' | 'currency';

export function dailyFields(currencies: readonly string[]): TFilterField<TDailyKey>[] {
  return [
    { kind: 'dateRange', from: 'from', to: 'to', label: 'report.filter.dateRange' },
    textField('gatewayNo', 'report.filter.gatewayNo', 20, { digits: true }),
    selectField('currency', 'report.filter.currency', currencyOptions(currencies), { all: true }),
  ];
}

export const DAILY_LIST: TListScreen<TDailyReport, TDailyKey> = {
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
