/**
 * Messages of the transaction lists and exports: filter labels, `trade.col.*` export column
 * headers, and the status texts of export cells (`trade.<enum>.<code>`).
 * Registered with the translator by `src/messages.ts`; zh_HK and en are typed against zh_CN, and
 * `src/messages.test.ts` checks keys, placeholders and that no other catalog defines the same key.
 */

import type { TLanguage } from '@mbo/shared/i18n';
import type { TAppealStatus } from '@mbo/shared/trade-enums';
import { DISPUTE_MESSAGES } from '../disputes/messages';

/**
 * The appeal status cells of the transaction export read `trade.appealStatus.<code>`; their texts are
 * the disputes domain's `appealStatus.<code>`, so an appeal status has one label wherever it shows.
 */
const appealStatusCells = (lang: TLanguage): Record<`trade.appealStatus.${TAppealStatus}`, string> => ({
  'trade.appealStatus.0': DISPUTE_MESSAGES[lang]['appealStatus.0'],
  'trade.appealStatus.1': DISPUTE_MESSAGES[lang]['appealStatus.1'],
  'trade.appealStatus.2': DISPUTE_MESSAGES[lang]['appealStatus.2'],
  'trade.appealStatus.3': DISPUTE_MESSAGES[lang]['appealStatus.3'],
});

const zhCn = {
  'field.merchantOrderNo': '商户订单号',
  'field.payStatus': '支付状态',
  'field.tradeType': '交易类型',
  'field.ip': 'IP 地址',
  'field.cardFirst6': '卡号前 6 位',
  'field.cardLast4': '卡号后 4 位',
  'field.refundStatus': '退款状态',
  'field.chargebackStatus': '拒付状态',
  'field.retrievalStatus': '调单状态',
  'field.rdrStatus': 'RDR 状态',
  'field.ethocaStatus': 'Ethoca 状态',

  'trade.col.gatewayNo': '网关号',
  'trade.col.tradeNo': '交易订单号',
  'trade.col.merchantOrderNo': '商户订单号',
  'trade.col.tradeType': '交易类型',
  'trade.col.payStatus': '支付状态',
  'trade.col.cardScheme': '卡种',
  'trade.col.card': '卡号',
  'trade.col.currency': '交易币种',
  'trade.col.amount': '交易金额',
  'trade.col.settleCurrency': '结算币种',
  'trade.col.settleAmount': '结算金额',
  'trade.col.returnMessage': '返回信息',
  'trade.col.refundStatus': '退款状态',
  'trade.col.chargebackStatus': '拒付状态',
  'trade.col.retrievalStatus': '调单状态',
  'trade.col.rdrStatus': 'RDR 状态',
  'trade.col.ethocaStatus': 'Ethoca 状态',
  'trade.col.appealStatus': '申诉状态',
  'trade.col.email': '邮箱',
  'trade.col.ip': 'IP 地址',
  'trade.col.riskRules': '未通过的风控规则',
  'trade.col.createdAt': '交易时间',
  'trade.col.returnedAt': '处理时间',
  'trade.tradeType.1': '消费',
  'trade.tradeType.2': '预授权',
  'trade.payStatus.1': '成功',
  'trade.payStatus.2': '失败',
  'trade.payStatus.3': '持卡人拒绝 3D 验证',
  'trade.payStatus.4': '待确认',
  'trade.payStatus.5': '未支付或处理中',
  'trade.payStatus.6': '预授权确认中',
  'trade.refundStatus.0': '未退款',
  'trade.refundStatus.1': '已退款',
  ...appealStatusCells('zhCn'),
  'trade.flag.0': '否',
  'trade.flag.1': '是',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'field.merchantOrderNo': '商戶訂單號',
  'field.payStatus': '支付狀態',
  'field.tradeType': '交易類型',
  'field.ip': 'IP 地址',
  'field.cardFirst6': '卡號前 6 位',
  'field.cardLast4': '卡號後 4 位',
  'field.refundStatus': '退款狀態',
  'field.chargebackStatus': '拒付狀態',
  'field.retrievalStatus': '調單狀態',
  'field.rdrStatus': 'RDR 狀態',
  'field.ethocaStatus': 'Ethoca 狀態',

  'trade.col.gatewayNo': '網關號',
  'trade.col.tradeNo': '交易訂單號',
  'trade.col.merchantOrderNo': '商戶訂單號',
  'trade.col.tradeType': '交易類型',
  'trade.col.payStatus': '支付狀態',
  'trade.col.cardScheme': '卡種',
  'trade.col.card': '卡號',
  'trade.col.currency': '交易幣種',
  'trade.col.amount': '交易金額',
  'trade.col.settleCurrency': '結算幣種',
  'trade.col.settleAmount': '結算金額',
  'trade.col.returnMessage': '返回信息',
  'trade.col.refundStatus': '退款狀態',
  'trade.col.chargebackStatus': '拒付狀態',
  'trade.col.retrievalStatus': '調單狀態',
  'trade.col.rdrStatus': 'RDR 狀態',
  'trade.col.ethocaStatus': 'Ethoca 狀態',
  'trade.col.appealStatus': '申訴狀態',
  'trade.col.email': '郵箱',
  'trade.col.ip': 'IP 地址',
  'trade.col.riskRules': '未通過的風控規則',
  'trade.col.createdAt': '交易時間',
  'trade.col.returnedAt': '處理時間',
  'trade.tradeType.1': '消費',
  'trade.tradeType.2': '預授權',
  'trade.payStatus.1': '成功',
  'trade.payStatus.2': '失敗',
  'trade.payStatus.3': '持卡人拒絕 3D 驗證',
  'trade.payStatus.4': '待確認',
  'trade.payStatus.5': '未支付或處理中',
  'trade.payStatus.6': '預授權確認中',
  'trade.refundStatus.0': '未退款',
  'trade.refundStatus.1': '已退款',
  ...appealStatusCells('zhHk'),
  'trade.flag.0': '否',
  'trade.flag.1': '是',
};

