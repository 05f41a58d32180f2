/**
 * Messages of transactions lists, details and exports, and the date ranges every query takes, merged into the catalog in `messages.ts`. Same rules: three languages,
 * same keys, same placeholders (a unit test checks).
 */
export const tradeZhCn = {
  'dateRange.badDate': '日期格式应为 年-月-日',
  'dateRange.reversed': '结束日期不能早于开始日期',
  'dateRange.tooLong': '查询时间范围不能超过 6 个月',
  'field.from': '开始日期',
  'field.to': '结束日期',
  'field.timeType': '时间类型',
} as const;

export const tradeZhHk: Record<keyof typeof tradeZhCn, string> = {
  'dateRange.badDate': '日期格式應為 年-月-日',
  'dateRange.reversed': '結束日期不能早於開始日期',
  'dateRange.tooLong': '查詢時間範圍不能超過 6 個月',
  'field.from': '開始日期',
  'field.to': '結束日期',
  'field.timeType': '時間類型',
};

export const tradeEn: Record<keyof typeof tradeZhCn, string> = {
  'dateRange.badDate': 'Dates must be year-month-day',
  'dateRange.reversed': 'The end date must not be before the start date',
  'dateRange.tooLong': 'The date range must not exceed 6 months',
  'field.from': 'Start date',
  'field.to': 'End date',
  'field.timeType': 'Time type',
};
