import { randomBytes } from 'node:crypto';
import {
  AppealStatus,
  DisputeKind,
  PayStatus,
  ProcessingType,
  RefundProcessing,
  RefundSource,
  TradeCategory,
  type TDisputeKind,
} from '@mbo/shared/trade-enums';
import { inTransaction } from '../../db/in-transaction';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import { addToRollup, disputeDelta } from '../../platform/rollups';
import { DAY_MS } from '../../platform/time';
import * as refundRepo from '../refunds/repository';
import { postCaseOpened, postChargebackReversal, postRefundSucceeded } from '../funds/postings';
import { emitCaseEvent, emitRefundEvent } from '../webhooks/outbox';
import { abnormalAfterChargeback, availableOf, completeRefundMoney, newRefundNo, proRata } from '../refunds/service';
import * as repo from './case-repository';

/*
 * What acquirer staff do from the shell: raise a chargeback, a retrieval, an alert or a fraud report,
 * turn a retrieval into a chargeback, decide an appeal. Each runs in one database transaction that
 * also keeps the transaction's flags and the daily rollups right (platform/rollups.ts: a case counts
 * on the day it arrived, a won appeal on the day decided). What merchants do is in merchant-service.ts.
 */

export const DEFAULT_CHARGEBACK_DEADLINE_DAYS = 20;
export const DEFAULT_RETRIEVAL_DEADLINE_DAYS = 10;
export const DEFAULT_ETHOCA_DEADLINE_HOURS = 48;

const CASE_PREFIX: Record<TDisputeKind, string> = {
  [DisputeKind.chargeback]: 'CB',
  [DisputeKind.retrieval]: 'RT',
  [DisputeKind.rdrAlert]: 'RD',
  [DisputeKind.ethocaAlert]: 'ET',
  [DisputeKind.fraudReport]: 'FR',
};

export function newCaseNo(kind: TDisputeKind, now: number): string {
  return `${CASE_PREFIX[kind]}${new Date(now).toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(5).toString('hex').toUpperCase()}`;
}

type TradeRow = refundRepo.TradeMoneyRow;

/** A mistake in what the operator asked for (printed with the usage, exit code 2). */
export class OperatorInputError extends Error {}

/** The successful formal transaction a case is raised on (operator commands look across merchants). */
export async function findTradeForCase(db: DbOrTrx, tradeNo: string): Promise<TradeRow> {
  const rows = await refundRepo.findTradesByNo(db, tradeNo);
  if (rows.length === 0) throw new OperatorInputError(`no transaction ${tradeNo}`);
  if (rows.length > 1) throw new OperatorInputError(`transaction order number ${tradeNo} is not unique`);
  const t = rows[0]!;
  if (t.category !== TradeCategory.formal || t.pay_status !== PayStatus.success)
    throw new OperatorInputError(`transaction ${tradeNo} is not a successful formal transaction`);
  return t;
}

function checkAmount(amount: number | undefined, t: TradeRow): number {
  const a = amount ?? t.amount;
  if (!Number.isSafeInteger(a) || a <= 0 || a > t.amount)
    throw new OperatorInputError(`the amount must be more than 0 and at most the transaction's ${t.amount} (minor units)`);
  return a;
}

type NewCase = {
  kind: TDisputeKind;
  processingType: number;
  amount: number;
  reason?: string;
  reasonCode?: string;
  deadline: number | null;
  now: number;
  chargebackAmount?: number;
  alertAmount?: number;
  /** A number chosen by the caller (the demo data, which must be the same at every run); drawn when absent. */
  caseNo?: string;
};

/** A new case on `t`, counted in the rollup of the day it arrived. */
async function openCase(trx: Trx, t: TradeRow, c: NewCase) {
  const settle = proRata(c.amount, t.amount, t.settle_amount);
  const caseNo = c.caseNo ?? newCaseNo(c.kind, c.now);
  const id = await repo.insertCase(trx, {
    merchant_id: t.merchant_id,
    gateway_id: t.gateway_id,
    transaction_id: t.id,
    case_no: caseNo,
    kind: c.kind,
    processing_type: c.processingType,
    currency: t.currency,
    amount: c.amount,
    settle_amount: settle,
    chargeback_amount: c.chargebackAmount ?? 0,
    alert_amount: c.alertAmount ?? 0,
    reason: (c.reason ?? '').slice(0, 200),
    reason_code: (c.reasonCode ?? '').slice(0, 32),
    reply_deadline: c.deadline,
    refund_id: null,
    appealed_at: null,
    decided_at: null,
    reminded_5d_at: null,
    reminded_24h_at: null,
    trade_at: t.created_at,
    created_at: c.now,
    updated_at: c.now,
  });
  await addToRollup(
    trx,
    { merchantId: t.merchant_id, gatewayId: t.gateway_id, cardScheme: t.card_scheme, currency: t.settle_currency, at: c.now },
    disputeDelta(c.kind, settle),
  );
  await postCaseOpened(trx, id, c.now);
  await emitCaseEvent(trx, id, 'opened', c.now);
  return { id, caseNo };
}

