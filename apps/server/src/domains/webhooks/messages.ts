/** Messages of the payment notification screen (webhooks): its refusals and the operation-log names of its writes. */
const zhCn = {
  'opAction.webhook.endpointAdd': '添加支付通知地址',
  'opAction.webhook.endpointEdit': '修改支付通知地址',
  'opAction.webhook.endpointEnable': '启用或停用支付通知地址',
  'opAction.webhook.endpointDelete': '删除支付通知地址',
  'opAction.webhook.endpointTest': '发送测试通知',
  'opAction.webhook.resend': '重发支付通知',
  'opAction.webhook.resendFailed': '重发失败的支付通知',
  'webhook.badUrl': '通知地址必须是以 https:// 开头的有效网址',
  'webhook.httpsOnly': '通知地址必须使用 https://',
  'webhook.localAddress': '通知地址不能指向本机、内网或链路本地地址',
  'webhook.kindsRequired': '请至少选择一种通知事件',
  'webhook.tooMany': '每个商户最多 {max} 个通知地址',
  'webhook.notFound': '通知地址不存在',
  'webhook.gatewayNotFound': '网关不存在或无权访问',
  'webhook.deliveryNotFound': '通知记录不存在',
  'webhook.endpointDisabled': '通知地址已停用或已删除，请先启用后再重发',
  'webhook.alreadyPending': '该通知正在等待发送，无需重发',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'opAction.webhook.endpointAdd': '新增支付通知地址',
  'opAction.webhook.endpointEdit': '修改支付通知地址',
  'opAction.webhook.endpointEnable': '啟用或停用支付通知地址',
  'opAction.webhook.endpointDelete': '刪除支付通知地址',
  'opAction.webhook.endpointTest': '發送測試通知',
  'opAction.webhook.resend': '重發支付通知',
  'opAction.webhook.resendFailed': '重發失敗的支付通知',
  'webhook.badUrl': '通知地址必須是以 https:// 開頭的有效網址',
  'webhook.httpsOnly': '通知地址必須使用 https://',
  'webhook.localAddress': '通知地址不能指向本機、內網或鏈路本地地址',
  'webhook.kindsRequired': '請至少選擇一種通知事件',
  'webhook.tooMany': '每個商戶最多 {max} 個通知地址',
  'webhook.notFound': '通知地址不存在',
  'webhook.gatewayNotFound': '網關不存在或無權存取',
  'webhook.deliveryNotFound': '通知記錄不存在',
  'webhook.endpointDisabled': '通知地址已停用或已刪除，請先啟用後再重發',
  'webhook.alreadyPending': '該通知正在等待發送，無需重發',
};

const en: Record<Key, string> = {
  'opAction.webhook.endpointAdd': 'Add a payment notification endpoint',
  'opAction.webhook.endpointEdit': 'Change a payment notification endpoint',
  'opAction.webhook.endpointEnable': 'Enable or disable a payment notification endpoint',
  'opAction.webhook.endpointDelete': 'Delete a payment notification endpoint',
  'opAction.webhook.endpointTest': 'Send a test notification',
  'opAction.webhook.resend': 'Resend a payment notification',
  'opAction.webhook.resendFailed': 'Resend failed payment notifications',
  'webhook.badUrl': 'The endpoint must be a valid address starting with https://',
  'webhook.httpsOnly': 'The endpoint must use https://',
  'webhook.localAddress': 'The endpoint may not point at this machine, a private network or a link-local address',
  'webhook.kindsRequired': 'Choose at least one kind of event',
  'webhook.tooMany': 'A merchant may have at most {max} endpoints',
  'webhook.notFound': 'Endpoint not found',
  'webhook.gatewayNotFound': 'Gateway not found or not yours to use',
  'webhook.deliveryNotFound': 'Notification not found',
  'webhook.endpointDisabled': 'The endpoint is disabled or deleted: enable it before resending',
  'webhook.alreadyPending': 'This notification is already waiting to be sent',
};

export const WEBHOOK_MESSAGES = { zhCn, zhHk, en };

declare module '../../platform/messages' {
  interface MessageCatalogs {
    webhooks: Key;
  }
}
