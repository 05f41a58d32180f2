/**
 * Messages of daily and monthly reports, statistics and card-scheme monitoring: range rules,
 * sheet names and export column headers (`report.col.*`).
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
  'report.col.day': '日期',
  'report.col.merchantNo': '商户号',
  'report.col.currency': '结算币种',
  'report.col.txCount': '交易总笔数',
  'report.col.successCount': '成功笔数',
  'report.col.failedCount': '失败笔数',
  'report.col.duplicateFailedCount': '重复失败笔数',
  'report.col.successRateBp': '成功率',
  'report.col.actualSuccessRateBp': '实际成功率',
  'report.col.successAmount': '成功金额',
  'report.col.chargebackCount': '拒付笔数',
  'report.col.chargebackAmount': '拒付金额',
  'report.col.retrievalCount': '调单笔数',
  'report.col.retrievalAmount': '调单金额',
  'report.col.refundCount': '退款笔数',
  'report.col.refundAmount': '退款金额',
  'report.col.rdrCount': 'RDR 笔数',
  'report.col.ethocaCount': 'Ethoca 笔数',
  'report.col.month': '月份',
  'report.col.firstDay': '月初交易日',
  'report.col.lastDay': '月末交易日',
  'report.col.reserveAmount': '保证金金额',
  'report.col.reserveCount': '保证金笔数',
  'report.col.withdrawableAmount': '可提现金额（已扣手续费）',
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
  'report.col.day': '日期',
  'report.col.merchantNo': '商戶號',
  'report.col.currency': '結算幣種',
  'report.col.txCount': '交易總筆數',
  'report.col.successCount': '成功筆數',
  'report.col.failedCount': '失敗筆數',
  'report.col.duplicateFailedCount': '重複失敗筆數',
  'report.col.successRateBp': '成功率',
  'report.col.actualSuccessRateBp': '實際成功率',
  'report.col.successAmount': '成功金額',
  'report.col.chargebackCount': '拒付筆數',
  'report.col.chargebackAmount': '拒付金額',
  'report.col.retrievalCount': '調單筆數',
  'report.col.retrievalAmount': '調單金額',
  'report.col.refundCount': '退款筆數',
  'report.col.refundAmount': '退款金額',
  'report.col.rdrCount': 'RDR 筆數',
  'report.col.ethocaCount': 'Ethoca 筆數',
  'report.col.month': '月份',
  'report.col.firstDay': '月初交易日',
  'report.col.lastDay': '月末交易日',
  'report.col.reserveAmount': '保證金金額',
  'report.col.reserveCount': '保證金筆數',
  'report.col.withdrawableAmount': '可提現金額（已扣手續費）',
};

const en: Record<Key, string> = {
  'report.tooFarBack': 'Only the last {months} months can be queried',
  'report.futureMonth': 'A future month cannot be queried',

  'field.month': 'Month',
  'field.range': 'Range',

  'report.sheet.daily': 'Daily trade report',
  'report.sheet.monthly': 'Monthly trade report',
  'report.total': 'Total',
  'report.col.day': 'Date',
  'report.col.merchantNo': 'Merchant number',
  'report.col.currency': 'Settlement currency',
  'report.col.txCount': 'Total count',
  'report.col.successCount': 'Approved count',
  'report.col.failedCount': 'Failed count',
  'report.col.duplicateFailedCount': 'Duplicated failures',
  'report.col.successRateBp': 'Success rate',
  'report.col.actualSuccessRateBp': 'Actual success rate',
  'report.col.successAmount': 'Approved amount',
  'report.col.chargebackCount': 'Chargeback count',
  'report.col.chargebackAmount': 'Chargeback amount',
  'report.col.retrievalCount': 'Retrieval count',
  'report.col.retrievalAmount': 'Retrieval amount',
  'report.col.refundCount': 'Refund count',
  'report.col.refundAmount': 'Refund amount',
  'report.col.rdrCount': 'RDR count',
  'report.col.ethocaCount': 'Ethoca count',
  'report.col.month': 'Month',
  'report.col.firstDay': 'First trading day',
  'report.col.lastDay': 'Last trading day',
  'report.col.reserveAmount': 'Reserve amount',
  'report.col.reserveCount': 'Reserve count',
  'report.col.withdrawableAmount': 'Withdrawable amount (after fees)',
};

export const REPORT_MESSAGES = { zhCn, zhHk, en };

// Makes these keys part of `MessageKey` (platform never imports a domain, so the domain adds itself).
declare module '../../platform/messages' {
  interface MessageCatalogs {
    reports: Key;
  }
}
