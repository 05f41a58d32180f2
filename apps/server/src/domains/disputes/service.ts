import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { ErrorCode } from '@mbo/shared/envelope';
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
import type { Db } from '../../db/database';
import type { Database } from '../../db/types';
import { AppError, businessError, conflictError } from '../../platform/errors';
import { addToRollup, disputeDelta } from '../../platform/rollups';
import type { Scope } from '../../platform/scope';
import { DAY_MS } from '../../platform/time';
import {
  abnormalAfterChargeback,
  availableOf,
  completeRefundMoney,
  newRefundNo,
  proRata,
  reserveAndInsertRefund,
} from '../refunds/service';

/*
 * The rules of chargebacks, retrievals, alerts and appeals. What acquirer staff do (raise a case,
 * convert a retrieval, decide an appeal) and what the merchant does (appeal, refund an Ethoca alert)
 * each run in one database transaction that also keeps the transaction's flags and the daily rollups
 * right (platform/rollups.ts: a case counts on the day it arrived, a won appeal on the day decided).
 */

type Trx = Transaction<Database>;

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

type TradeRow = {
  id: number;
  merchant_id: number;
  gateway_id: number;
  trade_no: string;
  category: number;
  pay_status: number;
  card_scheme: string;
  currency: string;
  amount: number;
  settle_currency: string;
  settle_amount: number;
  refunded_amount: number;
  refund_pending_amount: number;
  abnormal_status: number;
};

const TRADE_COLUMNS = [
  'id',
  'merchant_id',
  'gateway_id',
  'trade_no',
  'category',
  'pay_status',
  'card_scheme',
  'currency',
  'amount',
  'settle_currency',
  'settle_amount',
  'refunded_amount',
  'refund_pending_amount',
  'abnormal_status',
] as const;

/** A mistake in what the operator asked for (printed with the usage, exit code 2). */
export class OperatorInputError extends Error {}

/** The successful formal transaction a case is raised on (operator commands look across merchants). */
export async function findTradeForCase(db: Db | Trx, tradeNo: string): Promise<TradeRow> {
  const rows = await db.selectFrom('transactions').select(TRADE_COLUMNS).where('trade_no', '=', tradeNo).limit(2).execute();
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
};

