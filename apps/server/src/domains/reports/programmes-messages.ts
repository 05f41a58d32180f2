/**
 * Messages of the card-scheme programmes: their names, their lines and the in-app warning written
 * when a month's projection reaches a line (jobs/programme-warnings.ts). Registered with the
 * translator by `src/messages.ts`; zh_HK and en are typed against zh_CN.
 */
const zhCn = {
  'programme.name.vamp': 'Visa VAMP',
  'programme.name.vampEnumeration': 'Visa VAMP 枚举（试卡）比率',
  'programme.name.ecp': '万事达卡 ECP',
  'programme.line.excessive': '过高（Excessive）',
  'programme.line.cmm': '拒付监控商户（CMM）',
  'programme.line.ecm': '拒付过高商户（ECM）',
  'programme.line.hecm': '拒付严重过高商户（HECM）',
  'programme.warning':
    '{programme}预警：按 {month} 至今的趋势，月末比率预计为 {ratio}（{count} 笔），将达到「{line}」线（{threshold}，且至少 {minCount} 笔）。请及时退款未处理的 Ethoca 预警并处理争议。',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'programme.name.vamp': 'Visa VAMP',
  'programme.name.vampEnumeration': 'Visa VAMP 枚舉（試卡）比率',
  'programme.name.ecp': '萬事達卡 ECP',
  'programme.line.excessive': '過高（Excessive）',
  'programme.line.cmm': '拒付監控商戶（CMM）',
  'programme.line.ecm': '拒付過高商戶（ECM）',
  'programme.line.hecm': '拒付嚴重過高商戶（HECM）',
  'programme.warning':
    '{programme}預警：按 {month} 至今的趨勢，月末比率預計為 {ratio}（{count} 筆），將達到「{line}」線（{threshold}，且至少 {minCount} 筆）。請及時退款未處理的 Ethoca 預警並處理爭議。',
};

const en: Record<Key, string> = {
  'programme.name.vamp': 'Visa VAMP',
  'programme.name.vampEnumeration': 'Visa VAMP enumeration (card testing) ratio',
  'programme.name.ecp': 'Mastercard ECP',
  'programme.line.excessive': 'Excessive',
  'programme.line.cmm': 'Chargeback Monitored Merchant (CMM)',
  'programme.line.ecm': 'Excessive Chargeback Merchant (ECM)',
  'programme.line.hecm': 'High Excessive Chargeback Merchant (HECM)',
  'programme.warning':
    '{programme} warning: at the pace of {month} so far, the month would end at {ratio} ({count} events), reaching the {line} line ({threshold}, with at least {minCount} events). Refund open Ethoca alerts in time and answer disputes to stay below it.',
};

export const PROGRAMME_MESSAGES = { zhCn, zhHk, en };

// Makes these keys part of `MessageKey` (platform never imports a domain, so the domain adds itself).
declare module '../../platform/messages' {
  interface MessageCatalogs {
    programmes: Key;
  }
}
