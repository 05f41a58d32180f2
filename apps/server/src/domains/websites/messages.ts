/**
 * Messages of the website screen: rules, batch line errors (`websiteLine.*`), upload outcomes
 * (`websiteOutcome.*`) and the enum labels of export cells (the export's headers are the screen's titles).
 */
const zhCn = {
  'opAction.merwebsit.add': '添加网站',
  'opAction.merwebsit.upload': '批量上传网站',
  'opAction.merwebsit.export': '导出网站',
  'website.badUrl': '网址必须以 http:// 或 https:// 开头，且是有效的网站地址',
  'website.badAmount': '平均金额请只填写数字，小数点后最多 2 位',
  'website.storeUrlRequired': '平台店铺请填写平台店铺网址',
  'website.exists': '该网站已提交过：{url}',
  'website.notFound': '网站不存在',
  'website.fileRequired': '请选择要上传的 TXT 或 CSV 文件',
  'website.fileNotText': '文件不是 TXT 或 CSV 文本文件（UTF-8）',
  'website.fileTooLarge': '文件不能超过 {mb} MB',
  'website.tooManyLines': '一个文件最多 {max} 行',
  'website.checklistRequired': '请确认网站满足全部要求（退款、联系方式、服务条款、配送政策、允许测试订单）',
  'website.wrongState': '网站当前状态不允许此操作',

  'websiteLine.emptyColumn': '第 {line} 行有空列',
  'websiteLine.badUrl': '第 {line} 行：网址必须以 http:// 或 https:// 开头，且是有效的网站地址',
  'websiteLine.badType': '第 {line} 行：网站类型只能是 independent 或 platform',
  'websiteLine.badAmount': '第 {line} 行：平均金额格式不正确',
  'websiteLine.badCurrency': '第 {line} 行：币种须为 3 位大写字母代码',
  'websiteLine.storeUrlRequired': '第 {line} 行：平台店铺须填写平台店铺网址',
  'websiteLine.tooManyColumns': '第 {line} 行列数不正确（应为 1、4 或 5 列）',
  'websiteLine.duplicate': '第 {line} 行：网站已存在或在文件中重复',

  'websiteOutcome.mailSent': '上传成功，已发送邮件通知审核人员',
  'websiteOutcome.noMail': '上传成功，未发送邮件（本环境未配置邮件服务器，邮件已保存在待发队列）',
  'websiteOutcome.mailFailed': '上传成功，但通知审核人员的邮件发送失败，审核人员仍会在后台看到这些网站',
  'websiteOutcome.dataError': '数据错误，没有网站被上传，请按每行的原因修改后重新上传',
  'websiteOutcome.duplicate': '重复上传：文件中的网站都已提交过',

  'export.websites': '网站',
  'field.averageAmount': '平均金额',
  'field.platformStoreUrl': '平台店铺网址',

  'websiteStatus.1': '待审核',
  'websiteStatus.2': '审核失败',
  'websiteStatus.3': '已审核',
  'websiteStatus.4': '复核失败',
  'websiteStatus.5': '复核通过（正常）',
  'websiteStatus.6': '已禁用',
  'websiteType.1': '独立站',
  'websiteType.2': '平台店铺',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'opAction.merwebsit.add': '新增網站',
  'opAction.merwebsit.upload': '批量上傳網站',
  'opAction.merwebsit.export': '匯出網站',
  'website.badUrl': '網址必須以 http:// 或 https:// 開頭，且是有效的網站地址',
  'website.badAmount': '平均金額請只填寫數字，小數點後最多 2 位',
  'website.storeUrlRequired': '平台店鋪請填寫平台店鋪網址',
  'website.exists': '該網站已提交過：{url}',
  'website.notFound': '網站不存在',
  'website.fileRequired': '請選擇要上傳的 TXT 或 CSV 檔案',
  'website.fileNotText': '檔案不是 TXT 或 CSV 文字檔（UTF-8）',
  'website.fileTooLarge': '檔案不能超過 {mb} MB',
  'website.tooManyLines': '一個檔案最多 {max} 行',
  'website.checklistRequired': '請確認網站符合全部要求（退款、聯絡方式、服務條款、配送政策、允許測試訂單）',
  'website.wrongState': '網站目前狀態不允許此操作',

  'websiteLine.emptyColumn': '第 {line} 行有空列',
  'websiteLine.badUrl': '第 {line} 行：網址必須以 http:// 或 https:// 開頭，且是有效的網站地址',
  'websiteLine.badType': '第 {line} 行：網站類型只能是 independent 或 platform',
  'websiteLine.badAmount': '第 {line} 行：平均金額格式不正確',
  'websiteLine.badCurrency': '第 {line} 行：幣種須為 3 位大寫字母代碼',
  'websiteLine.storeUrlRequired': '第 {line} 行：平台店鋪須填寫平台店鋪網址',
  'websiteLine.tooManyColumns': '第 {line} 行列數不正確（應為 1、4 或 5 列）',
  'websiteLine.duplicate': '第 {line} 行：網站已存在或在檔案中重複',

  'websiteOutcome.mailSent': '上傳成功，已發送郵件通知審核人員',
  'websiteOutcome.noMail': '上傳成功，未發送郵件（本環境未設定郵件伺服器，郵件已保存在待發佇列）',
  'websiteOutcome.mailFailed': '上傳成功，但通知審核人員的郵件發送失敗，審核人員仍會在後台看到這些網站',
  'websiteOutcome.dataError': '資料錯誤，沒有網站被上傳，請按每行的原因修改後重新上傳',
  'websiteOutcome.duplicate': '重複上傳：檔案中的網站都已提交過',

  'export.websites': '網站',
  'field.averageAmount': '平均金額',
  'field.platformStoreUrl': '平台店鋪網址',

  'websiteStatus.1': '待審核',
  'websiteStatus.2': '審核失敗',
  'websiteStatus.3': '已審核',
  'websiteStatus.4': '覆核失敗',
  'websiteStatus.5': '覆核通過（正常）',
  'websiteStatus.6': '已停用',
  'websiteType.1': '獨立站',
  'websiteType.2': '平台店鋪',
};

