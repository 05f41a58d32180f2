import { randomBytes } from 'node:crypto';
import { isMajorAmountText, minorUnitsOf, parseMajorAmount, toMajorString } from '@mbo/shared/money';
import type { TRefundApply, TRefundable } from '@mbo/shared/refunds';
import {
  AbnormalStatus,
  PayStatus,
  RefundMethod,
  RefundProcessing,
  RefundSource,
  RefundType,
  TradeCategory,
  type TRefundProcessing,
} from '@mbo/shared/trade-enums';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import { AppError, businessError, conflictError } from '../../platform/errors';
import { plainTx, type TxRunner } from '../../platform/idempotency';
import { ErrorCode } from '@mbo/shared/envelope';
import { addToRollup } from '../../platform/rollups';
import type { Scope } from '../../platform/scope';
import type { HeldAction } from '../approvals/public';
import { postRefundSucceeded } from '../funds/postings';
import { emitRefundEvent } from '../webhooks/outbox';
import * as repo from './repository';

/*
 * The rules of refunds (spec §4, §5). Money moves only inside one database transaction, opened here,
 * whose first write is the repository's conditional UPDATE of the transaction row: the row lock
 * (PostgreSQL) or the single writer (SQLite) makes concurrent applications queue, and its WHERE clause
 * re-checks what is still available, so the sum of refunds can never pass the transaction's amount.
 */

export type Applicant = { name: string; adminId: number | null };