/** deadlineHours wins over deadlineDays (an operator raising a case that is already close to its end). */
export type CaseOptions = {
  amount?: number;
  reason?: string;
  reasonCode?: string;
  deadlineDays?: number;
  deadlineHours?: number;
  now: number;
  caseNo?: string;
};

function caseDeadline(o: CaseOptions, defaultDays: number): number {
  return o.now + (o.deadlineHours !== undefined ? o.deadlineHours * 3_600_000 : (o.deadlineDays ?? defaultDays) * DAY_MS);
}

function reasonOf(o: CaseOptions): Pick<NewCase, 'reason' | 'reasonCode'> {
  return { ...(o.reason !== undefined ? { reason: o.reason } : {}), ...(o.reasonCode !== undefined ? { reasonCode: o.reasonCode } : {}) };
}

/**
 * A case on the trade `tradeNo` for the amount asked (the whole trade's when none), checked against
 * the trade; `flags` are the trade's flags the case sets (worked out from the trade when a function).
 */
async function raiseOnTrade(
  trx: Trx,
  tradeNo: string,
  asked: number | undefined,
  flags: repo.TradeFlags | ((t: TradeRow) => repo.TradeFlags),
  caseOf: (amount: number) => NewCase,
) {
  const t = await findTradeForCase(trx, tradeNo);
  const c = await openCase(trx, t, caseOf(checkAmount(asked, t)));
  await repo.setTradeFlags(trx, t.id, typeof flags === 'function' ? flags(t) : flags);
  return c;
}

/** In the caller's transaction when `db` is one (the demo seed loads in one). */
export async function raiseChargeback(db: DbOrTrx, tradeNo: string, o: CaseOptions) {
  const flags = (t: TradeRow) => ({ chargeback_status: 1, abnormal_status: abnormalAfterChargeback(t.abnormal_status) });
  return inTransaction(db, (trx) =>
    raiseOnTrade(trx, tradeNo, o.amount, flags, (amount) => ({
      kind: DisputeKind.chargeback,
      processingType: ProcessingType.chargeback,
      amount,
      chargebackAmount: amount,
      deadline: caseDeadline(o, DEFAULT_CHARGEBACK_DEADLINE_DAYS),
      now: o.now,
      ...reasonOf(o),
      ...(o.caseNo !== undefined ? { caseNo: o.caseNo } : {}),
    })),
  );
}

export async function raiseRetrieval(db: Db, tradeNo: string, o: CaseOptions) {
  return db.transaction().execute((trx) =>
    raiseOnTrade(trx, tradeNo, o.amount, { retrieval_status: 1 }, (amount) => ({
      kind: DisputeKind.retrieval,
      processingType: ProcessingType.retrieval,
      amount,
      deadline: caseDeadline(o, DEFAULT_RETRIEVAL_DEADLINE_DAYS),
      now: o.now,
      ...reasonOf(o),
    })),
  );
}

/** A fraud report (TC40/SAFE): counted for Visa VAMP, never a case on the screen, no flag of its own. */
export async function raiseFraudReport(db: Db, tradeNo: string, o: { now: number }) {
  return db.transaction().execute(async (trx) => {
    const t = await findTradeForCase(trx, tradeNo);
    return openCase(trx, t, { kind: DisputeKind.fraudReport, processingType: 0, amount: t.amount, deadline: null, now: o.now });
  });
}

/**
 * An RDR alert is resolved by the issuer's rules at once: the alert amount is refunded on arrival
 * (a refund with source rdr, created refunded), through the same guard as any refund.
 */
