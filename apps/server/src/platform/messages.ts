/**
 * The messages platform itself uses: the envelope's success text, generic errors, validation texts
 * and the labels of fields that many domains share (request parts, paging, date range, amount range,
 * export format), one-time codes, delivery and uploads. `{name}` placeholders are filled by
 * `translate` (`i18n.ts`). Each domain keeps its own words in `domains/<domain>/messages.ts` and adds
 * its keys to `MessageCatalogs` below; `src/messages.ts` registers every catalog with the translator.
 */
const zhCn = {
  ok: '操作成功',

  'error.unauthorized': '登录状态已过期或无效，请重新登录',
  'error.forbidden': '您没有被分配此权限',
  'error.twoFactorRequired': '请先完成两步验证',
  'error.internal': '系统繁忙，请稍后再试',
  'error.notFound': '记录不存在',
  'idempotency.keyInvalid': '请求标识（Idempotency-Key）无效：应为 1 到 255 个可见 ASCII 字符',
  'idempotency.mismatch': '该请求标识已用于另一笔不同的请求，请为新的提交使用新的标识',
  'idempotency.inFlight': '相同的请求正在处理中，请稍后查看结果，不要重复提交',
  'error.routeNotFound': '请求的接口不存在',
  'error.badJson': '请求内容不是有效的 JSON',
  'error.badRequest': '请求格式不正确',
  'error.unsupportedMediaType': '不支持的请求内容类型',
  'error.bodyTooLarge': '请求内容过大',
  'error.headersTooLarge': '请求地址和请求头过长（合计最多 {kb} KB），请缩短查询条件或清除本站的 Cookie 后重试',
  'error.requestTimeout': '请求未能在规定时间内发送完毕，请重试',

  'validation.required': '{field}不能为空',
  'validation.invalid': '{field}格式不正确',
  'validation.tooShort': '{field}长度不能少于 {min} 个字符',
  'validation.tooLong': '{field}长度不能超过 {max} 个字符',
  'validation.tooSmall': '{field}不能小于 {min}',
  'validation.tooLarge': '{field}不能大于 {max}',
  'validation.invalidOption': '{field}的取值无效',
  'validation.custom': '{field}：{detail}',
  'validation.amount': '{field}请只填写数字，小数点后最多 {decimals} 位，不要使用逗号、空格或正负号',
  'validation.amountWhole': '{field}请只填写整数数字，不要使用小数点、逗号、空格或正负号',

  'field.body': '请求内容',
  'field.querystring': '查询参数',
  'field.params': '路径参数',
  'field.headers': '请求头',
  'field.id': '编号',
  'field.gatewayNo': '网关号',
  'field.page': '页码',
  'field.limit': '每页条数',
  'field.fileId': '文件编号',
  'field.from': '开始日期',
  'field.to': '结束日期',
  'field.timeType': '时间类型',
  'field.tradeNo': '交易订单号',
  'field.cardScheme': '卡种',
  'field.currency': '币种',
  'field.amountMin': '最小金额',
  'field.amountMax': '最大金额',
  'field.appealStatus': '申诉状态',
  'field.after': '翻页位置',
  'field.format': '文件格式',

  'dateRange.badDate': '日期格式应为 年-月-日',
  'dateRange.reversed': '结束日期不能早于开始日期',
  'dateRange.tooLong': '查询时间范围不能超过 6 个月',

  'trade.badAmount': '请只填写数字，小数点后最多两位，不要使用逗号或空格',
  'trade.amountReversed': '最大金额不能小于最小金额',

  'code.invalid': '验证码不正确或已失效',
  'code.wrong': '验证码不正确，还可尝试 {remaining} 次',
  'code.tooManyAttempts': '验证码错误次数过多，请重新获取',
  'code.resendTooSoon': '请 {seconds} 秒后再获取验证码',
  'code.tooManyForDestination': '该地址获取验证码过于频繁，请稍后再试',
  'code.tooManyForIp': '请求过于频繁，请稍后再试',
  'code.locked': '验证码错误次数过多，请 {minutes} 分钟后再试',
  'attempt.tooMany': '尝试过于频繁，请 {seconds} 秒后再试',

  'delivery.failed': '消息发送失败，请稍后再试',

  'file.tooLarge': '单个文件不能超过 {mb} MB',
  'file.tooMany': '每项最多上传 {count} 个文件',
  'file.badType': '文件“{name}”格式不正确，允许的格式：{types}',
  'file.none': '请选择要上传的文件',
  'file.unreadable': '文件未能在规定时间内读取完成或格式有误，请检查文件后重新上传',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  ok: '操作成功',

  'error.unauthorized': '登入狀態已過期或無效，請重新登入',
  'error.forbidden': '您沒有被分配此權限',
  'error.twoFactorRequired': '請先完成兩步驗證',
  'error.internal': '系統繁忙，請稍後再試',
  'error.notFound': '記錄不存在',
  'idempotency.keyInvalid': '請求標識（Idempotency-Key）無效：應為 1 到 255 個可見 ASCII 字元',
  'idempotency.mismatch': '該請求標識已用於另一筆不同的請求，請為新的提交使用新的標識',
  'idempotency.inFlight': '相同的請求正在處理中，請稍後查看結果，不要重複提交',
  'error.routeNotFound': '請求的介面不存在',
  'error.badJson': '請求內容不是有效的 JSON',
  'error.badRequest': '請求格式不正確',
  'error.unsupportedMediaType': '不支援的請求內容類型',
  'error.bodyTooLarge': '請求內容過大',
  'error.headersTooLarge': '請求地址和請求頭過長（合計最多 {kb} KB），請縮短查詢條件或清除本站的 Cookie 後重試',
  'error.requestTimeout': '請求未能在規定時間內發送完畢，請重試',

  'validation.required': '{field}不能為空',
  'validation.invalid': '{field}格式不正確',
  'validation.tooShort': '{field}長度不能少於 {min} 個字元',
  'validation.tooLong': '{field}長度不能超過 {max} 個字元',
  'validation.tooSmall': '{field}不能小於 {min}',
  'validation.tooLarge': '{field}不能大於 {max}',
  'validation.invalidOption': '{field}的取值無效',
  'validation.custom': '{field}：{detail}',
  'validation.amount': '{field}請只填寫數字，小數點後最多 {decimals} 位，不要使用逗號、空格或正負號',
  'validation.amountWhole': '{field}請只填寫整數數字，不要使用小數點、逗號、空格或正負號',

  'field.body': '請求內容',
  'field.querystring': '查詢參數',
  'field.params': '路徑參數',
  'field.headers': '請求頭',
  'field.id': '編號',
  'field.gatewayNo': '網關號',
  'field.page': '頁碼',
  'field.limit': '每頁條數',
  'field.fileId': '檔案編號',
  'field.from': '開始日期',
  'field.to': '結束日期',
  'field.timeType': '時間類型',
  'field.tradeNo': '交易訂單號',
  'field.cardScheme': '卡種',
  'field.currency': '幣種',
  'field.amountMin': '最小金額',
  'field.amountMax': '最大金額',
  'field.appealStatus': '申訴狀態',
  'field.after': '翻頁位置',
  'field.format': '檔案格式',

  'dateRange.badDate': '日期格式應為 年-月-日',
  'dateRange.reversed': '結束日期不能早於開始日期',
  'dateRange.tooLong': '查詢時間範圍不能超過 6 個月',

  'trade.badAmount': '請只填寫數字，小數點後最多兩位，不要使用逗號或空格',
  'trade.amountReversed': '最大金額不能小於最小金額',

  'code.invalid': '驗證碼不正確或已失效',
  'code.wrong': '驗證碼不正確，還可嘗試 {remaining} 次',
  'code.tooManyAttempts': '驗證碼錯誤次數過多，請重新獲取',
  'code.resendTooSoon': '請 {seconds} 秒後再獲取驗證碼',
  'code.tooManyForDestination': '該地址獲取驗證碼過於頻繁，請稍後再試',
  'code.tooManyForIp': '請求過於頻繁，請稍後再試',
  'code.locked': '驗證碼錯誤次數過多，請 {minutes} 分鐘後再試',
  'attempt.tooMany': '嘗試過於頻繁，請 {seconds} 秒後再試',

  'delivery.failed': '訊息發送失敗，請稍後再試',

  'file.tooLarge': '單個檔案不能超過 {mb} MB',
  'file.tooMany': '每項最多上載 {count} 個檔案',
  'file.badType': '檔案「{name}」格式不正確，允許的格式：{types}',
  'file.none': '請選擇要上載的檔案',
  'file.unreadable': '檔案未能在限定時間內讀取完成或格式有誤，請檢查檔案後重新上載',
};