/** A refund number: "RF", the UTC date and 10 random hex digits (unique index behind it). */
export function newRefundNo(now: number): string {
  return `RF${new Date(now).toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** The abnormal status after a refund succeeded on a transaction. */
export function abnormalAfterRefund(current: number): number {
  if (current === AbnormalStatus.chargeback) return AbnormalStatus.chargebackAndRefund;
  if (current === AbnormalStatus.none) return AbnormalStatus.refund;
  return current;
}

/** The abnormal status after a chargeback arrived on a transaction. */
export function abnormalAfterChargeback(current: number): number {
  if (current === AbnormalStatus.refund) return AbnormalStatus.chargebackAndRefund;
  if (current === AbnormalStatus.none) return AbnormalStatus.chargeback;
  return current;
}

/** The same money in the settlement currency, pro rata of the transaction's own conversion, rounded half up. */
export function proRata(part: number, whole: number, settleWhole: number): number {
  if (whole <= 0) return 0;
  const r = (BigInt(part) * BigInt(settleWhole) * 2n + BigInt(whole)) / (2n * BigInt(whole));
  return Number(r);
}

/** A formal, successful transaction in scope, or the §5 error. */
export async function requireRefundableTrade(db: DbOrTrx, scope: Scope, tradeNo: string) {
  const t = await repo.findTradeForRefund(db, scope, tradeNo);
  if (!t) throw new AppError('refund.tradeNotFound', ErrorCode.notFound);
  if (t.category !== TradeCategory.formal || t.pay_status !== PayStatus.success) throw businessError('refund.tradeNotSuccessful');
  return t;
}

export function availableOf(t: { amount: number; refunded_amount: number; refund_pending_amount: number }): number {
  return t.amount - t.refunded_amount - t.refund_pending_amount;
}

export async function getRefundable(db: Db, scope: Scope, tradeNo: string): Promise<TRefundable> {
  const t = await requireRefundableTrade(db, scope, tradeNo);
  return {
    tradeNo: t.trade_no,
    currency: t.currency,
    amount: t.amount,
    refundedAmount: t.refunded_amount,
    pendingAmount: t.refund_pending_amount,
    availableAmount: availableOf(t),
  };
}

function tooLarge(available: number, currency: string): AppError {
  return businessError('refund.amountTooLarge', { available: `${toMajorString(Math.max(0, available), currency)} ${currency}` });
}

/**
 * Reserves `amount` on the transaction and records the refund, inside `trx`. Throws (rolling the
 * caller's transaction back) when the amount no longer fits.
 */
export async function reserveAndInsertRefund(
  trx: Trx,
  t: { id: number; merchant_id: number; gateway_id: number; currency: string; amount: number; settle_amount: number },
  amount: number,
  o: { reason: string; applicant: Applicant; source: number; disputeId: number | null; now: number },
): Promise<{ id: number; refundNo: string; method: number }> {
  const reserved = await repo.reserveRefundAmount(trx, t.id, amount);
  const after = await repo.getTradeById(trx, t.id);
  if (!reserved) throw tooLarge(availableOf(after), t.currency);
  const availableBefore = availableOf(after) + amount;
  // Full: the whole of a transaction nothing had touched yet.
  const untouched = after.refunded_amount === 0 && after.refund_pending_amount === amount;
  const method = untouched && amount === after.amount ? RefundMethod.full : RefundMethod.partial;
  const refundNo = newRefundNo(o.now);
  const id = await repo.insertRefund(trx, {
    merchant_id: t.merchant_id,
    gateway_id: t.gateway_id,
    transaction_id: t.id,
    refund_no: refundNo,
    refund_type: RefundType.single,
    method,
    source: o.source,
    dispute_id: o.disputeId,
    currency: t.currency,
    amount,
    settle_amount: proRata(amount, t.amount, t.settle_amount),
    available_amount: availableBefore,
    reason: o.reason,
    applicant: o.applicant.name,
    applicant_admin_id: o.applicant.adminId,
    status: RefundProcessing.pendingReview,
    applied_at: o.now,
    processed_at: null,
    trade_at: after.created_at,
  });
  return { id, refundNo, method };
}

/** Parses the typed amount against the transaction's currency and checks it against what is available now. */
export function parseRefundAmount(
  text: string,
  t: { currency: string; amount: number; refunded_amount: number; refund_pending_amount: number },
) {
  const amount = parseMajorAmount(text, t.currency);
  if (amount === null) {
    // Say what is wrong with the text ("1,5" is refused, not read as 15); a well-formed zero is just not a refund.
    const decimals = minorUnitsOf(t.currency);
    if (!isMajorAmountText(text, decimals)) {
      throw new AppError(
        decimals > 0 ? 'validation.amount' : 'validation.amountWhole',
        ErrorCode.validation,
        200,
        { decimals },
        { field: 'field.amount' },
      );
    }
    throw new AppError('refund.amountInvalid', ErrorCode.validation);
  }
  if (amount > availableOf(t)) throw tooLarge(availableOf(t), t.currency);
  return amount;
}

/**
 * The application as an approval policy weighs it (approvals/public.ts): the transaction, its gateway
 * and the amount, refused here as applyRefund refuses it; its reason is the approver's reason too.
 */
export async function refundAction(db: Db, scope: Scope, body: TRefundApply): Promise<HeldAction> {
  const t = await requireRefundableTrade(db, scope, body.tradeNo);
  if (availableOf(t) <= 0) throw businessError('refund.nothingRefundable');
  const amount = parseRefundAmount(body.amount, t);
  return { kind: 'refund', gatewayId: t.gateway_id, currency: t.currency, amount, target: t.trade_no, payload: body, reason: body.reason };
}

/** POST RefundPath.apply: a merchant's refund application (pending review). */
export async function applyRefund(db: Db, scope: Scope, body: TRefundApply, applicant: Applicant, now: number, tx: TxRunner = plainTx(db)) {
  const t = await requireRefundableTrade(db, scope, body.tradeNo);
  if (availableOf(t) <= 0) throw businessError('refund.nothingRefundable');
  const amount = parseRefundAmount(body.amount, t);
  return tx(async (trx) => {
    const created = await reserveAndInsertRefund(trx, t, amount, {
      reason: body.reason,
      applicant,
      source: RefundSource.merchant,
      disputeId: null,
      now,
    });
    return { refundNo: created.refundNo, status: RefundProcessing.pendingReview, method: created.method };
  });
}

/** Moves money out of pending into refunded on the transaction, and counts the refund on the processing day. */
export async function completeRefundMoney(
  trx: Trx,
  r: { transaction_id: number; amount: number; settle_amount: number },
  now: number,
  fromPending: boolean,
): Promise<void> {
  const t = await repo.getTradeById(trx, r.transaction_id);
  const done = await repo.addRefundedAmount(trx, t.id, r.amount, { fromPending, abnormalStatus: abnormalAfterRefund(t.abnormal_status) });
  if (!done) throw businessError('refund.nothingRefundable');
  await addToRollup(
    trx,
    { merchantId: t.merchant_id, gatewayId: t.gateway_id, cardScheme: t.card_scheme, currency: t.settle_currency, at: now },
    { refund_count: 1, refund_amount: r.settle_amount },
  );
}

const NEXT: Record<'audit' | 'process' | 'succeed' | 'fail', { from: TRefundProcessing[]; to: TRefundProcessing }> = {
  audit: { from: [RefundProcessing.pendingReview], to: RefundProcessing.audited },
  process: { from: [RefundProcessing.audited], to: RefundProcessing.processing },
  succeed: { from: [RefundProcessing.processing], to: RefundProcessing.refunded },
  fail: { from: [RefundProcessing.pendingReview, RefundProcessing.audited, RefundProcessing.processing], to: RefundProcessing.failed },
};

export type RefundStep = keyof typeof NEXT;

/**
 * One operator step of the processing flow (spec §4): pending review -> audited -> in processing ->
 * refunded | refund failed (failure allowed from any open state). The status change is conditional
 * on the expected current state, so two operators cannot both move the same refund.
 */
export async function moveRefund(db: Db, refundNo: string, step: RefundStep, now: number, failReason = '') {
  const rule = NEXT[step];
  return db.transaction().execute(async (trx) => {
    const r = await repo.findRefundByNo(trx, refundNo);
    if (!r) throw new AppError('refund.notFound', ErrorCode.notFound);
    const terminal = rule.to === RefundProcessing.refunded || rule.to === RefundProcessing.failed;
    const moved = await repo.moveRefundStatus(trx, r.id, rule.from, {
      status: rule.to,
      ...(terminal ? { processed_at: now } : {}),
      ...(step === 'fail' ? { fail_reason: failReason.slice(0, 200) } : {}),
    });
    if (!moved) throw conflictError('refund.wrongState', { refundNo });
    if (step === 'succeed') {
      await completeRefundMoney(trx, r, now, true);
      await postRefundSucceeded(trx, r.id, now);
    }
    if (step === 'fail') {
      await repo.releaseRefundAmount(trx, r.transaction_id, r.amount);
      // A failed refund of an Ethoca alert leaves the alert open again, so the merchant can still answer it.
      if (r.dispute_id !== null) await repo.reopenAlertOfRefund(trx, r.dispute_id, r.id, now);
    }
    if (terminal) await emitRefundEvent(trx, r.id, now);
    return { refundNo, status: rule.to };
  });
}

export const auditRefund = (db: Db, refundNo: string, now: number) => moveRefund(db, refundNo, 'audit', now);
export const processRefund = (db: Db, refundNo: string, now: number) => moveRefund(db, refundNo, 'process', now);
export const succeedRefund = (db: Db, refundNo: string, now: number) => moveRefund(db, refundNo, 'succeed', now);
export const failRefund = (db: Db, refundNo: string, reason: string, now: number) => moveRefund(db, refundNo, 'fail', now, reason);
