/**
 * Messages of signing in, switching business and changing the password (`login.*` are also the
 * reasons the login log keeps and the system domain translates when it lists them).
 * Registered with the translator by `src/messages.ts`; zh_HK and en are typed against zh_CN, and
 * `src/messages.test.ts` checks keys, placeholders and that no other catalog defines the same key.
 */
const zhCn = {
  'password.rule': '请输入符合规则的密码',
  'password.mismatch': '两次输入的密码不一致',
  'password.oldIncorrect': '原密码不正确',
  'password.sameAsOld': '新密码不能与原密码相同',
  'password.locked': '原密码错误次数过多，请 {minutes} 分钟后再试',
  'password.updated': '密码修改成功',

  'login.success': '登录成功',
  'login.switched': '切换商户登录成功',
  'login.badCredentials': '商户号、登录名或密码不正确',
  'login.locked': '账户已被锁定，请 {minutes} 分钟后再试；也可以凭密码和发送到账户手机或已验证邮箱的验证码立即解锁',
  'login.tooManyAttempts': '登录尝试过于频繁，请 {seconds} 秒后再试',
  'login.unlocked': '验证码解锁并登录',
  'login.unlockCodeSent': '如果商户号、登录名和密码正确且账户已被锁定，解锁验证码已发送到账户的手机或已验证邮箱',
  'login.accountLocked': '账户已锁定',
  'login.merchantDeleted': '该商户已被注销',
  'login.merchantDisabled': '该商户已被停用，请联系客服',
  'login.adminDisabled': '该账户已被停用，请联系管理员',
  'login.invitationPending': '该账户的邀请尚未接受，请先通过邀请邮件激活',
  'login.invitationExpired': '邀请链接已过期，请联系管理员重新发送',

  'field.merchantNo': '商户号',
  'field.loginName': '登录名',
  'field.password': '密码',
  'field.oldPassword': '原密码',
  'field.newPassword': '新密码',
  'field.confirmPassword': '确认密码',
  'field.businessId': '商户',
  'freshCheck.required': '此操作需要重新验证身份：请使用通行密钥或验证码确认（上次验证已超过 5 分钟）',
  'freshCheck.noCodeAddress': '账户没有可接收验证码的手机或邮箱，请使用通行密钥',
  'passkey.invalid': '通行密钥验证失败，请重试',
  'passkey.expired': '通行密钥请求已过期，请重试',
  'passkey.tooMany': '每个账户最多注册 {max} 个通行密钥',
  'passkey.duplicate': '该通行密钥已注册',
  'passkey.none': '尚未注册通行密钥',
  'login.passkey': '通行密钥登录',
  'login.twoFactorPasskey': '通行密钥完成两步验证',
  'freshCheck.passed': '身份已验证',
  'field.response': '通行密钥应答',
  'field.refundCheckThreshold': '退款验证金额',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'password.rule': '請輸入符合規則的密碼',
  'password.mismatch': '兩次輸入的密碼不一致',
  'password.oldIncorrect': '原密碼不正確',
  'password.sameAsOld': '新密碼不能與原密碼相同',
  'password.locked': '原密碼錯誤次數過多，請 {minutes} 分鐘後再試',
  'password.updated': '密碼修改成功',

  'login.success': '登入成功',
  'login.switched': '切換商戶登入成功',
  'login.badCredentials': '商戶號、登入名稱或密碼不正確',
  'login.locked': '帳戶已被鎖定，請 {minutes} 分鐘後再試；也可以憑密碼和發送到帳戶手機或已驗證電郵的驗證碼立即解鎖',
  'login.tooManyAttempts': '登入嘗試過於頻繁，請 {seconds} 秒後再試',
  'login.unlocked': '驗證碼解鎖並登入',
  'login.unlockCodeSent': '如果商戶號、登入名稱和密碼正確且帳戶已被鎖定，解鎖驗證碼已發送到帳戶的手機或已驗證電郵',
  'login.accountLocked': '帳戶已鎖定',
  'login.merchantDeleted': '該商戶已被註銷',
  'login.merchantDisabled': '該商戶已被停用，請聯絡客服',
  'login.adminDisabled': '該帳戶已被停用，請聯絡管理員',
  'login.invitationPending': '該帳戶的邀請尚未接受，請先透過邀請郵件啟用',
  'login.invitationExpired': '邀請連結已過期，請聯絡管理員重新發送',

  'field.merchantNo': '商戶號',
  'field.loginName': '登入名稱',
  'field.password': '密碼',
  'field.oldPassword': '原密碼',
  'field.newPassword': '新密碼',
  'field.confirmPassword': '確認密碼',
  'field.businessId': '商戶',
  'freshCheck.required': '此操作需要重新驗證身份：請使用通行密鑰或驗證碼確認（上次驗證已超過 5 分鐘）',
  'freshCheck.noCodeAddress': '賬戶沒有可接收驗證碼的手機或郵箱，請使用通行密鑰',
  'passkey.invalid': '通行密鑰驗證失敗，請重試',
  'passkey.expired': '通行密鑰請求已過期，請重試',
  'passkey.tooMany': '每個賬戶最多註冊 {max} 個通行密鑰',
  'passkey.duplicate': '該通行密鑰已註冊',
  'passkey.none': '尚未註冊通行密鑰',
  'login.passkey': '通行密鑰登入',
  'login.twoFactorPasskey': '通行密鑰完成兩步驗證',
  'freshCheck.passed': '身份已驗證',
  'field.response': '通行密鑰應答',
  'field.refundCheckThreshold': '退款驗證金額',
};

