/**
 * Messages of refund applications and the refund list: rules, field labels and the status texts of
 * export cells (`refund<Enum>.<code>`); the export's headers are the screen's titles.
 * Registered with the translator by `src/messages.ts`; zh_HK and en are typed against zh_CN, and
 * `src/messages.test.ts` checks keys, placeholders and that no other catalog defines the same key.
 */
const zhCn = {
  'refund.tradeNotFound': '交易订单号不存在，请输入存在且成功的交易订单号',
  'refund.tradeNotSuccessful': '该交易不是成功的交易，不能退款',
  'refund.amountInvalid': '请输入有效的退款金额',
  'refund.amountTooLarge': '退款金额不能大于可退金额 {available}',
  'refund.nothingRefundable': '该交易已没有可退金额',
  'refund.wrongState': '退款单 {refundNo} 当前状态不允许此操作',
  'refund.notFound': '退款单不存在',

  'export.refunds': '退款查询',

  'field.amount': '退款金额',
  'field.reason': '退款原因',
  'field.refundNo': '退款单号',
  'field.status': '处理状态',
  'field.method': '退款方式',
  'field.source': '退款来源',

  'refundType.1': '单笔退款',

  'refundMethod.1': '全额退款',
  'refundMethod.2': '部分退款',

  'refundSource.1': '商户申请',
  'refundSource.2': 'Ethoca 预警',
  'refundSource.3': 'RDR 预警',

  'refundStatus.1': '待审核',
  'refundStatus.2': '已审核',
  'refundStatus.3': '处理中',
  'refundStatus.4': '退款成功',
  'refundStatus.5': '退款失败',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'refund.tradeNotFound': '交易訂單號不存在，請輸入存在且成功的交易訂單號',
  'refund.tradeNotSuccessful': '該交易不是成功的交易，不能退款',
  'refund.amountInvalid': '請輸入有效的退款金額',
  'refund.amountTooLarge': '退款金額不能大於可退金額 {available}',
  'refund.nothingRefundable': '該交易已沒有可退金額',
  'refund.wrongState': '退款單 {refundNo} 目前狀態不允許此操作',
  'refund.notFound': '退款單不存在',

  'export.refunds': '退款查詢',

  'field.amount': '退款金額',
  'field.reason': '退款原因',
  'field.refundNo': '退款單號',
  'field.status': '處理狀態',
  'field.method': '退款方式',
  'field.source': '退款來源',

  'refundType.1': '單筆退款',

  'refundMethod.1': '全額退款',
  'refundMethod.2': '部分退款',

  'refundSource.1': '商戶申請',
  'refundSource.2': 'Ethoca 預警',
  'refundSource.3': 'RDR 預警',

  'refundStatus.1': '待審核',
  'refundStatus.2': '已審核',
  'refundStatus.3': '處理中',
  'refundStatus.4': '退款成功',
  'refundStatus.5': '退款失敗',
};

const en: Record<Key, string> = {
  'refund.tradeNotFound': 'The transaction order number does not exist; enter the number of an existing, successful transaction',
  'refund.tradeNotSuccessful': 'This transaction was not successful and cannot be refunded',
  'refund.amountInvalid': 'Enter a valid refund amount',
  'refund.amountTooLarge': 'The refund amount must not exceed the available amount {available}',
  'refund.nothingRefundable': 'Nothing is left to refund on this transaction',
  'refund.wrongState': 'Refund {refundNo} is not in a state that allows this',
  'refund.notFound': 'The refund does not exist',

  'export.refunds': 'Refunds',

  'field.amount': 'Refund amount',
  'field.reason': 'Refund reason',
  'field.refundNo': 'Refund number',
  'field.status': 'Processing status',
  'field.method': 'Refund method',
  'field.source': 'Refund source',

  'refundType.1': 'Single',

  'refundMethod.1': 'Full',
  'refundMethod.2': 'Partial',

  'refundSource.1': 'Merchant',
  'refundSource.2': 'Ethoca alert',
  'refundSource.3': 'RDR alert',

  'refundStatus.1': 'Pending review',
  'refundStatus.2': 'Approved',
  'refundStatus.3': 'Processing',
  'refundStatus.4': 'Refunded',
  'refundStatus.5': 'Refund failed',
};

export const REFUND_MESSAGES = { zhCn, zhHk, en };

// Makes these keys part of `MessageKey` (platform never imports a domain, so the domain adds itself).
declare module '../../platform/messages' {
  interface MessageCatalogs {
    refunds: Key;
  }
}
