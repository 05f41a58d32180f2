/**
 * Every user-visible server message, in the three interface languages, keyed by a stable error key.
 * `{name}` placeholders are filled by `translate`. The zh_HK and en catalogs are typed against the
 * zh_CN one, and a unit test checks all three carry the same keys.
 */
import { disputesEn, disputesZhCn, disputesZhHk } from './messages-disputes';
import { onboardingEn, onboardingZhCn, onboardingZhHk } from './messages-onboarding';
import { reportsEn, reportsZhCn, reportsZhHk } from './messages-reports';
import { tradeEn, tradeZhCn, tradeZhHk } from './messages-trade';

const zhCn = {
  ok: '操作成功',

  'error.unauthorized': '登录状态已过期或无效，请重新登录',
  'error.forbidden': '您没有被分配此权限',
  'error.twoFactorRequired': '请先完成两步验证',
  'error.internal': '系统繁忙，请稍后再试',
  'error.notFound': '记录不存在',
  'error.routeNotFound': '请求的接口不存在',
  'error.badJson': '请求内容不是有效的 JSON',
  'error.badRequest': '请求格式不正确',
  'error.unsupportedMediaType': '不支持的请求内容类型',
  'error.bodyTooLarge': '请求内容过大',

  'validation.required': '{field}不能为空',
  'validation.invalid': '{field}格式不正确',
  'validation.tooShort': '{field}长度不能少于 {min} 个字符',
  'validation.tooLong': '{field}长度不能超过 {max} 个字符',
  'validation.tooSmall': '{field}不能小于 {min}',
  'validation.tooLarge': '{field}不能大于 {max}',
  'validation.invalidOption': '{field}的取值无效',
  'validation.custom': '{field}：{detail}',

  'password.rule': '请输入符合规则的密码',
  'password.mismatch': '两次输入的密码不一致',
  'password.oldIncorrect': '原密码不正确',
  'password.sameAsOld': '新密码不能与原密码相同',
  'password.updated': '密码修改成功',

  'login.success': '登录成功',
  'login.switched': '切换商户登录成功',
  'login.badCredentials': '商户号、用户名或密码不正确',
  'login.locked': '账户已被锁定，请 {minutes} 分钟后再试',
  'login.accountLocked': '账户已锁定',
  'login.merchantDeleted': '该商户已被注销',
  'login.merchantDisabled': '该商户已被停用，请联系客服',
  'login.adminDisabled': '该账户已被停用，请联系管理员',
  'login.invitationPending': '该账户的邀请尚未接受，请先通过邀请邮件激活',
  'login.invitationExpired': '邀请链接已过期，请联系管理员重新发送',

  'field.body': '请求内容',
  'field.querystring': '查询参数',
  'field.params': '路径参数',
  'field.headers': '请求头',
  'field.merchantNo': '商户号',
  'field.loginName': '用户名',
  'field.password': '密码',
  'field.oldPassword': '原密码',
  'field.newPassword': '新密码',
  'field.confirmPassword': '确认密码',
  'field.businessId': '商户',
  'field.id': '编号',
  'field.gatewayNo': '网关号',
  'field.page': '页码',
  'field.limit': '每页条数',
  'field.success': '登录结果',

  ...onboardingZhCn,
  ...tradeZhCn,
  ...disputesZhCn,
  ...reportsZhCn,
} as const;

export type MessageKey = keyof typeof zhCn;
type Catalog = Record<MessageKey, string>;

