/**
 * Messages of chargebacks, retrievals, alerts and appeals: rules, field labels (the export's column
 * headers are the screen's titles), the deadline reminders the reminder job writes, and the labels of the
 * dispute enums (`disputeKind.*`, `processingType.*`, `appealStatus.*`: export cells and the
 * reminder's case kind; the transaction export's appeal status reuses `appealStatus.*`).
 * Registered with the translator by `src/messages.ts`; zh_HK and en are typed against zh_CN, and
 * `src/messages.test.ts` checks keys, placeholders and that no other catalog defines the same key.
 */
const zhCn = {
  'dispute.notFound': '案件不存在',
  'dispute.notAppealable': '该案件不能申诉：只有未申诉且未过回复期限的拒付可以申诉',
  'dispute.deadlinePassed': '已超过回复截止时间',
  'dispute.notEthoca': '只有 Ethoca 预警可以从预警退款',
  'dispute.alertAlreadyRefunded': '该预警已退款，不能重复退款',
  'dispute.evidenceRequired': '请上传至少一个申诉证据文件',
  'dispute.evidenceTooMany': '最多上传 {count} 个文件',
  'dispute.evidenceTooLarge': '单个文件不能超过 {mb} MB',
  'dispute.evidenceBadType': '文件“{name}”格式不正确，允许的格式：PDF、Word、Excel、JPG、JPEG、PNG、BMP',
  'dispute.draftSubmitted': '该证据草稿已提交，不能再修改或重复提交',
  'dispute.draftStale': '草稿已被他人更新，请刷新后再保存',
  'dispute.draftMissing': '请先保存证据草稿',

  'reminder.deadline5d': '{kind} {caseNo}（交易 {tradeNo}）的截止时间为 {deadline}（UTC+08:00），剩余不到 5 天，请及时处理。',
  'reminder.deadline24h': '{kind} {caseNo}（交易 {tradeNo}）的截止时间为 {deadline}（UTC+08:00），剩余不到 24 小时，请尽快处理。',
  'reminder.alert4h':
    'Ethoca 预警 {caseNo}（交易 {tradeNo}）仍未退款，将于 {deadline}（UTC+08:00）截止，剩余不到 4 小时：请立即退款，以免转为拒付。',

  'export.disputes': '调单拒付',

  'field.caseNo': '案件号',
  'field.note': '申诉说明',
  'field.version': '草稿版本',
  'field.sections': '证据内容',
  'field.keepFiles': '保留的文件',
  'field.ce3': '附上 CE 3.0 交易',
  'field.processingType': '处理类型',
  'field.kind': '类别',
  'field.deadlineWithinDays': '截止天数',

  'disputeKind.1': '拒付',
  'disputeKind.2': '调单',
  'disputeKind.3': 'RDR 预警',
  'disputeKind.4': 'Ethoca 预警',
  'disputeKind.5': '欺诈报告',
  'disputeReason.cardAbsentFraud': '其他欺诈 - 无卡环境',
  'disputeReason.notReceived': '未收到商品或服务',
  'disputeReason.notAsDescribed': '商品与描述不符或有缺陷',
  'disputeReason.duplicateProcessing': '重复扣款',
  'disputeReason.noAuthorization': '未经持卡人授权',
  'disputeReason.cardholderDispute': '持卡人争议',
  'disputeReason.notRecognized': '持卡人不认可该交易',
  'disputeReason.pointOfInteractionError': '交易终端处理错误',
  'disputeReason.authorizationDeclined': '授权请求被拒绝',
  'disputeReason.cardNotPresent': '无卡交易欺诈',
  'disputeReason.counterfeitFraud': '伪卡欺诈',
  'disputeReason.receiptRequested': '要求提供交易凭证',
  'disputeReason.issuerFraudReport': '发卡行欺诈报告',
  'disputeReason.rdrRefund': 'RDR 快速争议解决退款',
  'disputeReason.ethocaFraudAlert': '发卡行确认的欺诈预警',

  'processingType.1': '拒付',
  'processingType.2': '调单（冻结）',
  'processingType.3': '调单转拒付',
  'processingType.4': '申诉失败',
  'processingType.5': '申诉成功',
  'processingType.6': '申诉待处理',
  'processingType.7': 'Ethoca 预警',
  'processingType.8': 'RDR 预警',

  'appealStatus.0': '无',
  'appealStatus.1': '申诉中',
  'appealStatus.2': '申诉成功',
  'appealStatus.3': '申诉失败',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'dispute.notFound': '案件不存在',
  'dispute.notAppealable': '該案件不能申訴：只有未申訴且未過回覆期限的拒付可以申訴',
  'dispute.deadlinePassed': '已超過回覆截止時間',
  'dispute.notEthoca': '只有 Ethoca 預警可以從預警退款',
  'dispute.alertAlreadyRefunded': '該預警已退款，不能重複退款',
  'dispute.evidenceRequired': '請上載至少一個申訴證據檔案',
  'dispute.evidenceTooMany': '最多上載 {count} 個檔案',
  'dispute.evidenceTooLarge': '單個檔案不能超過 {mb} MB',
  'dispute.evidenceBadType': '檔案「{name}」格式不正確，允許的格式：PDF、Word、Excel、JPG、JPEG、PNG、BMP',
  'dispute.draftSubmitted': '該證據草稿已提交，不能再修改或重複提交',
  'dispute.draftStale': '草稿已被他人更新，請重新整理後再儲存',
  'dispute.draftMissing': '請先儲存證據草稿',

  'reminder.deadline5d': '{kind} {caseNo}（交易 {tradeNo}）的截止時間為 {deadline}（UTC+08:00），剩餘不到 5 天，請及時處理。',
  'reminder.deadline24h': '{kind} {caseNo}（交易 {tradeNo}）的截止時間為 {deadline}（UTC+08:00），剩餘不到 24 小時，請盡快處理。',
  'reminder.alert4h':
    'Ethoca 預警 {caseNo}（交易 {tradeNo}）仍未退款，將於 {deadline}（UTC+08:00）截止，剩餘不到 4 小時：請立即退款，以免轉為拒付。',

  'export.disputes': '調單拒付',

  'field.caseNo': '案件號',
  'field.note': '申訴說明',
  'field.version': '草稿版本',
  'field.sections': '證據內容',
  'field.keepFiles': '保留的檔案',
  'field.ce3': '附上 CE 3.0 交易',
  'field.processingType': '處理類型',
  'field.kind': '類別',
  'field.deadlineWithinDays': '截止天數',

  'disputeKind.1': '拒付',
  'disputeKind.2': '調單',
  'disputeKind.3': 'RDR 預警',
  'disputeKind.4': 'Ethoca 預警',
  'disputeKind.5': '欺詐報告',
  'disputeReason.cardAbsentFraud': '其他欺詐 - 無卡環境',
  'disputeReason.notReceived': '未收到商品或服務',
  'disputeReason.notAsDescribed': '商品與描述不符或有缺陷',
  'disputeReason.duplicateProcessing': '重複扣款',
  'disputeReason.noAuthorization': '未經持卡人授權',
  'disputeReason.cardholderDispute': '持卡人爭議',
  'disputeReason.notRecognized': '持卡人不認可該交易',
  'disputeReason.pointOfInteractionError': '交易終端處理錯誤',
  'disputeReason.authorizationDeclined': '授權請求被拒絕',
  'disputeReason.cardNotPresent': '無卡交易欺詐',
  'disputeReason.counterfeitFraud': '偽卡欺詐',
  'disputeReason.receiptRequested': '要求提供交易憑證',
  'disputeReason.issuerFraudReport': '發卡行欺詐報告',
  'disputeReason.rdrRefund': 'RDR 快速爭議解決退款',
  'disputeReason.ethocaFraudAlert': '發卡行確認的欺詐預警',

  'processingType.1': '拒付',
  'processingType.2': '調單（凍結）',
  'processingType.3': '調單轉拒付',
  'processingType.4': '申訴失敗',
  'processingType.5': '申訴成功',
  'processingType.6': '申訴待處理',
  'processingType.7': 'Ethoca 預警',
  'processingType.8': 'RDR 預警',

  'appealStatus.0': '無',
  'appealStatus.1': '申訴中',
  'appealStatus.2': '申訴成功',
  'appealStatus.3': '申訴失敗',
};

