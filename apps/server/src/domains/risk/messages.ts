/**
 * Messages of the risk menu: the blacklist (entries, CSV import) and the risk-control decline.
 * Registered with the translator by `src/messages.ts`; zh_HK and en are typed against zh_CN.
 */
const zhCn = {
  'opAction.blacklist.add': '加入黑名单',
  'opAction.blacklist.remove': '移除黑名单条目',
  'opAction.blacklist.import': '导入黑名单',
  'opAction.blacklist.backtest': '以近 90 天交易试算黑名单条目',
  'opAction.complaint.process': '处理投诉',
  'opAction.replyEmail.template.save': '保存回复模板',
  'complaint.notFound': '投诉不存在',
  'complaint.tradeNotFound': '交易订单号不存在',
  'complaint.alreadyProcessed': '投诉 {complaintNo} 已处理，不能重复处理',
  'complaint.nothingToDo': '请选择回复持卡人、退款或两者都做',
  'replyTemplate.notFound': '回复模板不存在',
  'blacklist.valueInvalid': '黑名单内容与类型不符（卡号只接受前 6 位和后 4 位，例如 411111-1111，不接受完整卡号）',
  'blacklist.typeInvalid': '黑名单类型无效',
  'blacklist.reasonRequired': '请填写加入黑名单的原因',
  'blacklist.csvEmpty': '文件中没有可导入的行（每行：类型,内容,原因）',
  'blacklist.csvTooManyRows': '一次最多导入 {max} 行',
  'blacklist.columnsMissing': '该行应有 3 列：类型,内容,原因',

  'field.value': '黑名单内容',
  'field.csv': '文件内容',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'opAction.blacklist.add': '加入黑名單',
  'opAction.blacklist.remove': '移除黑名單條目',
  'opAction.blacklist.import': '匯入黑名單',
  'opAction.blacklist.backtest': '以近 90 天交易試算黑名單條目',
  'opAction.complaint.process': '處理投訴',
  'opAction.replyEmail.template.save': '儲存回覆範本',
  'complaint.notFound': '投訴不存在',
  'complaint.tradeNotFound': '交易訂單號不存在',
  'complaint.alreadyProcessed': '投訴 {complaintNo} 已處理，不能重複處理',
  'complaint.nothingToDo': '請選擇回覆持卡人、退款或兩者都做',
  'replyTemplate.notFound': '回覆範本不存在',
  'blacklist.valueInvalid': '黑名單內容與類型不符（卡號只接受前 6 位和後 4 位，例如 411111-1111，不接受完整卡號）',
  'blacklist.typeInvalid': '黑名單類型無效',
  'blacklist.reasonRequired': '請填寫加入黑名單的原因',
  'blacklist.csvEmpty': '檔案中沒有可匯入的行（每行：類型,內容,原因）',
  'blacklist.csvTooManyRows': '一次最多匯入 {max} 行',
  'blacklist.columnsMissing': '該行應有 3 欄：類型,內容,原因',

  'field.value': '黑名單內容',
  'field.csv': '檔案內容',
};

const en: Record<Key, string> = {
  'opAction.blacklist.add': 'Add to the blacklist',
  'opAction.blacklist.remove': 'Remove a blacklist entry',
  'opAction.blacklist.import': 'Import a blacklist file',
  'opAction.blacklist.backtest': 'Try a blacklist entry on the last 90 days',
  'opAction.complaint.process': 'Process a complaint',
  'opAction.replyEmail.template.save': 'Save a reply template',
  'complaint.notFound': 'Complaint not found',
  'complaint.tradeNotFound': 'Transaction order number not found',
  'complaint.alreadyProcessed': 'Complaint {complaintNo} has already been processed',
  'complaint.nothingToDo': 'Choose to reply to the cardholder, to refund, or both',
  'replyTemplate.notFound': 'Reply template not found',
  'blacklist.valueInvalid':
    'The value does not match its type (a card is its first 6 and last 4 digits, e.g. 411111-1111; a full card number is not accepted)',
  'blacklist.typeInvalid': 'Unknown blacklist type',
  'blacklist.reasonRequired': 'Enter why the entry is blacklisted',
  'blacklist.csvEmpty': 'The file has no rows to import (each row: type,value,reason)',
  'blacklist.csvTooManyRows': 'At most {max} rows per import',
  'blacklist.columnsMissing': 'The row must have 3 columns: type,value,reason',

  'field.value': 'Blacklisted value',
  'field.csv': 'File content',
};

export const RISK_MESSAGES = { zhCn, zhHk, en };

// Makes these keys part of `MessageKey` (platform never imports a domain, so the domain adds itself).
declare module '../../platform/messages' {
  interface MessageCatalogs {
    risk: Key;
  }
}
