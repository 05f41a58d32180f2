/**
 * Messages of onboarding and identity: sign-up, sign-in by code, verification and reset links,
 * settings, invitations and single sign-on (`login.*` here are login-log reasons of those sign-ins).
 * The KYC wizard has its own catalog in `kyc-messages.ts`.
 * Registered with the translator by `src/messages.ts`; zh_HK and en are typed against zh_CN, and
 * `src/messages.test.ts` checks keys, placeholders and that no other catalog defines the same key.
 */
const zhCn = {
  'code.channelNotAllowed': '该验证码不能通过此方式发送',
  'code.badTarget': '请输入有效的邮箱地址或手机号码（带国家区号，如 +8613800000000）',

  'identity.emailTaken': '该邮箱已被注册',
  'identity.mobileTaken': '该手机号码已被注册',
  'identity.sameEmail': '新邮箱与当前邮箱相同',
  'identity.sameMobile': '新手机号码与当前号码相同',
  'identity.noMobile': '请先绑定手机号码',
  'identity.personRequired': '请先完成账户升级：添加并验证邮箱和手机号码',
  'identity.upgradeNotRequired': '该账户已绑定经过验证的邮箱和手机号码',
  'identity.alreadyLinked': '该邮箱对应的用户已是此商户的管理员',

  'signIn.emailUnverified': '邮箱尚未验证，暂不能使用邮箱登录；请先验证邮箱或使用手机号码登录',
  'signIn.noBusiness': '该账户下没有可用的商户',

  'emailVerify.expired': '邮箱验证失败：链接已过期，请重新发送邮件',
  'emailVerify.invalid': '邮箱验证失败：链接无效或已被使用',

  'resetPwd.expired': '重置密码链接已过期，请重新申请',
  'resetPwd.invalid': '重置密码链接无效或已被使用',

  'invitation.expired': '接受邀请失败：链接已过期，请联系管理员重新发送',
  'invitation.invalid': '邀请链接无效或已被使用',
  'invitation.exists': '使用该邮箱的管理员已存在',
  'invitation.notPending': '该管理员没有待接受的邀请',

  'sso.invalid': '登录凭证无效、已使用或已过期',

  'login.signedUp': '注册并登录',
  'login.codeSignIn': '验证码登录',
  'login.codeRefused': '验证码登录失败',
  'login.newBusiness': '创建新商户并登录',
  'login.twoFactor': '两步验证通过',
  'login.sso': '系统管理员单点登录',
  'login.invitationAccepted': '接受邀请并登录',

  'field.email': '邮箱',
  'field.mobile': '手机号码',
  'field.smsCode': '短信验证码',
  'field.emailCode': '邮箱验证码',
  'field.code': '验证码',
  'field.target': '邮箱或手机号码',
  'field.purpose': '用途',
  'field.channel': '发送方式',
  'field.token': '链接',
  'field.ticket': '登录凭证',
  'field.newEmail': '新邮箱',
  'field.newMobile': '新手机号码',
  'field.name': '姓名',
  'field.businessName': '商户名称',
  'field.roleId': '角色',
  'field.gatewayNos': '网关',
  'field.mayViewAccount': '查看账户动态',
  'field.adminId': '管理员',
  'field.enabled': '开关',
  'field.confirm': '确认',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'code.channelNotAllowed': '該驗證碼不能透過此方式發送',
  'code.badTarget': '請輸入有效的電郵地址或手機號碼（帶國家區號，如 +85291234567）',

  'identity.emailTaken': '該電郵已被註冊',
  'identity.mobileTaken': '該手機號碼已被註冊',
  'identity.sameEmail': '新電郵與目前電郵相同',
  'identity.sameMobile': '新手機號碼與目前號碼相同',
  'identity.noMobile': '請先綁定手機號碼',
  'identity.personRequired': '請先完成帳戶升級：添加並驗證電郵和手機號碼',
  'identity.upgradeNotRequired': '該帳戶已綁定經過驗證的電郵和手機號碼',
  'identity.alreadyLinked': '該電郵對應的用戶已是此商戶的管理員',

  'signIn.emailUnverified': '電郵尚未驗證，暫不能使用電郵登入；請先驗證電郵或使用手機號碼登入',
  'signIn.noBusiness': '該帳戶下沒有可用的商戶',

  'emailVerify.expired': '電郵驗證失敗：連結已過期，請重新發送郵件',
  'emailVerify.invalid': '電郵驗證失敗：連結無效或已被使用',

  'resetPwd.expired': '重設密碼連結已過期，請重新申請',
  'resetPwd.invalid': '重設密碼連結無效或已被使用',

  'invitation.expired': '接受邀請失敗：連結已過期，請聯絡管理員重新發送',
  'invitation.invalid': '邀請連結無效或已被使用',
  'invitation.exists': '使用該電郵的管理員已存在',
  'invitation.notPending': '該管理員沒有待接受的邀請',

  'sso.invalid': '登入憑證無效、已使用或已過期',

  'login.signedUp': '註冊並登入',
  'login.codeSignIn': '驗證碼登入',
  'login.codeRefused': '驗證碼登入失敗',
  'login.newBusiness': '建立新商戶並登入',
  'login.twoFactor': '兩步驗證通過',
  'login.sso': '系統管理員單一登入',
  'login.invitationAccepted': '接受邀請並登入',

  'field.email': '電郵',
  'field.mobile': '手機號碼',
  'field.smsCode': '短訊驗證碼',
  'field.emailCode': '電郵驗證碼',
  'field.code': '驗證碼',
  'field.target': '電郵或手機號碼',
  'field.purpose': '用途',
  'field.channel': '發送方式',
  'field.token': '連結',
  'field.ticket': '登入憑證',
  'field.newEmail': '新電郵',
  'field.newMobile': '新手機號碼',
  'field.name': '姓名',
  'field.businessName': '商戶名稱',
  'field.roleId': '角色',
  'field.gatewayNos': '網關',
  'field.mayViewAccount': '查看帳戶動態',
  'field.adminId': '管理員',
  'field.enabled': '開關',
  'field.confirm': '確認',
};

