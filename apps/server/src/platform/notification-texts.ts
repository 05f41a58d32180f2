import type { TLanguage } from '@mbo/shared/i18n';

/**
 * Texts of every mail and SMS the server sends, in the three languages. A mail is a subject and a
 * text body (paragraphs separated by a blank line); its HTML part is generated from the text, so the
 * two never say different things. `{name}` placeholders are filled by `renderNotification`.
 */
const zhCn = {
  product: '商户后台',

  'purpose.signup': '注册',
  'purpose.signIn': '登录',
  'purpose.twoFA': '两步验证',
  'purpose.changePhone': '更换手机号码',
  'purpose.changeEmail': '更换邮箱',
  'purpose.resetPwd': '重置密码',
  'purpose.removeAccount': '注销账户',
  'purpose.twoFAToggle': '开启或关闭两步验证',
  'purpose.upgrade': '账户升级',
  'purpose.unlock': '账户解锁',
  'purpose.freshCheck': '操作前身份验证',

  'sms.code': '【{product}】您的{purpose}验证码为 {code}，{minutes} 分钟内有效，请勿泄露给他人。',

  // A merchant's reply to a cardholder (Risk menu): the merchant wrote the whole text.
  'mail.cardholderReply.subject': '{subject}',
  'mail.cardholderReply.text': '{body}',
  'mail.code.subject': '{product}{purpose}验证码',
  'mail.code.text': '您好：\n\n您的{purpose}验证码为 {code}，{minutes} 分钟内有效。\n\n如果这不是您本人的操作，请忽略本邮件。',

  'mail.verifyEmail.subject': '请验证您的{product}邮箱',
  'mail.verifyEmail.text':
    '您好：\n\n请在 {hours} 小时内打开以下链接，验证您的邮箱地址：\n\n{link}\n\n如果这不是您本人的操作，请忽略本邮件。',

  'mail.resetPassword.subject': '重置您的{product}密码',
  'mail.resetPassword.text':
    '您好：\n\n我们收到了重置密码的申请。请在 {minutes} 分钟内打开以下链接设置新密码（链接只能使用一次）：\n\n{link}\n\n如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',

  'mail.invitation.subject': '邀请您成为{merchantName}的管理员',
  'mail.invitation.text':
    '您好：\n\n{merchantName}（商户号 {merchantNo}）邀请您成为{product}的管理员。请在 {days} 天内打开以下链接，设置姓名和密码以接受邀请：\n\n{link}\n\n接受后可使用商户号 {merchantNo}、登录名 {loginName} 和您设置的密码登录。',

  'mail.kycApproved.subject': '{businessName}的资料审核已通过',
  'mail.kycApproved.text': '您好：\n\n{businessName}（商户号 {merchantNo}）的企业资料已审核通过，支付网关已开通。\n\n登录{product}：{link}',

  'mail.linksPaused.subject': '{merchantName}的支付链接已暂停收款',
  'mail.linksPaused.text':
    '您好：\n\n{merchantName}（商户号 {merchantNo}）的支付链接在一小时内被拒付款达到 {count} 笔，可能有人在用支付链接试卡。为保护您的商户，{links} 个有效的支付链接已暂停收款至 {until}（{minutes} 分钟），之后自动恢复。\n\n请登录{product}，在快捷支付的支付链接中查看这些付款：{link}\n\n如果这些付款来自您的顾客，或需要提前恢复，请联系客服。',
  'mail.webhookDisabled.subject': '{merchantName}的支付通知地址已停用',
  'mail.webhookDisabled.text':
    '您好：\n\n{merchantName}（商户号 {merchantNo}）的支付通知地址 {url} 连续 3 天无法接收通知，已被停用，之后的通知不再发送到该地址。\n\n请修复接收服务后登录{product}，在系统管理的支付通知中启用该地址，并重发失败的通知：{link}',
  'mail.scheduledReport.subject': '定时报表：{name}（{period}）',
  'mail.scheduledReport.text':
    '您好：\n\n{merchantName}（商户号 {merchantNo}）的定时报表「{name}」已生成，数据期间 {period}，文件 {fileName} 见附件。\n\n此邮件由 {owner} 设置的定时报表自动发送。如需修改或停止，请登录{product}，在系统管理的定时报表中操作：{link}',
  'mail.scheduledReportLink.subject': '定时报表：{name}（{period}）',
  'mail.scheduledReportLink.text':
    '您好：\n\n{merchantName}（商户号 {merchantNo}）的定时报表「{name}」已生成，数据期间 {period}。文件 {fileName}（{size}）较大，请在 {days} 天内通过以下链接下载：\n\n{fileLink}\n\n此邮件由 {owner} 设置的定时报表自动发送。如需修改或停止，请登录{product}，在系统管理的定时报表中操作：{link}',
  'mail.approvalRequested.subject': '待您审批：{requester} 申请的{kind} {amount}',
  'mail.approvalRequested.text':
    '您好：\n\n{merchantName}（商户号 {merchantNo}）的管理员 {requester} 提交了一笔需要另一位管理员审批的{kind}：{amount}（{target}）。\n\n申请原因：{reason}\n\n请在 {expiresAt}（UTC）前登录{product}，在系统管理的审批中心处理：{link}\n\n申请人本人不能审批自己的申请。',
  'mail.notification.subject': '{title}',
  'mail.notification.text': '您好：\n\n{text}\n\n登录{product}查看详情：{link}\n\n不想再收到此类邮件，可在通知中心的设置中关闭。',
  'mail.programmeWarning.subject': '{merchantName}：{programme}预计达到「{line}」线（{month}）',
  'mail.programmeWarning.text':
    '您好：\n\n按 {month} 至今的趋势，{merchantName}（商户号 {merchantNo}）的{programme}比率月末预计为 {ratio}（{count} 笔），将达到「{line}」线：{threshold}，且至少 {minCount} 笔。\n\n达到该线后卡组织可能对商户采取监控措施并收取费用。请及时退款未处理的 Ethoca 预警、处理争议并检查风控规则。\n\n登录{product}，在统计报表中查看各项比率和规则：{link}\n\n本月该线的预警只发送一次。',
  'mail.kycRejected.subject': '{businessName}的资料审核未通过',
  'mail.kycRejected.text':
    '您好：\n\n很抱歉，{businessName}（商户号 {merchantNo}）的企业资料审核未通过，原因：\n\n{reason}\n\n请登录{product}修改资料后重新提交：{link}',

  'mail.emailChanged.subject': '您的{product}登录邮箱已更改',
  'mail.emailChanged.text':
    '您好：\n\n您账户的邮箱已更改为 {newEmail}。新邮箱验证之前不能用于登录。\n\n如果这不是您本人的操作，请立即联系客服。',

  'mail.accountLocked.subject': '您的{product}账户已被锁定',
  'mail.accountLocked.text':
    '您好：\n\n商户号 {merchantNo} 的用户 {loginName} 连续 10 次密码错误，账户已于 {time} 起锁定 {minutes} 分钟。最后一次尝试来自 IP 地址 {ip}。\n\n锁定期满后即可再次登录。如需立即解锁，请在登录页输入正确的密码并获取解锁验证码（发送到账户的手机或已验证邮箱）：{link}\n\n如果这些尝试不是您本人所为，建议解锁后修改密码。',
  'sms.accountLocked':
    '【{product}】商户号 {merchantNo} 的用户 {loginName} 连续 10 次密码错误，账户已锁定 {minutes} 分钟。如需立即解锁，请在登录页凭密码获取解锁验证码。',

  'mail.signupAttempt.subject': '有人尝试使用您的邮箱注册{product}',
  'mail.signupAttempt.text':
    '您好：\n\n有人刚刚尝试使用此邮箱地址注册{product}。此邮箱已属于一个账户，不会被新的注册使用。\n\n如果是您本人，无需重新注册：请使用手机号码或邮箱验证码登录，或重置密码：{link}\n\n如果不是您本人，请忽略本邮件，您的账户不受影响。',
  'sms.signupAttempt':
    '【{product}】有人刚刚尝试使用您的手机号码注册。此号码已有账户，如是您本人，请直接登录或重置密码；如不是，请忽略本短信。',

  'mail.websiteReview.subject': '{merchantName}（商户号 {merchantNo}）提交了 {count} 个网站待审核',
  'mail.websiteReview.text':
    '您好：\n\n{merchantName}（商户号 {merchantNo}）提交了 {count} 个网站，并确认网站具备退款、联系方式、服务条款和配送政策，且允许测试订单：\n\n{urls}\n\n请审核后使用 npm run ops -- website:pass / website:fail 处理。',
  'mail.signInUnverified.subject': '{product}登录验证码未发送',
  'mail.signInUnverified.text':
    '您好：\n\n有人请求向此邮箱发送登录验证码。此邮箱尚未验证，验证之前不能用于登录，因此没有发送验证码。\n\n如果是您本人：请打开之前收到的验证邮件完成验证，或使用手机号码登录：{link}\n\n如果不是您本人，请忽略本邮件。',
} as const;