const zhHk: Catalog = {
  ok: '操作成功',

  'error.unauthorized': '登入狀態已過期或無效，請重新登入',
  'error.forbidden': '您沒有被分配此權限',
  'error.twoFactorRequired': '請先完成兩步驗證',
  'error.internal': '系統繁忙，請稍後再試',
  'error.notFound': '記錄不存在',
  'error.routeNotFound': '請求的介面不存在',
  'error.badJson': '請求內容不是有效的 JSON',
  'error.badRequest': '請求格式不正確',
  'error.unsupportedMediaType': '不支援的請求內容類型',
  'error.bodyTooLarge': '請求內容過大',

  'validation.required': '{field}不能為空',
  'validation.invalid': '{field}格式不正確',
  'validation.tooShort': '{field}長度不能少於 {min} 個字元',
  'validation.tooLong': '{field}長度不能超過 {max} 個字元',
  'validation.tooSmall': '{field}不能小於 {min}',
  'validation.tooLarge': '{field}不能大於 {max}',
  'validation.invalidOption': '{field}的取值無效',
  'validation.custom': '{field}：{detail}',

  'password.rule': '請輸入符合規則的密碼',
  'password.mismatch': '兩次輸入的密碼不一致',
  'password.oldIncorrect': '原密碼不正確',
  'password.sameAsOld': '新密碼不能與原密碼相同',
  'password.updated': '密碼修改成功',

  'login.success': '登入成功',
  'login.switched': '切換商戶登入成功',
  'login.badCredentials': '商戶號、用戶名或密碼不正確',
  'login.locked': '帳戶已被鎖定，請 {minutes} 分鐘後再試',
  'login.accountLocked': '帳戶已鎖定',
  'login.merchantDeleted': '該商戶已被註銷',
  'login.merchantDisabled': '該商戶已被停用，請聯絡客服',
  'login.adminDisabled': '該帳戶已被停用，請聯絡管理員',
  'login.invitationPending': '該帳戶的邀請尚未接受，請先透過邀請郵件啟用',
  'login.invitationExpired': '邀請連結已過期，請聯絡管理員重新發送',

  'field.body': '請求內容',
  'field.querystring': '查詢參數',
  'field.params': '路徑參數',
  'field.headers': '請求頭',
  'field.merchantNo': '商戶號',
  'field.loginName': '用戶名',
  'field.password': '密碼',
  'field.oldPassword': '原密碼',
  'field.newPassword': '新密碼',
  'field.confirmPassword': '確認密碼',
  'field.businessId': '商戶',
  'field.id': '編號',
  'field.gatewayNo': '網關號',
  'field.page': '頁碼',
  'field.limit': '每頁條數',
  'field.success': '登入結果',

  ...onboardingZhHk,
  ...tradeZhHk,
  ...disputesZhHk,
  ...reportsZhHk,
};

const en: Catalog = {
  ok: 'Success',

  'error.unauthorized': 'Invalid or expired session, please log in again',
  'error.forbidden': 'You have not been assigned this permission',
  'error.twoFactorRequired': 'Please complete two-step verification first',
  'error.internal': 'System busy, please try again later',
  'error.notFound': 'The record does not exist',
  'error.routeNotFound': 'The requested interface does not exist',
  'error.badJson': 'The request body is not valid JSON',
  'error.badRequest': 'The request is malformed',
  'error.unsupportedMediaType': 'Unsupported request content type',
  'error.bodyTooLarge': 'The request body is too large',

  'validation.required': '{field} is required',
  'validation.invalid': '{field} is invalid',
  'validation.tooShort': '{field} must be at least {min} characters',
  'validation.tooLong': '{field} must be at most {max} characters',
  'validation.tooSmall': '{field} must not be less than {min}',
  'validation.tooLarge': '{field} must not be greater than {max}',
  'validation.invalidOption': '{field} has an invalid value',
  'validation.custom': '{field}: {detail}',

  'password.rule': 'A password following the rules is required',
  'password.mismatch': 'The two passwords differ',
  'password.oldIncorrect': 'The old password is incorrect',
  'password.sameAsOld': 'The new password must differ from the old one',
  'password.updated': 'Password changed',

  'login.success': 'Logged in',
  'login.switched': 'Switched business',
  'login.badCredentials': 'Incorrect merchant number, login name or password',
  'login.locked': 'The account is locked, please try again in {minutes} minutes',
  'login.accountLocked': 'Account locked',
  'login.merchantDeleted': 'This merchant account has been closed',
  'login.merchantDisabled': 'This merchant account is disabled, please contact customer service',
  'login.adminDisabled': 'This account is disabled, please contact your administrator',
  'login.invitationPending': 'This account has not accepted its invitation yet, please use the invitation email first',
  'login.invitationExpired': 'The invitation has expired, please ask an administrator to resend it',

  'field.body': 'Request body',
  'field.querystring': 'Query parameters',
  'field.params': 'Path parameters',
  'field.headers': 'Request headers',
  'field.merchantNo': 'Merchant number',
  'field.loginName': 'Login name',
  'field.password': 'Password',
  'field.oldPassword': 'Old password',
  'field.newPassword': 'New password',
  'field.confirmPassword': 'Confirm password',
  'field.businessId': 'Business',
  'field.id': 'ID',
  'field.gatewayNo': 'Gateway number',
  'field.page': 'Page',
  'field.limit': 'Page size',
  'field.success': 'Login result',

  ...onboardingEn,
  ...tradeEn,
  ...disputesEn,
  ...reportsEn,
};

export const MESSAGES = { zhCn, zhHk, en } as const;
