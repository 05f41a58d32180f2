import type { DbOrTrx } from '../../db/database';
import { toIso } from '../../platform/time';

/*
 * Each event's object as the back office shows it (README.md "Body"), read with this domain's own SQL
 * in the transaction that writes the event: amounts in minor units with their currency, ISO times, the
 * API's codes, the card as first 6 and last 4 digits (a full number is never stored).
 */

export type ObjectType = 'transaction' | 'refund' | 'dispute' | 'settlementBatch' | 'withdrawal';
export type WebhookObject = { merchantId: number; gatewayId: number; objectNo: string; data: Record<string, unknown> };

/** A card number as every screen shows it: never more than the first 6 and last 4 digits. */
export function maskedCard(first6: string, last4: string): string {
  return first6 || last4 ? `${first6}******${last4}` : '';
}

async function readTransaction(db: DbOrTrx, id: number): Promise<WebhookObject | undefined> {
  const t = await db
    .selectFrom('transactions as t')
    .innerJoin('gateways as g', 'g.id', 't.gateway_id')
    .leftJoin('payment_link_payments as lp', 'lp.transaction_id', 't.id')
    .leftJoin('payment_links as l', 'l.id', 'lp.link_id')
    .select([
      't.merchant_id',
      't.gateway_id',
      'g.gateway_no',
      't.trade_no',
      't.merchant_order_no',
      't.pay_status',
      't.card_scheme',
      't.card_first6',
      't.card_last4',
      't.currency',
      't.amount',
      't.return_message',
      't.created_at',
      'l.reference as link_reference',
      'l.title as link_title',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
  if (!t) return undefined;
  return {
    merchantId: t.merchant_id,
    gatewayId: t.gateway_id,
    objectNo: t.trade_no,
    data: {
      object: 'payment',
      tradeNo: t.trade_no,
      merchantOrderNo: t.merchant_order_no,
      gatewayNo: t.gateway_no,
      payStatus: t.pay_status,
      amount: t.amount,
      currency: t.currency,
      cardScheme: t.card_scheme,
      cardNo: maskedCard(t.card_first6, t.card_last4),
      returnMessage: t.return_message,
      createdAt: toIso(t.created_at),
      ...(t.link_reference !== null ? { paymentLink: { reference: t.link_reference, title: t.link_title } } : {}),
    },
  };
}

async function readRefund(db: DbOrTrx, id: number): Promise<WebhookObject | undefined> {
  const r = await db
    .selectFrom('refunds as r')
    .innerJoin('transactions as t', 't.id', 'r.transaction_id')
    .innerJoin('gateways as g', 'g.id', 'r.gateway_id')
    .select([
      'r.merchant_id',
      'r.gateway_id',
      'g.gateway_no',
      'r.refund_no',
      't.trade_no',
      't.merchant_order_no',
      'r.currency',
      'r.amount',
      'r.status',
      'r.fail_reason',
      'r.reason',
      'r.applied_at',
      'r.processed_at',
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    merchantId: r.merchant_id,
    gatewayId: r.gateway_id,
    objectNo: r.refund_no,
    data: {
      object: 'refund',
      refundNo: r.refund_no,
      tradeNo: r.trade_no,
      merchantOrderNo: r.merchant_order_no,
      gatewayNo: r.gateway_no,
      amount: r.amount,
      currency: r.currency,
      status: r.status,
      reason: r.reason,
      failReason: r.fail_reason,
      appliedAt: toIso(r.applied_at),
      processedAt: r.processed_at === null ? null : toIso(r.processed_at),
    },
  };
}

async function readDispute(db: DbOrTrx, id: number): Promise<WebhookObject | undefined> {
  const d = await db
    .selectFrom('disputes as d')
    .innerJoin('transactions as t', 't.id', 'd.transaction_id')
    .innerJoin('gateways as g', 'g.id', 'd.gateway_id')
    .select([
      'd.merchant_id',
      'd.gateway_id',
      'g.gateway_no',
      'd.case_no',
      'd.kind',
      't.trade_no',
      't.merchant_order_no',
      'd.currency',
      'd.amount',
      'd.reason_code',
      'd.reason',
      'd.reply_deadline',
      'd.appeal_status',
      'd.decided_at',
      'd.created_at',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!d) return undefined;
  return {
    merchantId: d.merchant_id,
    gatewayId: d.gateway_id,
    // A case is ordered with its trade: a chargeback after an alert of the same payment arrives after it.
    objectNo: d.trade_no,
    data: {
      object: 'case',
      caseNo: d.case_no,
      kind: d.kind,
      tradeNo: d.trade_no,
      merchantOrderNo: d.merchant_order_no,
      gatewayNo: d.gateway_no,
      amount: d.amount,
      currency: d.currency,
      reasonCode: d.reason_code,
      reason: d.reason,
      replyDeadline: d.reply_deadline === null ? null : toIso(d.reply_deadline),
      appealStatus: d.appeal_status,
      decidedAt: d.decided_at === null ? null : toIso(d.decided_at),
      createdAt: toIso(d.created_at),
    },
  };
}

async function readBatch(db: DbOrTrx, id: number): Promise<WebhookObject | undefined> {
  const b = await db
    .selectFrom('settlement_batches as b')
    .innerJoin('gateways as g', 'g.id', 'b.gateway_id')
    .select([
      'b.merchant_id',
      'b.gateway_id',
      'g.gateway_no',
      'b.batch_no',
      'b.currency',
      'b.settle_date',
      'b.tx_count',
      'b.gross',
      'b.recognized',
      'b.credited_at',
    ])
    .where('b.id', '=', id)
    .executeTakeFirst();
  if (!b) return undefined;
  return {
    merchantId: b.merchant_id,
    gatewayId: b.gateway_id,
    objectNo: b.batch_no,
    data: {
      object: 'settlementBatch',
      batchNo: b.batch_no,
      gatewayNo: b.gateway_no,
      currency: b.currency,
      settleDate: b.settle_date,
      txCount: b.tx_count,
      gross: b.gross,
      credited: b.recognized,
      creditedAt: b.credited_at === null ? null : toIso(b.credited_at),
    },
  };
}

async function readWithdrawal(db: DbOrTrx, id: number): Promise<WebhookObject | undefined> {
  const w = await db
    .selectFrom('withdrawals as w')
    .innerJoin('gateways as g', 'g.id', 'w.gateway_id')
    .select([
      'w.merchant_id',
      'w.gateway_id',
      'g.gateway_no',
      'w.withdrawal_no',
      'w.currency',
      'w.amount',
      'w.fee',
      'w.received',
      'w.status',
      'w.fail_reason',
      'w.created_at',
      'w.processed_at',
    ])
    .where('w.id', '=', id)
    .executeTakeFirst();
  if (!w) return undefined;
  return {
    merchantId: w.merchant_id,
    gatewayId: w.gateway_id,
    objectNo: w.withdrawal_no,
    data: {
      object: 'withdrawal',
      withdrawalNo: w.withdrawal_no,
      gatewayNo: w.gateway_no,
      currency: w.currency,
      amount: w.amount,
      fee: w.fee,
      received: w.received,
      status: w.status,
      failReason: w.fail_reason,
      createdAt: toIso(w.created_at),
      processedAt: w.processed_at === null ? null : toIso(w.processed_at),
    },
  };
}

export const READERS: Record<ObjectType, (db: DbOrTrx, id: number) => Promise<WebhookObject | undefined>> = {
  transaction: readTransaction,
  refund: readRefund,
  dispute: readDispute,
  settlementBatch: readBatch,
  withdrawal: readWithdrawal,
};