const en: Record<Key, string> = {
  ok: 'Success',

  'error.unauthorized': 'Invalid or expired session, please log in again',
  'error.forbidden': 'You have not been assigned this permission',
  'error.twoFactorRequired': 'Please complete two-step verification first',
  'error.internal': 'System busy, please try again later',
  'error.notFound': 'The record does not exist',
  'idempotency.keyInvalid': 'The Idempotency-Key is not valid: use 1 to 255 printable ASCII characters',
  'idempotency.mismatch': 'This Idempotency-Key was already used for a different request; use a new key for a new submission',
  'idempotency.inFlight': 'The same request is still being processed; check the result shortly instead of submitting again',
  'error.routeNotFound': 'The requested interface does not exist',
  'error.badJson': 'The request body is not valid JSON',
  'error.badRequest': 'The request is malformed',
  'error.unsupportedMediaType': 'Unsupported request content type',
  'error.bodyTooLarge': 'The request body is too large',
  'error.headersTooLarge':
    "The address and headers of the request are too long (at most {kb} KB together): shorten the search or clear this site's cookies and try again",
  'error.requestTimeout': 'The request did not arrive in time, please try again',

  'validation.required': '{field} is required',
  'validation.invalid': '{field} is invalid',
  'validation.tooShort': '{field} must be at least {min} characters',
  'validation.tooLong': '{field} must be at most {max} characters',
  'validation.tooSmall': '{field} must not be less than {min}',
  'validation.tooLarge': '{field} must not be greater than {max}',
  'validation.invalidOption': '{field} has an invalid value',
  'validation.custom': '{field}: {detail}',
  'validation.amount': '{field}: enter digits with at most {decimals} decimals after a dot, without commas, spaces or signs',
  'validation.amountWhole': '{field}: enter whole digits only, without a decimal point, commas, spaces or signs',

  'field.body': 'Request body',
  'field.querystring': 'Query parameters',
  'field.params': 'Path parameters',
  'field.headers': 'Request headers',
  'field.id': 'ID',
  'field.gatewayNo': 'Gateway number',
  'field.page': 'Page',
  'field.limit': 'Page size',
  'field.fileId': 'File number',
  'field.from': 'Start date',
  'field.to': 'End date',
  'field.timeType': 'Time type',
  'field.tradeNo': 'Transaction order number',
  'field.cardScheme': 'Card scheme',
  'field.currency': 'Currency',
  'field.amountMin': 'Minimum amount',
  'field.amountMax': 'Maximum amount',
  'field.appealStatus': 'Appeal status',
  'field.after': 'Page position',
  'field.format': 'File format',

  'dateRange.badDate': 'Dates must be year-month-day',
  'dateRange.reversed': 'The end date must not be before the start date',
  'dateRange.tooLong': 'The date range must not exceed 6 months',

  'trade.badAmount': 'Enter digits with at most two decimals after a dot, without commas or spaces',
  'trade.amountReversed': 'The maximum amount must not be less than the minimum amount',

  'code.invalid': 'The verification code is incorrect or no longer valid',
  'code.wrong': 'Incorrect verification code, {remaining} attempts left',
  'code.tooManyAttempts': 'Too many wrong attempts, please request a new code',
  'code.resendTooSoon': 'Please wait {seconds} seconds before requesting another code',
  'code.tooManyForDestination': 'Too many codes were requested for this address, please try again later',
  'code.tooManyForIp': 'Too many requests, please try again later',
  'code.locked': 'Too many wrong codes, please try again in {minutes} minutes',
  'attempt.tooMany': 'Too many attempts, please try again in {seconds} s',

  'delivery.failed': 'The message could not be sent, please try again later',

  'file.tooLarge': 'Each file may be at most {mb} MB',
  'file.tooMany': 'At most {count} files per field',
  'file.badType': 'File "{name}" is not in an accepted format ({types})',
  'file.none': 'Choose a file to upload',
  'file.unreadable': 'The file could not be read in time or is malformed; check it and upload it again',
};

export const PLATFORM_MESSAGES = { zhCn, zhHk, en };

/**
 * The keys of every catalog, by owner. Platform declares its own; each domain's `messages.ts` adds an
 * entry with `declare module` (the import direction is domains -> platform, so platform cannot list
 * them). A key outside every catalog does not compile.
 */
export interface MessageCatalogs {
  platform: Key;
}

export type MessageKey = MessageCatalogs[keyof MessageCatalogs];