const en: Record<Key, string> = {
  'opAction.merwebsit.add': 'Add a website',
  'opAction.merwebsit.upload': 'Upload websites',
  'opAction.merwebsit.export': 'Export websites',
  'website.badUrl': 'The URL must start with http:// or https:// and be a valid website address',
  'website.badAmount': 'Enter the average amount as digits with at most 2 decimals',
  'website.storeUrlRequired': 'A platform store needs its platform store URL',
  'website.exists': 'This website was already submitted: {url}',
  'website.notFound': 'The website does not exist',
  'website.fileRequired': 'Choose a TXT or CSV file to upload',
  'website.fileNotText': 'The file is not a TXT or CSV text file (UTF-8)',
  'website.fileTooLarge': 'The file must not exceed {mb} MB',
  'website.tooManyLines': 'A file holds at most {max} lines',
  'website.checklistRequired':
    'Confirm that the website meets every requirement (refund, contact, terms and shipping policies; test orders allowed)',
  'website.wrongState': 'The website is not in a state that allows this',

  'websiteLine.emptyColumn': 'Line {line} has an empty column',
  'websiteLine.badUrl': 'Line {line}: the URL must start with http:// or https:// and be a valid website address',
  'websiteLine.badType': 'Line {line}: the type must be independent or platform',
  'websiteLine.badAmount': 'Line {line}: the average amount is not a valid amount',
  'websiteLine.badCurrency': 'Line {line}: the currency must be a 3-letter code in capitals',
  'websiteLine.storeUrlRequired': 'Line {line}: a platform store needs its platform store URL',
  'websiteLine.tooManyColumns': 'Line {line} has the wrong number of columns (1, 4 or 5)',
  'websiteLine.duplicate': 'Line {line}: the website already exists or appears twice in the file',

  'websiteOutcome.mailSent': 'Uploaded; the review team was mailed',
  'websiteOutcome.noMail': 'Uploaded; no mail was sent (no mail server is configured here, the mail waits in the outbox)',
  'websiteOutcome.mailFailed': 'Uploaded, but the mail to the review team failed; the team still sees the websites in its queue',
  'websiteOutcome.dataError': 'Data error: no website was uploaded; correct the lines as reported and upload again',
  'websiteOutcome.duplicate': 'Duplicate upload: every website in the file was already submitted',

  'export.websites': 'Websites',
  'field.averageAmount': 'Average amount',
  'field.platformStoreUrl': 'Platform store URL',

  'websiteStatus.1': 'Pending',
  'websiteStatus.2': 'Audit failed',
  'websiteStatus.3': 'Audited',
  'websiteStatus.4': 'Review failed',
  'websiteStatus.5': 'Reviewed (normal)',
  'websiteStatus.6': 'Disabled',
  'websiteType.1': 'Independent site',
  'websiteType.2': 'Platform store',
};

export const WEBSITE_MESSAGES = { zhCn, zhHk, en };

declare module '../../platform/messages' {
  interface MessageCatalogs {
    websites: Key;
  }
}