export type NotificationKey = keyof typeof zhCn;
type Catalog = Record<NotificationKey, string>;

const zhHk: Catalog = {
  product: '商戶後台',

  'purpose.signup': '註冊',
  'purpose.signIn': '登入',
  'purpose.twoFA': '兩步驗證',
  'purpose.changePhone': '更換手機號碼',
  'purpose.changeEmail': '更換電郵',
  'purpose.resetPwd': '重設密碼',
  'purpose.removeAccount': '註銷帳戶',
  'purpose.twoFAToggle': '開啟或關閉兩步驗證',
  'purpose.upgrade': '帳戶升級',
  'purpose.unlock': '帳戶解鎖',
  'purpose.freshCheck': '操作前身份驗證',

  'sms.code': '【{product}】您的{purpose}驗證碼為 {code}，{minutes} 分鐘內有效，請勿洩露給他人。',

  // A merchant's reply to a cardholder (Risk menu): the merchant wrote the whole text.
  'mail.cardholderReply.subject': '{subject}',
  'mail.cardholderReply.text': '{body}',
  'mail.code.subject': '{product}{purpose}驗證碼',
  'mail.code.text': '您好：\n\n您的{purpose}驗證碼為 {code}，{minutes} 分鐘內有效。\n\n如果這不是您本人的操作，請忽略本郵件。',

  'mail.verifyEmail.subject': '請驗證您的{product}電郵',
  'mail.verifyEmail.text':
    '您好：\n\n請在 {hours} 小時內打開以下連結，驗證您的電郵地址：\n\n{link}\n\n如果這不是您本人的操作，請忽略本郵件。',

  'mail.resetPassword.subject': '重設您的{product}密碼',
  'mail.resetPassword.text':
    '您好：\n\n我們收到了重設密碼的申請。請在 {minutes} 分鐘內打開以下連結設定新密碼（連結只能使用一次）：\n\n{link}\n\n如果這不是您本人的操作，請忽略本郵件，您的密碼不會改變。',

  'mail.invitation.subject': '邀請您成為{merchantName}的管理員',
  'mail.invitation.text':
    '您好：\n\n{merchantName}（商戶號 {merchantNo}）邀請您成為{product}的管理員。請在 {days} 天內打開以下連結，設定姓名和密碼以接受邀請：\n\n{link}\n\n接受後可使用商戶號 {merchantNo}、登入名稱 {loginName} 和您設定的密碼登入。',

  'mail.kycApproved.subject': '{businessName}的資料審核已通過',
  'mail.kycApproved.text': '您好：\n\n{businessName}（商戶號 {merchantNo}）的企業資料已審核通過，支付網關已開通。\n\n登入{product}：{link}',

  'mail.linksPaused.subject': '{merchantName}的支付連結已暫停收款',
  'mail.linksPaused.text':
    '您好：\n\n{merchantName}（商戶號 {merchantNo}）的支付連結在一小時內被拒付款達到 {count} 筆，可能有人在用支付連結試卡。為保護您的商戶，{links} 個有效的支付連結已暫停收款至 {until}（{minutes} 分鐘），之後自動恢復。\n\n請登入{product}，在快捷支付的支付連結中查看這些付款：{link}\n\n如果這些付款來自您的顧客，或需要提前恢復，請聯絡客服。',
  'mail.webhookDisabled.subject': '{merchantName}的支付通知地址已停用',
  'mail.webhookDisabled.text':
    '您好：\n\n{merchantName}（商戶號 {merchantNo}）的支付通知地址 {url} 連續 3 天無法接收通知，已被停用，之後的通知不再發送到該地址。\n\n請修復接收服務後登入{product}，在系統管理的支付通知中啟用該地址，並重發失敗的通知：{link}',
  'mail.scheduledReport.subject': '定時報表：{name}（{period}）',
  'mail.scheduledReport.text':
    '您好：\n\n{merchantName}（商戶號 {merchantNo}）的定時報表「{name}」已生成，數據期間 {period}，檔案 {fileName} 見附件。\n\n此郵件由 {owner} 設定的定時報表自動發送。如需修改或停止，請登入{product}，在系統管理的定時報表中操作：{link}',
  'mail.scheduledReportLink.subject': '定時報表：{name}（{period}）',
  'mail.scheduledReportLink.text':
    '您好：\n\n{merchantName}（商戶號 {merchantNo}）的定時報表「{name}」已生成，數據期間 {period}。檔案 {fileName}（{size}）較大，請在 {days} 天內透過以下連結下載：\n\n{fileLink}\n\n此郵件由 {owner} 設定的定時報表自動發送。如需修改或停止，請登入{product}，在系統管理的定時報表中操作：{link}',
  'mail.approvalRequested.subject': '待您審批：{requester} 申請的{kind} {amount}',
  'mail.approvalRequested.text':
    '您好：\n\n{merchantName}（商戶號 {merchantNo}）的管理員 {requester} 提交了一筆需要另一位管理員審批的{kind}：{amount}（{target}）。\n\n申請原因：{reason}\n\n請在 {expiresAt}（UTC）前登入{product}，在系統管理的審批中心處理：{link}\n\n申請人本人不能審批自己的申請。',
  'mail.notification.subject': '{title}',
  'mail.notification.text': '您好：\n\n{text}\n\n登入{product}查看詳情：{link}\n\n不想再收到此類郵件，可在通知中心的設定中關閉。',
  'mail.programmeWarning.subject': '{merchantName}：{programme}預計達到「{line}」線（{month}）',
  'mail.programmeWarning.text':
    '您好：\n\n按 {month} 至今的趨勢，{merchantName}（商戶號 {merchantNo}）的{programme}比率月末預計為 {ratio}（{count} 筆），將達到「{line}」線：{threshold}，且至少 {minCount} 筆。\n\n達到該線後卡組織可能對商戶採取監控措施並收取費用。請及時退款未處理的 Ethoca 預警、處理爭議並檢查風控規則。\n\n登入{product}，在統計報表中查看各項比率和規則：{link}\n\n本月該線的預警只發送一次。',
  'mail.kycRejected.subject': '{businessName}的資料審核未通過',
  'mail.kycRejected.text':
    '您好：\n\n很抱歉，{businessName}（商戶號 {merchantNo}）的企業資料審核未通過，原因：\n\n{reason}\n\n請登入{product}修改資料後重新提交：{link}',

  'mail.emailChanged.subject': '您的{product}登入電郵已更改',
  'mail.emailChanged.text':
    '您好：\n\n您帳戶的電郵已更改為 {newEmail}。新電郵驗證之前不能用於登入。\n\n如果這不是您本人的操作，請立即聯絡客服。',

  'mail.accountLocked.subject': '您的{product}帳戶已被鎖定',
  'mail.accountLocked.text':
    '您好：\n\n商戶號 {merchantNo} 的用戶 {loginName} 連續 10 次密碼錯誤，帳戶已於 {time} 起鎖定 {minutes} 分鐘。最後一次嘗試來自 IP 地址 {ip}。\n\n鎖定期滿後即可再次登入。如需立即解鎖，請在登入頁輸入正確的密碼並獲取解鎖驗證碼（發送到帳戶的手機或已驗證電郵）：{link}\n\n如果這些嘗試不是您本人所為，建議解鎖後修改密碼。',
  'sms.accountLocked':
    '【{product}】商戶號 {merchantNo} 的用戶 {loginName} 連續 10 次密碼錯誤，帳戶已鎖定 {minutes} 分鐘。如需立即解鎖，請在登入頁憑密碼獲取解鎖驗證碼。',

  'mail.signupAttempt.subject': '有人嘗試使用您的電郵註冊{product}',
  'mail.signupAttempt.text':
    '您好：\n\n有人剛剛嘗試使用此電郵地址註冊{product}。此電郵已屬於一個帳戶，不會被新的註冊使用。\n\n如果是您本人，無需重新註冊：請使用手機號碼或電郵驗證碼登入，或重設密碼：{link}\n\n如果不是您本人，請忽略本郵件，您的帳戶不受影響。',
  'sms.signupAttempt':
    '【{product}】有人剛剛嘗試使用您的手機號碼註冊。此號碼已有帳戶，如是您本人，請直接登入或重設密碼；如不是，請忽略本短訊。',

  'mail.websiteReview.subject': '{merchantName}（商戶號 {merchantNo}）提交了 {count} 個網站待審核',
  'mail.websiteReview.text':
    '您好：\n\n{merchantName}（商戶號 {merchantNo}）提交了 {count} 個網站，並確認網站具備退款、聯絡方式、服務條款和配送政策，且允許測試訂單：\n\n{urls}\n\n請審核後使用 npm run ops -- website:pass / website:fail 處理。',
  'mail.signInUnverified.subject': '{product}登入驗證碼未發送',
  'mail.signInUnverified.text':
    '您好：\n\n有人請求向此電郵發送登入驗證碼。此電郵尚未驗證，驗證之前不能用於登入，因此沒有發送驗證碼。\n\n如果是您本人：請打開之前收到的驗證郵件完成驗證，或使用手機號碼登入：{link}\n\n如果不是您本人，請忽略本郵件。',
};