const en: Record<Key, string> = {
  'password.rule': 'A password following the rules is required',
  'password.mismatch': 'The two passwords differ',
  'password.oldIncorrect': 'The old password is incorrect',
  'password.sameAsOld': 'The new password must differ from the old one',
  'password.locked': 'Too many wrong current passwords, please try again in {minutes} minutes',
  'password.updated': 'Password changed',

  'login.success': 'Logged in',
  'login.switched': 'Switched business',
  'login.badCredentials': 'Incorrect merchant number, login name or password',
  'login.locked':
    "The account is locked, please try again in {minutes} minutes, or unlock it now with the password and a code sent to the account's mobile or verified email",
  'login.tooManyAttempts': 'Too many sign-in attempts, please try again in {seconds} s',
  'login.unlocked': 'Unlocked with a code and logged in',
  'login.unlockCodeSent':
    "If the merchant number, login name and password are right and the account is locked, an unlock code was sent to the account's mobile or verified email",
  'login.accountLocked': 'Account locked',
  'login.merchantDeleted': 'This merchant account has been closed',
  'login.merchantDisabled': 'This merchant account is disabled, please contact customer service',
  'login.adminDisabled': 'This account is disabled, please contact your administrator',
  'login.invitationPending': 'This account has not accepted its invitation yet, please use the invitation email first',
  'login.invitationExpired': 'The invitation has expired, please ask an administrator to resend it',

  'field.merchantNo': 'Merchant number',
  'field.loginName': 'Login name',
  'field.password': 'Password',
  'field.oldPassword': 'Old password',
  'field.newPassword': 'New password',
  'field.confirmPassword': 'Confirm password',
  'field.businessId': 'Business',
  'freshCheck.required': 'Please confirm it is you with a passkey or a code: your last check was more than 5 minutes ago',
  'freshCheck.noCodeAddress': 'This account has no mobile or email to send a code to; please use a passkey',
  'passkey.invalid': 'The passkey could not be verified, please try again',
  'passkey.expired': 'The passkey request has expired, please try again',
  'passkey.tooMany': 'An account can register at most {max} passkeys',
  'passkey.duplicate': 'This passkey is already registered',
  'passkey.none': 'No passkey registered yet',
  'login.passkey': 'Signed in with a passkey',
  'login.twoFactorPasskey': 'Second step passed with a passkey',
  'freshCheck.passed': 'Identity confirmed',
  'field.response': 'Passkey answer',
  'field.refundCheckThreshold': 'Refund check amount',
};

export const AUTH_MESSAGES = { zhCn, zhHk, en };

// Makes these keys part of `MessageKey` (platform never imports a domain, so the domain adds itself).
declare module '../../platform/messages' {
  interface MessageCatalogs {
    auth: Key;
  }
}
