import {
  AbnormalStatus,
  AppealStatus,
  DisputeKind,
  ProcessingType,
  RefundMethod,
  RefundProcessing,
  RefundSource,
  RefundType,
} from '@mbo/shared/trade-enums';
import type { SqlValue } from './trade-bulk-writer';
import { CHARGEBACK_REASONS, FRAUD_REPORT_REASON, REFUND_REASONS, RETRIEVAL_REASON } from './trade-generator-data';
import { oneOf, type Rng } from './trade-rng';
import {
  DAY,
  DISPUTE_COLUMNS,
  HOUR,
  REFUND_COLUMNS,
  TZ,
  type DisputeRow,
  type GatewayState,
  type RefundRow,
  type TxRow,
} from './trade-rows';

/** Open cases every merchant gets whatever the seed, so the dashboard and the reminders always have something to show. */
type Forced = { chargebacks: number; ethoca: number; retrievals: number };

/**
 * What happens to an approved payment after its day: merchant refunds, chargebacks (some appealed),
 * retrievals, RDR and Ethoca alerts, fraud reports. Each is decided when its payment is generated and
 * kept only when it happened before `now`; the payment's flags are set from exactly the rows kept.
 */
export class FollowOnEvents {
  /** Rows not written yet, in column order. */
  private refunds: SqlValue[][] = [];
  private disputes: SqlValue[][] = [];
  private readonly forced = new Map<number, Forced>();

  constructor(
    private readonly rng: Rng,
    private readonly now: number,
    private nextRefund: number,
    private nextDispute: number,
  ) {}

  addMerchant(merchantId: number): void {
    this.forced.set(merchantId, { chargebacks: 4, ethoca: 2, retrievals: 1 });
  }

  /** The refund and dispute rows gathered since the last call. */
  take(): { refunds: SqlValue[][]; disputes: SqlValue[][] } {
    const rows = { refunds: this.refunds, disputes: this.disputes };
    this.refunds = [];
    this.disputes = [];
    return rows;
  }

  private forcedFor(merchantId: number): Forced {
    return this.forced.get(merchantId) as Forced;
  }

  /** Decides and records what happened to an approved payment after the day it was made. */
  followOn(g: GatewayState, tx: TxRow): void {
    const rng = this.rng;
    const now = this.now;
    const t = tx.created_at as number;
    const scheme = tx.card_scheme as string;
    const age = now - t;
    const forced = this.forcedFor(g.merchant.merchantId);

    if (scheme === 'VISA' && rng.next() < 0.004) {
      const at = t + (5 + rng.next() * 25) * DAY;
      if (at < now) this.dispute(g, tx, DisputeKind.fraudReport, at, { reason: FRAUD_REPORT_REASON });
    }

    // Guaranteed open cases with deadlines in the next days, so the dashboard and the reminders
    // always have something to show whatever the seed.
    if (forced.chargebacks > 0 && age > 42 * DAY && age < 55 * DAY) {
      const deadline = now + (5 - forced.chargebacks) * DAY + 3 * HOUR;
      forced.chargebacks -= 1;
      this.chargeback(g, tx, deadline - 25 * DAY, ProcessingType.chargeback, deadline, true);
      return;
    }
    if (forced.ethoca > 0 && age > 8 * DAY && age < 20 * DAY && (scheme === 'VISA' || scheme === 'MASTERCARD')) {
      forced.ethoca -= 1;
      const at = now - (6 + forced.ethoca * 12) * HOUR;
      this.ethoca(g, tx, at, at + 72 * HOUR, true);
      return;
    }
    if (forced.retrievals > 0 && age > 20 * DAY && age < 30 * DAY) {
      forced.retrievals -= 1;
      this.dispute(g, tx, DisputeKind.retrieval, now - 5 * DAY, { reason: RETRIEVAL_REASON, deadline: now + 3 * DAY });
      tx.retrieval_status = 1;
      return;
    }

    const cbRate = scheme === 'MASTERCARD' ? (g.plan.mastercardChargebackRate ?? 0.0085) : scheme === 'VISA' ? 0.0055 : 0.006;
    const p = rng.next();
    let edge = 0.026;
    if (p < edge) {
      this.merchantRefunds(g, tx);
      return;
    }
    if (p < (edge += cbRate)) {
      // Some disputed payments were partly refunded first: "chargeback and refund".
      if (rng.next() < 0.1) this.merchantRefunds(g, tx, true);
      const at = t + (15 + rng.next() * 45) * DAY;
      if (at < now) this.chargeback(g, tx, at, ProcessingType.chargeback, at + (20 + rng.next() * 10) * DAY, false);
      return;
    }
    if (p < (edge += 0.003)) {
      const at = t + (10 + rng.next() * 30) * DAY;
      if (at >= now) return;
      this.dispute(g, tx, DisputeKind.retrieval, at, { reason: RETRIEVAL_REASON, deadline: at + (7 + rng.next() * 7) * DAY });
      tx.retrieval_status = 1;
      const cbAt = at + (10 + rng.next() * 10) * DAY;
      if (rng.next() < 0.3 && cbAt < now)
        this.chargeback(g, tx, cbAt, ProcessingType.retrievalToChargeback, cbAt + (20 + rng.next() * 10) * DAY, false);
      return;
    }
    // RDR is Visa's programme: about 0.5% of Visa, 0.3% of all approved payments.
    if (scheme === 'VISA' && p < (edge += 0.005)) {
      const at = t + (10 + rng.next() * 40) * DAY;
      if (at < now) this.rdr(g, tx, at);
      return;
    }
    if ((scheme === 'VISA' || scheme === 'MASTERCARD') && p < (edge += 0.0035)) {
      const at = t + (5 + rng.next() * 35) * DAY;
      if (at < now) this.ethoca(g, tx, at, at + (24 + rng.next() * 48) * HOUR, false);
    }
  }

