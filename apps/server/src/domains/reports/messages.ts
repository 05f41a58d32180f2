/**
 * Messages of daily and monthly reports, statistics and card-scheme monitoring: range rules,
 * sheet names and the totals row (column headers are the screen's titles: platform/screen-texts.ts).
 * Registered with the translator by `src/messages.ts`; zh_HK and en are typed against zh_CN, and
 * `src/messages.test.ts` checks keys, placeholders and that no other catalog defines the same key.
 */
const zhCn = {
  'report.tooFarBack': '只能查询最近 {months} 个月的数据',
  'report.futureMonth': '不能查询未来的月份',

  'field.month': '月份',
  'field.range': '时间范围',

  'report.sheet.daily': '交易日报表',
  'report.sheet.monthly': '交易月报表',
  'report.total': '合计',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'report.tooFarBack': '只能查詢最近 {months} 個月的數據',
  'report.futureMonth': '不能查詢未來的月份',

  'field.month': '月份',
  'field.range': '時間範圍',

  'report.sheet.daily': '交易日報表',
  'report.sheet.monthly': '交易月報表',
  'report.total': '合計',
};

const en: Record<Key, string> = {
  'report.tooFarBack': 'Only the last {months} months can be queried',
  'report.futureMonth': 'A future month cannot be queried',

  'field.month': 'Month',
  'field.range': 'Range',

  'report.sheet.daily': 'Daily trade report',
  'report.sheet.monthly': 'Monthly trade report',
  'report.total': 'Total',
};

export const REPORT_MESSAGES = { zhCn, zhHk, en };

// Makes these keys part of `MessageKey` (platform never imports a domain, so the domain adds itself).
declare module '../../platform/messages' {
  interface MessageCatalogs {
    reports: Key;
  }
}
