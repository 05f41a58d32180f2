/** Messages of the notification centre (notifications): the kinds' names, the texts its own producers write, its refusals. */
const zhCn = {
  'notification.kind.programmeRatio': '卡组织计划比率预警',
  'notification.kind.alertDeadline': 'Ethoca 预警截止',
  'notification.kind.disputeDeadline': '调单拒付截止',
  'notification.kind.settlementHeld': '结算因缺少妥投证明暂扣',
  'notification.kind.withdrawalPaid': '提现已付款',
  'notification.kind.withdrawalFailed': '提现失败',
  'notification.kind.approvalWaiting': '待审批',
  'notification.kind.lowBalance': '可用余额偏低',
  'notification.kind.reportFailed': '定时报表失败',
  'notification.kind.exportReady': '导出已完成',
  'notification.kind.proofDue': '妥投证明即将到期',
  'notification.text.withdrawalPaid': '提现 {withdrawalNo}（{amount} {currency}）已付款到您的银行账户。',
  'notification.text.withdrawalFailed': '提现 {withdrawalNo}（{amount} {currency}）失败：{reason}。金额已退回可用余额。',
  'notification.text.settlementHeld': '网关 {gatewayNo} {date} 的结算有 {count} 笔交易因缺少妥投证明暂不结算，请在运单管理中上传妥投证明。',
  'notification.text.lowBalance': '{currency} 可用余额为 {available}，低于您设置的 {threshold}。',
  'notification.text.reportFailed': '定时报表「{name}」的本次运行失败：{reason}',
  'notification.text.exportReady': '「{name}」的导出已完成（{rows} 行，{size}），可在最近导出中下载，保留 {days} 天。',
  'notification.text.exportFailed': '「{name}」的导出未能完成：{reason}',
  'notification.notFound': '通知不存在或已删除',
  'notification.thresholdDecimals': '金额最多两位小数',
  'field.lowBalanceThreshold': '可用余额提醒金额',
  'field.kinds': '通知类型',
  'opAction.notification.read': '标记通知已读',
  'opAction.notification.readAll': '全部通知标为已读',
  'opAction.notification.preferences.save': '修改通知设置',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'notification.kind.programmeRatio': '卡組織計劃比率預警',
  'notification.kind.alertDeadline': 'Ethoca 預警截止',
  'notification.kind.disputeDeadline': '調單拒付截止',
  'notification.kind.settlementHeld': '結算因缺少妥投證明暫扣',
  'notification.kind.withdrawalPaid': '提現已付款',
  'notification.kind.withdrawalFailed': '提現失敗',
  'notification.kind.approvalWaiting': '待審批',
  'notification.kind.lowBalance': '可用餘額偏低',
  'notification.kind.reportFailed': '定時報表失敗',
  'notification.kind.exportReady': '匯出已完成',
  'notification.kind.proofDue': '妥投證明即將到期',
  'notification.text.withdrawalPaid': '提現 {withdrawalNo}（{amount} {currency}）已付款到您的銀行帳戶。',
  'notification.text.withdrawalFailed': '提現 {withdrawalNo}（{amount} {currency}）失敗：{reason}。金額已退回可用餘額。',
  'notification.text.settlementHeld': '網關 {gatewayNo} {date} 的結算有 {count} 筆交易因缺少妥投證明暫不結算，請在運單管理中上傳妥投證明。',
  'notification.text.lowBalance': '{currency} 可用餘額為 {available}，低於您設定的 {threshold}。',
  'notification.text.reportFailed': '定時報表「{name}」的本次運行失敗：{reason}',
  'notification.text.exportReady': '「{name}」的匯出已完成（{rows} 行，{size}），可在最近匯出中下載，保留 {days} 天。',
  'notification.text.exportFailed': '「{name}」的匯出未能完成：{reason}',
  'notification.notFound': '通知不存在或已刪除',
  'notification.thresholdDecimals': '金額最多兩位小數',
  'field.lowBalanceThreshold': '可用餘額提醒金額',
  'field.kinds': '通知類型',
  'opAction.notification.read': '標記通知已讀',
  'opAction.notification.readAll': '全部通知標為已讀',
  'opAction.notification.preferences.save': '修改通知設定',
};

const en: Record<Key, string> = {
  'notification.kind.programmeRatio': 'Scheme programme ratio',
  'notification.kind.alertDeadline': 'Ethoca alert deadline',
  'notification.kind.disputeDeadline': 'Dispute deadline',
  'notification.kind.settlementHeld': 'Settlement held for delivery proof',
  'notification.kind.withdrawalPaid': 'Withdrawal paid',
  'notification.kind.withdrawalFailed': 'Withdrawal failed',
  'notification.kind.approvalWaiting': 'Approval waiting',
  'notification.kind.lowBalance': 'Low available balance',
  'notification.kind.reportFailed': 'Scheduled report failed',
  'notification.kind.exportReady': 'Export finished',
  'notification.kind.proofDue': 'Delivery proof due soon',
  'notification.text.withdrawalPaid': 'Withdrawal {withdrawalNo} ({amount} {currency}) was paid to your bank account.',
  'notification.text.withdrawalFailed':
    'Withdrawal {withdrawalNo} ({amount} {currency}) failed: {reason}. The amount is back in your available balance.',
  'notification.text.settlementHeld':
    'The settlement of gateway {gatewayNo} on {date} holds back {count} transactions for missing delivery proof: upload it in Waybills.',
  'notification.text.lowBalance': 'The available {currency} balance is {available}, under your threshold of {threshold}.',
  'notification.text.reportFailed': 'A run of the scheduled report "{name}" failed: {reason}',
  'notification.text.exportReady':
    'The export of "{name}" is ready ({rows} rows, {size}): download it from Recent exports within {days} days.',
  'notification.text.exportFailed': 'The export of "{name}" could not be finished: {reason}',
  'notification.notFound': 'The notification does not exist or was deleted',
  'notification.thresholdDecimals': 'An amount has at most two decimals',
  'field.lowBalanceThreshold': 'Low-balance threshold',
  'field.kinds': 'Notification kinds',
  'opAction.notification.read': 'Mark a notification read',
  'opAction.notification.readAll': 'Mark all notifications read',
  'opAction.notification.preferences.save': 'Change notification settings',
};

export const NOTIFICATION_MESSAGES = { zhCn, zhHk, en };

declare module '../../platform/messages' {
  interface MessageCatalogs {
    notifications: Key;
  }
}