export async function raiseRdrAlert(db: Db, tradeNo: string, o: { amount?: number; now: number }) {
  return db.transaction().execute(async (trx) => {
    const t = await findTradeForCase(trx, tradeNo);
    const available = availableOf(t);
    if (available <= 0) throw new OperatorInputError(`nothing is left to refund on ${tradeNo}`);
    const amount = o.amount ?? available;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > available)
      throw new OperatorInputError(`the amount must be more than 0 and at most the available ${available} (minor units)`);
    const c = await openCase(trx, t, {
      kind: DisputeKind.rdrAlert,
      processingType: ProcessingType.rdrAlert,
      amount,
      alertAmount: amount,
      deadline: null,
      now: o.now,
    });
    const refundNo = newRefundNo(o.now);
    const settle = proRata(amount, t.amount, t.settle_amount);
    const refundId = await refundRepo.insertRefund(trx, {
      merchant_id: t.merchant_id,
      gateway_id: t.gateway_id,
      transaction_id: t.id,
      refund_no: refundNo,
      refund_type: 1,
      method: amount === t.amount && t.refunded_amount === 0 && t.refund_pending_amount === 0 ? 1 : 2,
      source: RefundSource.rdr,
      dispute_id: c.id,
      currency: t.currency,
      amount,
      settle_amount: settle,
      available_amount: available,
      reason: 'RDR',
      applicant: 'RDR',
      applicant_admin_id: null,
      status: RefundProcessing.refunded,
      applied_at: o.now,
      processed_at: o.now,
      trade_at: t.created_at,
    });
    await completeRefundMoney(trx, { transaction_id: t.id, amount, settle_amount: settle }, o.now, false);
    await postRefundSucceeded(trx, refundId, o.now);
    await emitRefundEvent(trx, refundId, o.now);
    await repo.setTradeFlags(trx, t.id, { rdr_status: 1 });
    await repo.linkAlertRefund(trx, c.id, refundId, o.now);
    return { ...c, refundNo };
  });
}

/** An Ethoca alert: the merchant has until the deadline to refund the alert amount. */
export async function raiseEthocaAlert(db: Db, tradeNo: string, o: { amount?: number; deadlineHours?: number; now: number }) {
  return db.transaction().execute((trx) =>
    raiseOnTrade(trx, tradeNo, o.amount, { ethoca_status: 1 }, (amount) => ({
      kind: DisputeKind.ethocaAlert,
      processingType: ProcessingType.ethocaAlert,
      amount,
      alertAmount: amount,
      deadline: o.now + (o.deadlineHours ?? DEFAULT_ETHOCA_DEADLINE_HOURS) * 3_600_000,
      now: o.now,
    })),
  );
}

/** A retrieval turned chargeback: a new chargeback case (processing type 3); the retrieval row stays as it was. */
export async function convertRetrieval(db: Db, caseNo: string, o: { deadlineDays?: number; now: number }) {
  return db.transaction().execute(async (trx) => {
    const r = await repo.findCaseByNo(trx, caseNo);
    if (!r) throw new OperatorInputError(`no case ${caseNo}`);
    if (r.kind !== DisputeKind.retrieval) throw new OperatorInputError(`case ${caseNo} is not a retrieval`);
    if (await repo.hasRetrievalConversion(trx, r.transaction_id))
      throw new OperatorInputError(`retrieval ${caseNo} was already turned into a chargeback`);
    const t = await refundRepo.getTradeById(trx, r.transaction_id);
    const c = await openCase(trx, t, {
      kind: DisputeKind.chargeback,
      processingType: ProcessingType.retrievalToChargeback,
      amount: r.amount,
      chargebackAmount: r.amount,
      reason: r.reason,
      reasonCode: r.reason_code,
      deadline: o.now + (o.deadlineDays ?? DEFAULT_CHARGEBACK_DEADLINE_DAYS) * DAY_MS,
      now: o.now,
    });
    await repo.setTradeFlags(trx, t.id, { chargeback_status: 1, abnormal_status: abnormalAfterChargeback(t.abnormal_status) });
    return c;
  });
}

/** The acquirer's decision on an appeal; a won appeal counts on the decision day. */
export async function decideAppeal(db: Db, caseNo: string, result: 'success' | 'failed', now: number) {
  return db.transaction().execute(async (trx) => {
    const d = await repo.findCaseByNo(trx, caseNo);
    if (!d) throw new OperatorInputError(`no case ${caseNo}`);
    const won = result === 'success';
    if (!(await repo.decideCaseAppeal(trx, d.id, won, now))) throw new OperatorInputError(`case ${caseNo} is not under appeal`);
    const t = await refundRepo.getTradeById(trx, d.transaction_id);
    const appealStatus = won ? AppealStatus.success : AppealStatus.failed;
    await repo.setTradeFlags(trx, t.id, { appeal_status: appealStatus });
    if (won) await postChargebackReversal(trx, d.id, now);
    await emitCaseEvent(trx, d.id, 'decided', now);
    if (won)
      await addToRollup(
        trx,
        { merchantId: t.merchant_id, gatewayId: t.gateway_id, cardScheme: t.card_scheme, currency: t.settle_currency, at: now },
        { appeal_success_count: 1, appeal_success_amount: d.settle_amount },
      );
    return { caseNo, appealStatus };
  });
}