async function insertCase(trx: Trx, t: TradeRow, c: NewCase) {
  const settle = proRata(c.amount, t.amount, t.settle_amount);
  const caseNo = newCaseNo(c.kind, c.now);
  const row = await trx
    .insertInto('disputes')
    .values({
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
      created_at: c.now,
      updated_at: c.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addToRollup(
    trx,
    { merchantId: t.merchant_id, gatewayId: t.gateway_id, cardScheme: t.card_scheme, currency: t.settle_currency, at: c.now },
    disputeDelta(c.kind, settle),
  );
  return { id: row.id, caseNo };
}

/** deadlineHours wins over deadlineDays (an operator raising a case that is already close to its end). */
export type CaseOptions = {
  amount?: number;
  reason?: string;
  reasonCode?: string;
  deadlineDays?: number;
  deadlineHours?: number;
  now: number;
};

function caseDeadline(o: CaseOptions, defaultDays: number): number {
  return o.now + (o.deadlineHours !== undefined ? o.deadlineHours * 3_600_000 : (o.deadlineDays ?? defaultDays) * DAY_MS);
}

export async function raiseChargeback(db: Db, tradeNo: string, o: CaseOptions) {
  return db.transaction().execute(async (trx) => {
    const t = await findTradeForCase(trx, tradeNo);
    const amount = checkAmount(o.amount, t);
    const c = await insertCase(trx, t, {
      kind: DisputeKind.chargeback,
      processingType: ProcessingType.chargeback,
      amount,
      chargebackAmount: amount,
      deadline: caseDeadline(o, DEFAULT_CHARGEBACK_DEADLINE_DAYS),
      now: o.now,
      ...(o.reason !== undefined ? { reason: o.reason } : {}),
      ...(o.reasonCode !== undefined ? { reasonCode: o.reasonCode } : {}),
    });
    await trx
      .updateTable('transactions')
      .set({ chargeback_status: 1, abnormal_status: abnormalAfterChargeback(t.abnormal_status) })
      .where('id', '=', t.id)
      .execute();
    return c;
  });
}

export async function raiseRetrieval(db: Db, tradeNo: string, o: CaseOptions) {
  return db.transaction().execute(async (trx) => {
    const t = await findTradeForCase(trx, tradeNo);
    const amount = checkAmount(o.amount, t);
    const c = await insertCase(trx, t, {
      kind: DisputeKind.retrieval,
      processingType: ProcessingType.retrieval,
      amount,
      deadline: caseDeadline(o, DEFAULT_RETRIEVAL_DEADLINE_DAYS),
      now: o.now,
      ...(o.reason !== undefined ? { reason: o.reason } : {}),
      ...(o.reasonCode !== undefined ? { reasonCode: o.reasonCode } : {}),
    });
    await trx.updateTable('transactions').set({ retrieval_status: 1 }).where('id', '=', t.id).execute();
    return c;
  });
}

/** A fraud report (TC40/SAFE): counted for Visa VAMP, never a case on the screen, no flag of its own. */
export async function raiseFraudReport(db: Db, tradeNo: string, o: { now: number }) {
  return db.transaction().execute(async (trx) => {
    const t = await findTradeForCase(trx, tradeNo);
    return insertCase(trx, t, { kind: DisputeKind.fraudReport, processingType: 0, amount: t.amount, deadline: null, now: o.now });
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
    const c = await insertCase(trx, t, {
      kind: DisputeKind.rdrAlert,
      processingType: ProcessingType.rdrAlert,
      amount,
      alertAmount: amount,
      deadline: null,
      now: o.now,
    });
    const refundNo = newRefundNo(o.now);
    const settle = proRata(amount, t.amount, t.settle_amount);
    const refund = await trx
      .insertInto('refunds')
      .values({
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
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await completeRefundMoney(trx, { transaction_id: t.id, amount, settle_amount: settle }, o.now, false);
    await trx.updateTable('transactions').set({ rdr_status: 1 }).where('id', '=', t.id).execute();
    await trx.updateTable('disputes').set({ refund_id: refund.id }).where('id', '=', c.id).execute();
    return { ...c, refundNo };
  });
}

/** An Ethoca alert: the merchant has until the deadline to refund the alert amount. */
export async function raiseEthocaAlert(db: Db, tradeNo: string, o: { amount?: number; deadlineHours?: number; now: number }) {
  return db.transaction().execute(async (trx) => {
    const t = await findTradeForCase(trx, tradeNo);
    const amount = checkAmount(o.amount, t);
    const c = await insertCase(trx, t, {
      kind: DisputeKind.ethocaAlert,
      processingType: ProcessingType.ethocaAlert,
      amount,
      alertAmount: amount,
      deadline: o.now + (o.deadlineHours ?? DEFAULT_ETHOCA_DEADLINE_HOURS) * 3_600_000,
      now: o.now,
    });
    await trx.updateTable('transactions').set({ ethoca_status: 1 }).where('id', '=', t.id).execute();
    return c;
  });
}

/** A retrieval turned chargeback: a new chargeback case (processing type 3); the retrieval row stays as it was. */
export async function convertRetrieval(db: Db, caseNo: string, o: { deadlineDays?: number; now: number }) {
  return db.transaction().execute(async (trx) => {
    const r = await trx.selectFrom('disputes').selectAll().where('case_no', '=', caseNo).executeTakeFirst();
    if (!r) throw new OperatorInputError(`no case ${caseNo}`);
    if (r.kind !== DisputeKind.retrieval) throw new OperatorInputError(`case ${caseNo} is not a retrieval`);
    const done = await trx
      .selectFrom('disputes')
      .select('id')
      .where('transaction_id', '=', r.transaction_id)
      .where('processing_type', '=', ProcessingType.retrievalToChargeback)
      .executeTakeFirst();
    if (done) throw new OperatorInputError(`retrieval ${caseNo} was already turned into a chargeback`);
    const t = await trx.selectFrom('transactions').select(TRADE_COLUMNS).where('id', '=', r.transaction_id).executeTakeFirstOrThrow();
    const c = await insertCase(trx, t, {
      kind: DisputeKind.chargeback,
      processingType: ProcessingType.retrievalToChargeback,
      amount: r.amount,
      chargebackAmount: r.amount,
      reason: r.reason,
      reasonCode: r.reason_code,
      deadline: o.now + (o.deadlineDays ?? DEFAULT_CHARGEBACK_DEADLINE_DAYS) * DAY_MS,
      now: o.now,
    });
    await trx
      .updateTable('transactions')
      .set({ chargeback_status: 1, abnormal_status: abnormalAfterChargeback(t.abnormal_status) })
      .where('id', '=', t.id)
      .execute();
    return c;
  });
}

/** The acquirer's decision on an appeal; a won appeal counts on the decision day. */
export async function decideAppeal(db: Db, caseNo: string, result: 'success' | 'failed', now: number) {
  return db.transaction().execute(async (trx) => {
    const d = await trx.selectFrom('disputes').selectAll().where('case_no', '=', caseNo).executeTakeFirst();
    if (!d) throw new OperatorInputError(`no case ${caseNo}`);
    const won = result === 'success';
    const res = await trx
      .updateTable('disputes')
      .set({
        appeal_status: won ? AppealStatus.success : AppealStatus.failed,
        processing_type: won ? ProcessingType.appealSuccessful : ProcessingType.appealFailed,
        decided_at: now,
        updated_at: now,
      })
      .where('id', '=', d.id)
      .where('appeal_status', '=', AppealStatus.underAppeal)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new OperatorInputError(`case ${caseNo} is not under appeal`);
    const t = await trx.selectFrom('transactions').select(TRADE_COLUMNS).where('id', '=', d.transaction_id).executeTakeFirstOrThrow();
    await trx
      .updateTable('transactions')
      .set({ appeal_status: won ? AppealStatus.success : AppealStatus.failed })
      .where('id', '=', t.id)
      .execute();
    if (won)
      await addToRollup(
        trx,
        { merchantId: t.merchant_id, gatewayId: t.gateway_id, cardScheme: t.card_scheme, currency: t.settle_currency, at: now },
        { appeal_success_count: 1, appeal_success_amount: d.settle_amount },
      );
    return { caseNo, appealStatus: won ? AppealStatus.success : AppealStatus.failed };
  });
}

/** A case in the caller's scope. */
export async function findScopedCase(db: Db | Trx, scope: Scope, caseNo: string) {
  let qb = db
    .selectFrom('disputes')
    .selectAll()
    .where('merchant_id', '=', scope.merchantId)
    .where('case_no', '=', caseNo)
    .where('kind', '!=', DisputeKind.fraudReport);
  if (scope.gatewayIds !== null) qb = qb.where('gateway_id', 'in', scope.gatewayIds.length > 0 ? [...scope.gatewayIds] : [0]);
  const d = await qb.executeTakeFirst();
  if (!d) throw new AppError('dispute.notFound', ErrorCode.notFound);
  return d;
}

export function isAppealable(
  d: { kind: number; processing_type: number; appeal_status: number; reply_deadline: number | null },
  now: number,
) {
  return (
    d.kind === DisputeKind.chargeback &&
    (d.processing_type === ProcessingType.chargeback || d.processing_type === ProcessingType.retrievalToChargeback) &&
    d.appeal_status === AppealStatus.none &&
    d.reply_deadline !== null &&
    d.reply_deadline > now
  );
}

export function isAlertRefundable(d: { kind: number; refund_id: number | null; reply_deadline: number | null }, now: number) {
  return d.kind === DisputeKind.ethocaAlert && d.refund_id === null && (d.reply_deadline === null || d.reply_deadline > now);
}

export type EvidenceFile = { originalName: string; mime: string; size: number; sha256: string; storageName: string };

/**
 * The merchant's appeal: note and evidence files (already checked and stored). The status change is
 * conditional on "no appeal yet, before the deadline", so a second appeal cannot slip in.
 */
export async function submitAppeal(
  db: Db,
  scope: Scope,
  adminId: number | null,
  caseNo: string,
  note: string,
  files: EvidenceFile[],
  now: number,
) {
  return db.transaction().execute(async (trx) => {
    const d = await findScopedCase(trx, scope, caseNo);
    if (!isAppealable(d, now)) throw businessError('dispute.notAppealable');
    const res = await trx
      .updateTable('disputes')
      .set({
        appeal_status: AppealStatus.underAppeal,
        processing_type: ProcessingType.appealPending,
        appeal_note: note,
        appeal_amount: d.chargeback_amount,
        appealed_at: now,
        updated_at: now,
      })
      .where('id', '=', d.id)
      .where('appeal_status', '=', AppealStatus.none)
      .where('reply_deadline', '>', now)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw businessError('dispute.notAppealable');
    await trx.updateTable('transactions').set({ appeal_status: AppealStatus.underAppeal }).where('id', '=', d.transaction_id).execute();
    for (const f of files)
      await trx
        .insertInto('dispute_files')
        .values({
          dispute_id: d.id,
          merchant_id: d.merchant_id,
          original_name: f.originalName,
          mime: f.mime,
          size: f.size,
          sha256: f.sha256,
          storage_name: f.storageName,
          uploaded_by_admin_id: adminId,
          created_at: now,
        })
        .execute();
    return { caseNo, appealStatus: AppealStatus.underAppeal };
  });
}

/**
 * "Refund from alert": the alert amount goes through the same guarded reservation as a merchant's
 * refund; the alert then points at the refund, conditionally, so the same money is never refunded twice.
 */
export async function refundFromAlert(
  db: Db,
  scope: Scope,
  caseNo: string,
  applicant: { name: string; adminId: number | null },
  now: number,
) {
  return db.transaction().execute(async (trx) => {
    const d = await findScopedCase(trx, scope, caseNo);
    if (d.kind !== DisputeKind.ethocaAlert) throw businessError('dispute.notEthoca');
    if (d.refund_id !== null) throw conflictError('dispute.alertAlreadyRefunded');
    if (d.reply_deadline !== null && d.reply_deadline <= now) throw businessError('dispute.deadlinePassed');
    const t = await trx.selectFrom('transactions').select(TRADE_COLUMNS).where('id', '=', d.transaction_id).executeTakeFirstOrThrow();
    const created = await reserveAndInsertRefund(trx, t, d.alert_amount, {
      reason: `Ethoca ${d.case_no}`,
      applicant,
      source: RefundSource.ethoca,
      disputeId: d.id,
      now,
    });
    const res = await trx
      .updateTable('disputes')
      .set({ refund_id: created.id, updated_at: now })
      .where('id', '=', d.id)
      .where('refund_id', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflictError('dispute.alertAlreadyRefunded');
    return { refundNo: created.refundNo, status: RefundProcessing.pendingReview, method: created.method };
  });
}