const en: Record<Key, string> = {
  'code.channelNotAllowed': 'This code cannot be sent that way',
  'code.badTarget': 'Enter a valid email address or mobile number with its country code (e.g. +447700900123)',

  'identity.emailTaken': 'This email address is already registered',
  'identity.mobileTaken': 'This mobile number is already registered',
  'identity.sameEmail': 'The new email address is the same as the current one',
  'identity.sameMobile': 'The new mobile number is the same as the current one',
  'identity.noMobile': 'Add a mobile number first',
  'identity.personRequired': 'Upgrade your account first: add and verify your email and mobile number',
  'identity.upgradeNotRequired': 'This account already has a verified email and mobile number',
  'identity.alreadyLinked': 'The person with this email is already an administrator of this business',

  'signIn.emailUnverified': 'Sign-in by email is not available until the email address is verified; verify it or sign in with your mobile',
  'signIn.noBusiness': 'No business is available to this account',

  'emailVerify.expired': 'Email verification failed: link expired, resend the email',
  'emailVerify.invalid': 'Email verification failed: the link is invalid or has already been used',

  'resetPwd.expired': 'The password reset link has expired, please request a new one',
  'resetPwd.invalid': 'The password reset link is invalid or has already been used',

  'invitation.expired': 'Invitation acceptance failed: link expired, ask an administrator to resend',
  'invitation.invalid': 'The invitation link is invalid or has already been used',
  'invitation.exists': 'An administrator with this email address already exists',
  'invitation.notPending': 'This administrator has no pending invitation',

  'sso.invalid': 'The sign-in ticket is invalid, used or expired',

  'login.signedUp': 'Signed up and logged in',
  'login.codeSignIn': 'Logged in with a verification code',
  'login.codeRefused': 'Verification code sign-in refused',
  'login.newBusiness': 'Created a business and logged in',
  'login.twoFactor': 'Two-step verification passed',
  'login.sso': 'System administrator single sign-on',
  'login.invitationAccepted': 'Accepted the invitation and logged in',

  'field.email': 'Email',
  'field.mobile': 'Mobile number',
  'field.smsCode': 'SMS code',
  'field.emailCode': 'Email code',
  'field.code': 'Verification code',
  'field.target': 'Email or mobile number',
  'field.purpose': 'Purpose',
  'field.channel': 'Channel',
  'field.token': 'Link',
  'field.ticket': 'Sign-in ticket',
  'field.newEmail': 'New email',
  'field.newMobile': 'New mobile number',
  'field.name': 'Name',
  'field.businessName': 'Business name',
  'field.roleId': 'Role',
  'field.gatewayNos': 'Gateways',
  'field.mayViewAccount': 'View account dynamics',
  'field.adminId': 'Administrator',
  'field.enabled': 'Switch',
  'field.confirm': 'Confirmation',
};

export const ONBOARDING_MESSAGES = { zhCn, zhHk, en };

// Makes these keys part of `MessageKey` (platform never imports a domain, so the domain adds itself).
declare module '../../platform/messages' {
  interface MessageCatalogs {
    onboarding: Key;
  }
}