const en: Catalog = {
  product: 'Merchant back office',

  'purpose.signup': 'sign-up',
  'purpose.signIn': 'sign-in',
  'purpose.twoFA': 'two-step verification',
  'purpose.changePhone': 'mobile number change',
  'purpose.changeEmail': 'email change',
  'purpose.resetPwd': 'password reset',
  'purpose.removeAccount': 'account removal',
  'purpose.twoFAToggle': 'two-step verification setting',
  'purpose.upgrade': 'account upgrade',
  'purpose.unlock': 'account unlock',
  'purpose.freshCheck': 'identity check before a payment action',

  'sms.code': '[{product}] {code} is your {purpose} code, valid for {minutes} minutes. Do not share it.',

  // A merchant's reply to a cardholder (Risk menu): the merchant wrote the whole text.
  'mail.cardholderReply.subject': '{subject}',
  'mail.cardholderReply.text': '{body}',
  'mail.code.subject': '{product}: your {purpose} code',
  'mail.code.text':
    'Hello,\n\nYour {purpose} code is {code}. It is valid for {minutes} minutes.\n\nIf you did not ask for it, ignore this email.',

  'mail.verifyEmail.subject': 'Verify your {product} email address',
  'mail.verifyEmail.text':
    'Hello,\n\nOpen this link within {hours} hours to verify your email address:\n\n{link}\n\nIf you did not ask for it, ignore this email.',

  'mail.resetPassword.subject': 'Reset your {product} password',
  'mail.resetPassword.text':
    'Hello,\n\nWe received a request to reset your password. Open this link within {minutes} minutes to choose a new one (it works once):\n\n{link}\n\nIf you did not ask for it, ignore this email; your password stays as it is.',

  'mail.invitation.subject': 'You are invited to administer {merchantName}',
  'mail.invitation.text':
    'Hello,\n\n{merchantName} (merchant number {merchantNo}) invites you to be an administrator in the {product}. Open this link within {days} days to set your name and password and accept:\n\n{link}\n\nAfterwards, log in with merchant number {merchantNo}, login name {loginName} and your password.',

  'mail.kycApproved.subject': 'The profile of {businessName} is approved',
  'mail.kycApproved.text':
    'Hello,\n\nThe business profile of {businessName} (merchant number {merchantNo}) passed the review and the payment gateway is open.\n\nLog in to the {product}: {link}',

  'mail.linksPaused.subject': 'The payment links of {merchantName} are paused',
  'mail.linksPaused.text':
    'Hello,\n\n{count} payments through the payment links of {merchantName} (merchant number {merchantNo}) were declined within an hour, which looks like someone testing cards. To protect your business, {links} active payment link(s) take no payment until {until} ({minutes} minutes), then resume by themselves.\n\nLog in to the {product} and look at these payments under Shortcut payment, Payment links: {link}\n\nIf they came from your customers, or to resume earlier, contact customer service.',
  'mail.webhookDisabled.subject': 'A payment notification endpoint of {merchantName} was disabled',
  'mail.webhookDisabled.text':
    'Hello,\n\nThe payment notification endpoint {url} of {merchantName} (merchant number {merchantNo}) failed to take notifications for 3 days and was disabled: no further notifications are sent to it.\n\nOnce your receiver works again, log in to the {product}, enable the endpoint under System, Payment notifications, and resend the failed notifications: {link}',
  'mail.scheduledReport.subject': 'Scheduled report: {name} ({period})',
  'mail.scheduledReport.text':
    'Hello,\n\nThe scheduled report "{name}" of {merchantName} (merchant number {merchantNo}) is ready for the period {period}: the file {fileName} is attached.\n\nThis mail is sent by a schedule {owner} set up. To change or stop it, log in to the {product} and open System, Scheduled reports: {link}',
  'mail.scheduledReportLink.subject': 'Scheduled report: {name} ({period})',
  'mail.scheduledReportLink.text':
    'Hello,\n\nThe scheduled report "{name}" of {merchantName} (merchant number {merchantNo}) is ready for the period {period}. The file {fileName} ({size}) is too large to attach: download it within {days} days from this link:\n\n{fileLink}\n\nThis mail is sent by a schedule {owner} set up. To change or stop it, log in to the {product} and open System, Scheduled reports: {link}',
  'mail.approvalRequested.subject': 'Waiting for your approval: {kind} of {amount} by {requester}',
  'mail.approvalRequested.text':
    "Hello,\n\n{requester}, an administrator of {merchantName} (merchant number {merchantNo}), asked for a {kind} that needs a second administrator's approval: {amount} ({target}).\n\nReason: {reason}\n\nLog in to the {product} before {expiresAt} (UTC) and open System, Approvals to decide it: {link}\n\nThe requester cannot approve their own request.",
  'mail.notification.subject': '{title}',
  'mail.notification.text':
    'Hello,\n\n{text}\n\nLog in to the {product} for the details: {link}\n\nTo stop mails of this kind, turn them off in the settings of the notification centre.',
  'mail.programmeWarning.subject': '{merchantName}: {programme} projected to reach the {line} line ({month})',
  'mail.programmeWarning.text':
    "Hello,\n\nAt the pace of {month} so far, the {programme} ratio of {merchantName} (merchant number {merchantNo}) would end the month at {ratio} ({count} events), reaching the {line} line: {threshold} with at least {minCount} events.\n\nA merchant at that line may be placed in the scheme's programme, with its fees and required actions. Refund open Ethoca alerts in time, answer disputes and review your risk rules.\n\nLog in to the {product} and open Statistics to see each ratio and its rules: {link}\n\nThis warning is sent once a month for each line.",
  'mail.kycRejected.subject': 'The profile of {businessName} was not approved',
  'mail.kycRejected.text':
    'Hello,\n\nThe business profile of {businessName} (merchant number {merchantNo}) did not pass the review. Reason:\n\n{reason}\n\nPlease log in to the {product}, correct the profile and submit it again: {link}',

  'mail.emailChanged.subject': 'Your {product} email address was changed',
  'mail.emailChanged.text':
    'Hello,\n\nThe email address of your account was changed to {newEmail}. It cannot be used to log in until it is verified.\n\nIf this was not you, contact customer service at once.',

  'mail.accountLocked.subject': 'Your {product} account is locked',
  'mail.accountLocked.text':
    "Hello,\n\nAfter 10 wrong passwords in a row, the login {loginName} of merchant number {merchantNo} was locked at {time} for {minutes} minutes. The last attempt came from IP address {ip}.\n\nYou can log in again when the lock ends. To unlock it now, enter the right password on the login page and ask for an unlock code (sent to the account's mobile or verified email): {link}\n\nIf these attempts were not yours, change your password after unlocking.",
  'sms.accountLocked':
    '[{product}] After 10 wrong passwords, login {loginName} of merchant {merchantNo} is locked for {minutes} minutes. To unlock it now, ask for an unlock code with your password on the login page.',

  'mail.signupAttempt.subject': 'Someone tried to register for the {product} with your email address',
  'mail.signupAttempt.text':
    'Hello,\n\nSomeone just tried to register for the {product} with this email address. It already belongs to an account and will not be used by the new registration.\n\nIf it was you, there is no need to register again: log in with your mobile or an email code, or reset your password: {link}\n\nIf it was not you, ignore this email; your account is not affected.',
  'sms.signupAttempt':
    '[{product}] Someone just tried to register with your mobile number. It already has an account: if it was you, log in or reset your password; if not, ignore this message.',

  'mail.websiteReview.subject': '{merchantName} ({merchantNo}) submitted {count} website(s) for review',
  'mail.websiteReview.text':
    'Hello,\n\n{merchantName} (merchant {merchantNo}) submitted {count} website(s) and confirmed that each has refund, contact, terms and shipping policies and allows test orders:\n\n{urls}\n\nReview them with npm run ops -- website:pass / website:fail.',
  'mail.signInUnverified.subject': '{product}: no sign-in code was sent',
  'mail.signInUnverified.text':
    'Hello,\n\nSomeone asked for a sign-in code for this email address. The address is not verified yet and cannot be used to log in until it is, so no code was sent.\n\nIf it was you: open the verification email you received earlier, or log in with your mobile number: {link}\n\nIf it was not you, ignore this email.',
};