  private refundable(tx: TxRow): number {
    return (tx.amount as number) - (tx.refunded_amount as number) - (tx.refund_pending_amount as number);
  }

  private settleShare(tx: TxRow, amount: number): number {
    return Math.round(((tx.settle_amount as number) * amount) / (tx.amount as number));
  }

  /** Writes a refund row and moves the transaction's refund figures accordingly. */
  private refund(
    g: GatewayState,
    tx: TxRow,
    r: {
      amount: number;
      source: number;
      status: number;
      appliedAt: number;
      processedAt: number | null;
      disputeId: number | null;
      reason: string;
    },
  ): number {
    const available = this.refundable(tx);
    const id = this.nextRefund++;
    g.refundSeq += 1;
    const row: RefundRow = {
      id,
      merchant_id: tx.merchant_id,
      gateway_id: tx.gateway_id,
      transaction_id: tx.id,
      refund_no: `RF${g.plan.gatewayNo}${String(g.refundSeq).padStart(8, '0')}`,
      refund_type: RefundType.single,
      method: r.amount === tx.amount ? RefundMethod.full : RefundMethod.partial,
      source: r.source,
      dispute_id: r.disputeId,
      currency: tx.currency,
      amount: r.amount,
      settle_amount: this.settleShare(tx, r.amount),
      available_amount: available,
      reason: r.reason,
      applicant: r.source === RefundSource.rdr ? 'RDR' : 'admin',
      applicant_admin_id: null,
      status: r.status,
      fail_reason: r.status === RefundProcessing.failed ? 'Issuer rejected the refund' : '',
      applied_at: r.appliedAt,
      processed_at: r.processedAt,
      trade_at: tx.created_at,
    };
    if (r.status === RefundProcessing.refunded) {
      tx.refunded_amount = (tx.refunded_amount as number) + r.amount;
      tx.refund_status = 1;
    } else if (r.status !== RefundProcessing.failed) tx.refund_pending_amount = (tx.refund_pending_amount as number) + r.amount;
    this.refunds.push(REFUND_COLUMNS.map((k) => row[k]));
    this.markAbnormal(tx);
    return id;
  }