const en: Record<Key, string> = {
  'dispute.notFound': 'The case does not exist',
  'dispute.notAppealable': 'This case cannot be appealed: only a chargeback without an appeal, before its reply deadline, can',
  'dispute.deadlinePassed': 'The deadline has passed',
  'dispute.notEthoca': 'Only an Ethoca alert can be refunded from the alert',
  'dispute.alertAlreadyRefunded': 'This alert has already been refunded',
  'dispute.evidenceRequired': 'Upload at least one evidence file',
  'dispute.evidenceTooMany': 'At most {count} files',
  'dispute.evidenceTooLarge': 'Each file may be at most {mb} MB',
  'dispute.evidenceBadType': 'File "{name}" has a wrong format; allowed: PDF, Word, Excel, JPG, JPEG, PNG, BMP',
  'dispute.draftSubmitted': 'This evidence draft was submitted: it can no longer be changed or submitted again',
  'dispute.draftStale': 'Someone else saved this draft meanwhile: reload it, then save again',
  'dispute.draftMissing': 'Save the evidence draft first',

  'reminder.deadline5d': '{kind} {caseNo} (transaction {tradeNo}) is due at {deadline} (UTC+08:00), less than 5 days from now.',
  'reminder.deadline24h': '{kind} {caseNo} (transaction {tradeNo}) is due at {deadline} (UTC+08:00), less than 24 hours from now.',
  'reminder.alert4h':
    'Ethoca alert {caseNo} (transaction {tradeNo}) is still not refunded and closes at {deadline} (UTC+08:00), less than 4 hours from now: refund it now to avoid a chargeback.',

  'export.disputes': 'Retrievals and chargebacks',

  'field.caseNo': 'Case number',
  'field.note': 'Appeal note',
  'field.version': 'Draft version',
  'field.sections': 'Evidence text',
  'field.keepFiles': 'Files to keep',
  'field.ce3': 'Attach the CE 3.0 transactions',
  'field.processingType': 'Processing type',
  'field.kind': 'Kind',
  'field.deadlineWithinDays': 'Deadline within days',

  'disputeKind.1': 'Chargeback',
  'disputeKind.2': 'Retrieval',
  'disputeKind.3': 'RDR alert',
  'disputeKind.4': 'Ethoca alert',
  'disputeKind.5': 'Fraud report',
  'disputeReason.cardAbsentFraud': 'Other fraud – card-absent environment',
  'disputeReason.notReceived': 'Merchandise or services not received',
  'disputeReason.notAsDescribed': 'Not as described or defective merchandise',
  'disputeReason.duplicateProcessing': 'Duplicate processing',
  'disputeReason.noAuthorization': 'No cardholder authorization',
  'disputeReason.cardholderDispute': 'Cardholder dispute',
  'disputeReason.notRecognized': 'Cardholder does not recognize the transaction',
  'disputeReason.pointOfInteractionError': 'Point-of-interaction error',
  'disputeReason.authorizationDeclined': 'Authorization request declined',
  'disputeReason.cardNotPresent': 'Card-not-present fraud',
  'disputeReason.counterfeitFraud': 'Counterfeit card fraud',
  'disputeReason.receiptRequested': 'Copy of the sales receipt requested',
  'disputeReason.issuerFraudReport': 'Issuer fraud report',
  'disputeReason.rdrRefund': 'Rapid Dispute Resolution refund',
  'disputeReason.ethocaFraudAlert': 'Fraud alert confirmed by the issuer',

  'processingType.1': 'Chargeback',
  'processingType.2': 'Retrieval (freeze)',
  'processingType.3': 'Retrieval turned chargeback',
  'processingType.4': 'Appeal failed',
  'processingType.5': 'Appeal successful',
  'processingType.6': 'Appeal pending',
  'processingType.7': 'Ethoca alert',
  'processingType.8': 'RDR alert',

  'appealStatus.0': 'None',
  'appealStatus.1': 'Under appeal',
  'appealStatus.2': 'Appeal successful',
  'appealStatus.3': 'Appeal failed',
};

export const DISPUTE_MESSAGES = { zhCn, zhHk, en };

// Makes these keys part of `MessageKey` (platform never imports a domain, so the domain adds itself).
declare module '../../platform/messages' {
  interface MessageCatalogs {
    disputes: Key;
  }
}