const en: Record<Key, string> = {
  'field.merchantOrderNo': 'Merchant order number',
  'field.payStatus': 'Payment status',
  'field.tradeType': 'Trade type',
  'field.ip': 'IP address',
  'field.cardFirst6': 'Card first 6 digits',
  'field.cardLast4': 'Card last 4 digits',
  'field.refundStatus': 'Refund status',
  'field.chargebackStatus': 'Chargeback status',
  'field.retrievalStatus': 'Retrieval status',
  'field.rdrStatus': 'RDR status',
  'field.ethocaStatus': 'Ethoca status',

  'trade.col.gatewayNo': 'Gateway number',
  'trade.col.tradeNo': 'Transaction order number',
  'trade.col.merchantOrderNo': 'Merchant order number',
  'trade.col.tradeType': 'Trade type',
  'trade.col.payStatus': 'Payment status',
  'trade.col.cardScheme': 'Card scheme',
  'trade.col.card': 'Card number',
  'trade.col.currency': 'Currency',
  'trade.col.amount': 'Amount',
  'trade.col.settleCurrency': 'Settlement currency',
  'trade.col.settleAmount': 'Settlement amount',
  'trade.col.returnMessage': 'Return message',
  'trade.col.refundStatus': 'Refund status',
  'trade.col.chargebackStatus': 'Chargeback status',
  'trade.col.retrievalStatus': 'Retrieval status',
  'trade.col.rdrStatus': 'RDR status',
  'trade.col.ethocaStatus': 'Ethoca status',
  'trade.col.appealStatus': 'Appeal status',
  'trade.col.email': 'Email',
  'trade.col.ip': 'IP address',
  'trade.col.riskRules': 'Failed risk rules',
  'trade.col.createdAt': 'Trading time',
  'trade.col.returnedAt': 'Processing time',
  'trade.tradeType.1': 'Consumption',
  'trade.tradeType.2': 'Pre-authorization',
  'trade.payStatus.1': 'Success',
  'trade.payStatus.2': 'Failed',
  'trade.payStatus.3': '3-D Secure refused by cardholder',
  'trade.payStatus.4': 'To be confirmed',
  'trade.payStatus.5': 'Unpaid or in processing',
  'trade.payStatus.6': 'Pre-authorization confirming',
  'trade.refundStatus.0': 'Not refunded',
  'trade.refundStatus.1': 'Refunded',
  ...appealStatusCells('en'),
  'trade.flag.0': 'No',
  'trade.flag.1': 'Yes',
};

export const TRANSACTION_MESSAGES = { zhCn, zhHk, en };

// Makes these keys part of `MessageKey` (platform never imports a domain, so the domain adds itself).
declare module '../../platform/messages' {
  interface MessageCatalogs {
    transactions: Key;
  }
}
