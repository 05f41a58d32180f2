/** Demo announcements and reminders, in the three interface languages. */

export const ANNOUNCEMENTS = [
  {
    daysAgo: 2,
    text: {
      title_zh_cn: '系统维护通知：本周六 02:00-04:00（UTC+8）',
      title_zh_hk: '系統維護通知：本週六 02:00-04:00（UTC+8）',
      title_en: 'Scheduled maintenance: Saturday 02:00-04:00 (UTC+8)',
      content_zh_cn:
        '为提升交易处理能力，我们将于本周六 02:00 至 04:00（UTC+8）进行系统维护。维护期间商户后台将暂停访问，支付网关的授权交易不受影响，退款申请与报表下载将在维护结束后恢复。',
      content_zh_hk:
        '為提升交易處理能力，我們將於本週六 02:00 至 04:00（UTC+8）進行系統維護。維護期間商戶後台將暫停訪問，支付網關的授權交易不受影響，退款申請與報表下載將在維護結束後恢復。',
      content_en:
        'To increase processing capacity we will carry out maintenance this Saturday from 02:00 to 04:00 (UTC+8). The back office will be unavailable during the window; card authorisations through the payment gateway are not affected. Refund requests and report downloads resume once maintenance ends.',
    },
  },
  {
    daysAgo: 9,
    text: {
      title_zh_cn: '卡组织规则更新：拒付通知与争议处理时限',
      title_zh_hk: '卡組織規則更新：退單通知與爭議處理時限',
      title_en: 'Card scheme rule update: chargeback notices and dispute deadlines',
      content_zh_cn:
        'Visa 与 Mastercard 已更新争议处理规则，自下月 1 日起拒付申诉材料的提交时限缩短为收到通知后 7 个自然日。请在"调单/拒付"页面及时查看并上传物流与沟通记录。',
      content_zh_hk:
        'Visa 與 Mastercard 已更新爭議處理規則，自下月 1 日起退單申訴材料的提交時限縮短為收到通知後 7 個自然日。請在「調單/退單」頁面及時查看並上傳物流與溝通記錄。',
      content_en:
        'Visa and Mastercard have updated their dispute rules: from the 1st of next month, chargeback representment documents must be submitted within 7 calendar days of the notice. Please check the retrieval and chargeback page regularly and upload shipping and correspondence records in time.',
    },
  },
  {
    daysAgo: 16,
    text: {
      title_zh_cn: '节假日结算安排',
      title_zh_hk: '節假日結算安排',
      title_en: 'Settlement schedule over the public holidays',
      content_zh_cn:
        '受公众假期影响，假期期间的交易将顺延至假期后首个工作日统一结算，提现申请亦将于该日起处理。交易授权与清算不受影响，如有疑问请联系您的客户经理。',
      content_zh_hk:
        '受公眾假期影響，假期期間的交易將順延至假期後首個工作日統一結算，提現申請亦將於該日起處理。交易授權與清算不受影響，如有疑問請聯絡您的客戶經理。',
      content_en:
        'Because of the public holidays, transactions captured during the holidays will be settled on the first business day afterwards, and withdrawal requests will be processed from that day. Authorisation and clearing continue as usual; please contact your account manager with any questions.',
    },
  },
  {
    daysAgo: 23,
    text: {
      title_zh_cn: '提醒：请为所有网站启用 3-D Secure 2 验证',
      title_zh_hk: '提醒：請為所有網站啟用 3-D Secure 2 驗證',
      title_en: 'Reminder: enable 3-D Secure 2 on every website',
      content_zh_cn:
        '为降低欺诈拒付风险并满足发卡行的强客户认证要求，请确认您的所有网站均已启用 3-D Secure 2。未启用的交易可能被发卡行拒绝，且欺诈类拒付责任将由商户承担。',
      content_zh_hk:
        '為降低欺詐退單風險並滿足發卡行的強客戶認證要求，請確認您的所有網站均已啟用 3-D Secure 2。未啟用的交易可能被發卡行拒絕，且欺詐類退單責任將由商戶承擔。',
      content_en:
        'To reduce fraud chargebacks and meet issuers’ strong customer authentication requirements, please make sure 3-D Secure 2 is enabled on all your websites. Transactions without it may be declined by the issuer, and liability for fraud chargebacks stays with the merchant.',
    },
  },
] as const;

/** Demo reminders of merchant 100001; those about a gateway's cases are seen only by administrators who see that gateway. */
export const REMINDERS = [
  {
    daysAgo: 5,
    gatewayNo: '10010001',
    text: {
      content_zh_cn: '网关 10010001 有 2 笔拒付将在 3 天内到期，请尽快在"调单/拒付"页面提交申诉材料。',
      content_zh_hk: '網關 10010001 有 2 筆退單將在 3 天內到期，請盡快在「調單/退單」頁面提交申訴材料。',
      content_en:
        'Two chargebacks on gateway 10010001 reach their reply deadline within 3 days. Please submit your documents on the retrieval and chargeback page.',
    },
  },
  {
    daysAgo: 3,
    gatewayNo: '10010002',
    text: {
      content_zh_cn: '网关 10010002 有 5 笔交易尚未上传物流单号，请在结算日前 3 天完成上传。',
      content_zh_hk: '網關 10010002 有 5 筆交易尚未上傳物流單號，請在結算日前 3 天完成上傳。',
      content_en:
        'Gateway 10010002 has 5 transactions without a tracking number. Please upload them at least 3 days before the settlement date.',
    },
  },
  {
    daysAgo: 1,
    // About the merchant's contract, not a gateway: every administrator of the merchant sees it.
    gatewayNo: null,
    text: {
      content_zh_cn: '您的合同将于 2027-12-31 到期，如需续约请联系您的客户经理。',
      content_zh_hk: '您的合同將於 2027-12-31 到期，如需續約請聯絡您的客戶經理。',
      content_en: 'Your contract ends on 2027-12-31. Please contact your account manager to renew it.',
    },
  },
] as const;