  /** One or two merchant refunds; `partialOnly` for a payment that is about to be disputed. */
  private merchantRefunds(g: GatewayState, tx: TxRow, partialOnly = false): void {
    const rng = this.rng;
    const now = this.now;
    const applied = (tx.created_at as number) + (1 + 19 * rng.next() ** 2) * DAY;
    if (applied >= now) return;
    const amount = tx.amount as number;
    const full = !partialOnly && rng.next() < 0.35;
    const first = full ? amount : Math.max(1, Math.round(amount * (0.1 + 0.7 * rng.next())));
    const processed = applied + (0.5 + 2.5 * rng.next()) * DAY;
    let status: number;
    if (now - applied < 3 * DAY || processed >= now) {
      const q = rng.next();
      status = q < 0.5 ? RefundProcessing.pendingReview : q < 0.75 ? RefundProcessing.audited : RefundProcessing.processing;
    } else status = rng.next() < 0.94 ? RefundProcessing.refunded : RefundProcessing.failed;
    const done = status === RefundProcessing.refunded || status === RefundProcessing.failed;
    this.refund(g, tx, {
      amount: first,
      source: RefundSource.merchant,
      status,
      appliedAt: Math.round(applied),
      processedAt: done ? Math.round(processed) : null,
      disputeId: null,
      reason: oneOf(rng, REFUND_REASONS),
    });
    if (full || status !== RefundProcessing.refunded || partialOnly || rng.next() >= 0.12) return;
    const second = applied + (2 + 8 * rng.next()) * DAY;
    const secondDone = second + (0.5 + 2 * rng.next()) * DAY;
    const rest = this.refundable(tx);
    if (secondDone >= now || rest <= 0) return;
    this.refund(g, tx, {
      amount: Math.max(1, Math.round(rest * (0.2 + 0.8 * rng.next()))),
      source: RefundSource.merchant,
      status: RefundProcessing.refunded,
      appliedAt: Math.round(second),
      processedAt: Math.round(secondDone),
      disputeId: null,
      reason: oneOf(rng, REFUND_REASONS),
    });
  }

  private dispute(
    g: GatewayState,
    tx: TxRow,
    kind: number,
    at: number,
    o: {
      reason: { code: string; reason: string };
      deadline?: number;
      processingType?: number;
      amount?: number;
      appeal?: { status: number; appealedAt: number; decidedAt: number | null };
      refundId?: number | null;
    },
  ): number {
    const id = this.nextDispute++;
    g.caseSeq += 1;
    const prefix = { 1: 'CB', 2: 'RR', 3: 'RDR', 4: 'ETH', 5: 'FR' }[kind] ?? 'CS';
    const amount = o.amount ?? (tx.amount as number);
    const settle = this.settleShare(tx, amount);
    const when = Math.round(at);
    const processingType =
      o.processingType ??
      (kind === DisputeKind.retrieval
        ? ProcessingType.retrieval
        : kind === DisputeKind.rdrAlert
          ? ProcessingType.rdrAlert
          : kind === DisputeKind.ethocaAlert
            ? ProcessingType.ethocaAlert
            : ProcessingType.chargeback);
    const row: DisputeRow = {
      id,
      merchant_id: tx.merchant_id,
      gateway_id: tx.gateway_id,
      transaction_id: tx.id,
      case_no: `${prefix}${g.plan.gatewayNo}${String(g.caseSeq).padStart(7, '0')}`,
      kind,
      processing_type: processingType,
      currency: tx.currency,
      amount,
      settle_amount: settle,
      chargeback_amount: kind === DisputeKind.chargeback ? amount : 0,
      appeal_amount: o.appeal ? amount : 0,
      alert_amount: kind === DisputeKind.rdrAlert || kind === DisputeKind.ethocaAlert ? amount : 0,
      settle_batch: `B${new Date(when + TZ).toISOString().slice(0, 10).replace(/-/g, '')}`,
      reason_code: o.reason.code,
      reason: o.reason.reason,
      reply_deadline: o.deadline === undefined ? null : Math.round(o.deadline),
      appeal_status: o.appeal?.status ?? AppealStatus.none,
      appeal_note: o.appeal ? 'Proof of delivery and order records provided' : '',
      appealed_at: o.appeal ? Math.round(o.appeal.appealedAt) : null,
      decided_at: o.appeal?.decidedAt != null ? Math.round(o.appeal.decidedAt) : null,
      refund_id: o.refundId ?? null,
      // A reminder whose moment passed more than a day before `now` was shown back then: only the
      // last day's reminders are left for the deadline job, as on a system that has been running.
      reminded_5d_at: this.remindedBy(o.deadline, 5 * DAY),
      reminded_24h_at: this.remindedBy(o.deadline, DAY),
      trade_at: tx.created_at,
      created_at: when,
      updated_at: Math.round(o.appeal?.decidedAt ?? o.appeal?.appealedAt ?? at),
    };
    this.disputes.push(DISPUTE_COLUMNS.map((k) => row[k]));
    return id;
  }

  private remindedBy(deadline: number | undefined, before: number): number | null {
    if (deadline === undefined) return null;
    const moment = Math.round(deadline - before);
    return moment < this.now - DAY ? moment : null;
  }

