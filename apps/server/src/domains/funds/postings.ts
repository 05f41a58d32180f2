import { DisputeKind, PayStatus, RefundSource, TradeCategory } from '@mbo/shared/trade-enums';
import type { Trx } from '../../db/database';
import { getConfig } from './config';
import { credit, deduction, deductionWithFee, DEDUCTION_KINDS, post, type AccountKey } from './ledger';

/*
 * The postings of the money events other domains record. Each is one call from the place where the
 * event happens, inside that event's database transaction (README.md: which accounts each moves).
 */

/** A gateway record: a successful formal payment adds its settlement amount to the unsettled balance. */
export async function postCapture(
  trx: Trx,
  t: {
    id: number;
    merchant_id: number;
    gateway_id: number;
    category: number;
    pay_status: number;
    trade_no: string;
    settle_currency: string;
    settle_amount: number;
    created_at: number;
  },
): Promise<void> {
  if (t.category !== TradeCategory.formal || t.pay_status !== PayStatus.success || t.settle_amount <= 0) return;
  const key = { merchantId: t.merchant_id, gatewayId: t.gateway_id, currency: t.settle_currency };
  await post(
    trx,
    key,
    ['unsettled', 'capture'],
    () => [
      { kind: 'unsettled', amount: t.settle_amount },
      { kind: 'capture', amount: -t.settle_amount },
    ],
    { type: 'capture', refType: 'transaction', refId: t.id, refNo: t.trade_no, at: t.created_at },
  );
}

async function tradeKey(trx: Trx, transactionId: number): Promise<AccountKey & { tradeNo: string }> {
  const t = await trx
    .selectFrom('transactions')
    .select(['merchant_id', 'gateway_id', 'settle_currency', 'trade_no'])
    .where('id', '=', transactionId)
    .executeTakeFirstOrThrow();
  return { merchantId: t.merchant_id, gatewayId: t.gateway_id, currency: t.settle_currency, tradeNo: t.trade_no };
}

/**
 * A refund that succeeded (merchant, Ethoca or RDR): its settlement amount leaves the merchant's
 * balances (available first). A merchant's or Ethoca refund is refused (`funds.insufficient`, the
 * refund stays where it was) when the balances cannot cover its amount; its refund fee is taken in
 * any case, what is missing being owed. An RDR refund is the issuer's decision and is taken in any case.
 */
export async function postRefundSucceeded(trx: Trx, refundId: number, now: number): Promise<void> {
  const r = await trx
    .selectFrom('refunds')
    .select(['id', 'refund_no', 'transaction_id', 'settle_amount', 'source'])
    .where('id', '=', refundId)
    .executeTakeFirstOrThrow();
  const key = await tradeKey(trx, r.transaction_id);
  const rdr = r.source === RefundSource.rdr;
  const fee = rdr ? 0 : (await getConfig(trx, key.merchantId, key.gatewayId)).refundFee;
  const amount = Number(r.settle_amount);
  await post(
    trx,
    key,
    [...DEDUCTION_KINDS, 'refundOut', 'feeRefund'],
    (b) => [
      ...(rdr ? deduction(b, amount, true) : deductionWithFee(b, amount, fee)),
      { kind: 'refundOut', amount },
      { kind: 'feeRefund', amount: fee },
    ],
    { type: rdr ? 'rdr' : 'refund', refType: 'refund', refId: r.id, refNo: r.refund_no, at: now },
  );
}

/**
 * A case arrived: a chargeback takes its amount and the chargeback fee; an RDR or Ethoca alert
 * charges its alert fee. Retrievals and fraud reports move no money.
 */
export async function postCaseOpened(trx: Trx, caseId: number, now: number): Promise<void> {
  const d = await trx
    .selectFrom('disputes')
    .select(['id', 'case_no', 'kind', 'transaction_id', 'settle_amount'])
    .where('id', '=', caseId)
    .executeTakeFirstOrThrow();
  if (d.kind !== DisputeKind.chargeback && d.kind !== DisputeKind.rdrAlert && d.kind !== DisputeKind.ethocaAlert) return;
  const key = await tradeKey(trx, d.transaction_id);
  const c = await getConfig(trx, key.merchantId, key.gatewayId);
  const cause = { refType: 'case', refId: d.id, refNo: d.case_no, at: now };
  if (d.kind === DisputeKind.chargeback) {
    const amount = Number(d.settle_amount);
    await post(
      trx,
      key,
      [...DEDUCTION_KINDS, 'chargebackOut', 'feeChargeback'],
      (b) => [
        ...deduction(b, amount + c.chargebackFee, true),
        { kind: 'chargebackOut', amount },
        { kind: 'feeChargeback', amount: c.chargebackFee },
      ],
      { type: 'chargeback', ...cause },
    );
    return;
  }
  const rdr = d.kind === DisputeKind.rdrAlert;
  const fee = rdr ? c.rdrFee : c.ethocaFee;
  await post(
    trx,
    key,
    [...DEDUCTION_KINDS, rdr ? 'feeRdr' : 'feeEthoca'],
    (b) => [...deduction(b, fee, true), { kind: rdr ? 'feeRdr' : 'feeEthoca', amount: fee }],
    { type: rdr ? 'rdr' : 'ethoca', ...cause },
  );
}

/** A won appeal gives the chargeback amount back (the chargeback fee stays charged). */
export async function postChargebackReversal(trx: Trx, caseId: number, now: number): Promise<void> {
  const d = await trx
    .selectFrom('disputes')
    .select(['id', 'case_no', 'kind', 'transaction_id', 'settle_amount'])
    .where('id', '=', caseId)
    .executeTakeFirstOrThrow();
  if (d.kind !== DisputeKind.chargeback) return;
  const key = await tradeKey(trx, d.transaction_id);
  const amount = Number(d.settle_amount);
  await post(trx, key, ['available', 'debt', 'reversalIn'], (b) => [...credit(b, amount), { kind: 'reversalIn', amount: -amount }], {
    type: 'chargebackReversal',
    refType: 'case',
    refId: d.id,
    refNo: d.case_no,
    at: now,
  });
}