export const NOTIFICATION_TEXTS = { zhCn, zhHk, en } as const;

export type NotificationParams = Record<string, string | number>;

export function notificationText(lang: TLanguage, key: NotificationKey, params: NotificationParams = {}): string {
  const all: NotificationParams = { product: NOTIFICATION_TEXTS[lang].product, ...params };
  return NOTIFICATION_TEXTS[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in all ? String(all[name]) : whole));
}

export type MailKind =
  | 'code'
  | 'verifyEmail'
  | 'resetPassword'
  | 'invitation'
  | 'kycApproved'
  | 'kycRejected'
  | 'emailChanged'
  | 'accountLocked'
  | 'signupAttempt'
  | 'signInUnverified'
  | 'websiteReview'
  | 'cardholderReply'
  | 'linksPaused'
  | 'programmeWarning'
  | 'webhookDisabled'
  | 'scheduledReport'
  | 'scheduledReportLink'
  | 'notification'
  | 'approvalRequested';

export type RenderedMail = { subject: string; text: string; html: string };

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** HTML part of a mail: the text's paragraphs, with http(s) links made clickable. */
export function textToHtml(text: string): string {
  const paragraphs = text.split(/\n{2,}/).map((p) => {
    const escaped = escapeHtml(p).replace(/\n/g, '<br>');
    return `<p>${escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)}</p>`;
  });
  return `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">${paragraphs.join('\n')}</body></html>`;
}

export function renderMail(lang: TLanguage, kind: MailKind, params: NotificationParams): RenderedMail {
  const subject = notificationText(lang, `mail.${kind}.subject` as NotificationKey, params);
  const text = notificationText(lang, `mail.${kind}.text` as NotificationKey, params);
  return { subject, text, html: textToHtml(text) };
}