  private chargeback(g: GatewayState, tx: TxRow, at: number, processingType: number, deadline: number, open: boolean): void {
    const rng = this.rng;
    const now = this.now;
    const reasons = CHARGEBACK_REASONS[tx.card_scheme as string] ?? CHARGEBACK_REASONS.VISA ?? [];
    const reason = oneOf(rng, reasons);
    let appeal: { status: number; appealedAt: number; decidedAt: number | null } | undefined;
    let type = processingType;
    if (!open) {
      const appealed = deadline <= now ? rng.next() < 0.45 : rng.next() < 0.25;
      if (appealed) {
        const appealedAt = at + (deadline <= now ? (deadline - at) * (0.2 + 0.7 * rng.next()) : (now - at) * rng.next());
        const decidedAt = appealedAt + (10 + 25 * rng.next()) * DAY;
        if (decidedAt < now) {
          const won = rng.next() < 0.45;
          appeal = { status: won ? AppealStatus.success : AppealStatus.failed, appealedAt, decidedAt };
          type = won ? ProcessingType.appealSuccessful : ProcessingType.appealFailed;
        } else {
          appeal = { status: AppealStatus.underAppeal, appealedAt, decidedAt: null };
          type = ProcessingType.appealPending;
        }
      }
    }
    this.dispute(g, tx, DisputeKind.chargeback, at, {
      reason,
      deadline,
      processingType: type,
      amount: this.refundable(tx) > 0 ? (tx.amount as number) - (tx.refunded_amount as number) : (tx.amount as number),
      appeal,
    });
    tx.chargeback_status = 1;
    tx.appeal_status = appeal?.status ?? AppealStatus.none;
    if (reason.fraud) tx.abnormal_status = AbnormalStatus.fraudulentChargeback;
    this.markAbnormal(tx);
  }

  private rdr(g: GatewayState, tx: TxRow, at: number): void {
    const amount = this.refundable(tx);
    if (amount <= 0) return;
    const disputeId = this.nextDispute;
    const refundId = this.nextRefund;
    this.dispute(g, tx, DisputeKind.rdrAlert, at, { reason: { code: 'RDR', reason: 'Rapid Dispute Resolution refund' }, amount, refundId });
    this.refund(g, tx, {
      amount,
      source: RefundSource.rdr,
      status: RefundProcessing.refunded,
      appliedAt: Math.round(at),
      processedAt: Math.round(at),
      disputeId,
      reason: 'RDR alert',
    });
    tx.rdr_status = 1;
  }

  private ethoca(g: GatewayState, tx: TxRow, at: number, deadline: number, open: boolean): void {
    const rng = this.rng;
    const now = this.now;
    const amount = this.refundable(tx);
    if (amount <= 0) return;
    const disputeId = this.nextDispute;
    let refundId: number | null = null;
    const answered = !open && deadline <= now && rng.next() < 0.85;
    const appliedAt = at + (deadline - at) * (0.2 + 0.7 * rng.next());
    if (answered) refundId = this.nextRefund;
    this.dispute(g, tx, DisputeKind.ethocaAlert, at, {
      reason: { code: 'ETHOCA', reason: 'Issuer confirmed fraud alert' },
      deadline,
      amount,
      refundId,
    });
    if (answered) {
      const processedAt = appliedAt + (2 + 10 * rng.next()) * HOUR;
      const done = processedAt < now;
      this.refund(g, tx, {
        amount,
        source: RefundSource.ethoca,
        status: done ? RefundProcessing.refunded : RefundProcessing.processing,
        appliedAt: Math.round(appliedAt),
        processedAt: done ? Math.round(processedAt) : null,
        disputeId,
        reason: 'Ethoca alert',
      });
    }
    tx.ethoca_status = 1;
  }

  private markAbnormal(tx: TxRow): void {
    if (tx.abnormal_status === AbnormalStatus.fraudulentChargeback) return;
    const refunded = (tx.refunded_amount as number) > 0 || (tx.refund_pending_amount as number) > 0;
    const cb = tx.chargeback_status === 1;
    tx.abnormal_status =
      cb && refunded
        ? AbnormalStatus.chargebackAndRefund
        : cb
          ? AbnormalStatus.chargeback
          : refunded
            ? AbnormalStatus.refund
            : AbnormalStatus.none;
  }
}
