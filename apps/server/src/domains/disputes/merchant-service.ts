import { ErrorCode } from '@mbo/shared/envelope';
import { AppealStatus, DisputeKind, RefundProcessing, RefundSource } from '@mbo/shared/trade-enums';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import { AppError, businessError, conflictError } from '../../platform/errors';
import { plainTx, type TxRunner } from '../../platform/idempotency';
import type { FileStorage } from '../../platform/storage';
import type { Scope } from '../../platform/scope';
import * as refundRepo from '../refunds/repository';
import { reserveAndInsertRefund, type Applicant } from '../refunds/service';
import * as repo from './case-repository';
import { findScopedCase } from './repository';
import { isAppealable } from './rules';

/*
 * What a merchant does with a case: appeal a chargeback with evidence, refund an Ethoca alert. Each
 * runs in one database transaction; the repository's conditional updates make a second appeal or a
 * second refund of the same alert fail instead of slipping in. What acquirer staff do is in
 * operator-service.ts.
 */

/** A case in the caller's scope, or "not found" (another merchant's case looks the same as none). */
export async function requireScopedCase(db: DbOrTrx, scope: Scope, caseNo: string) {
  const d = await findScopedCase(db, scope, caseNo);
  if (!d) throw new AppError('dispute.notFound', ErrorCode.notFound);
  return d;
}

/** An evidence file of an appeal, its type already checked from its content. */
export type EvidenceUpload = { originalName: string; mime: string; content: Buffer };

/**
 * The merchant's appeal: note and evidence files. The files are stored through `files` inside the
 * appeal's transaction (with the database storage they commit or roll back with it; stored on disk,
 * they are removed again when the appeal fails).
 */
export async function submitAppeal(
  db: Db,
  files: FileStorage,
  scope: Scope,
  adminId: number | null,
  caseNo: string,
  note: string,
  uploads: EvidenceUpload[],
  now: number,
  tx: TxRunner = plainTx(db),
) {
  const written: string[] = [];
  try {
    return await tx(async (trx) => {
      const d = await requireScopedCase(trx, scope, caseNo);
      if (!isAppealable(d, now)) throw businessError('dispute.notAppealable');
      const stored: StoredEvidence[] = [];
      for (const u of uploads) {
        const put = await files.put(trx, d.merchant_id, u.content);
        written.push(put.storageName);
        stored.push({ originalName: u.originalName, mime: u.mime, ...put });
      }
      return await fileAppealIn(trx, d, note, stored, adminId, now);
    });
  } catch (error) {
    for (const name of written) await files.remove(db, name);
    throw error;
  }
}

/** Evidence already in file storage (an upload of this request, or a saved draft's file). */
export type StoredEvidence = { originalName: string; mime: string; storageName: string; sha256: string; size: number };

/** The evidence records of stored files: the appeal's (draft null) or a draft's. */
export function evidenceRows(
  d: { id: number; merchant_id: number },
  stored: StoredEvidence[],
  adminId: number | null,
  now: number,
  draftId: number | null,
) {
  return stored.map((f) => ({
    dispute_id: d.id,
    merchant_id: d.merchant_id,
    original_name: f.originalName,
    mime: f.mime,
    size: f.size,
    sha256: f.sha256,
    storage_name: f.storageName,
    uploaded_by_admin_id: adminId,
    created_at: now,
    draft_id: draftId,
  }));
}

/**
 * The one-way step of every appeal, inside the caller's transaction: the conditional update that lets
 * only one appeal through, the transaction's flag and the evidence records. A direct appeal and a
 * submitted evidence draft both go through here.
 */
export async function fileAppealIn(
  trx: Trx,
  d: { id: number; merchant_id: number; transaction_id: number; chargeback_amount: number; case_no: string },
  note: string,
  stored: StoredEvidence[],
  adminId: number | null,
  now: number,
) {
  if (!(await repo.fileCaseAppeal(trx, d, note, now))) throw businessError('dispute.notAppealable');
  await repo.setTradeFlags(trx, d.transaction_id, { appeal_status: AppealStatus.underAppeal });
  await repo.insertEvidenceFiles(trx, evidenceRows(d, stored, adminId, now, null));
  return { caseNo: d.case_no, appealStatus: AppealStatus.underAppeal };
}

/**
 * "Refund from alert": the alert amount goes through the same guarded reservation as a merchant's
 * refund; the alert then points at the refund, conditionally, so the same money is never refunded twice.
 */
export async function refundFromAlert(db: Db, scope: Scope, caseNo: string, applicant: Applicant, now: number, tx: TxRunner = plainTx(db)) {
  return tx(async (trx) => {
    const d = await requireScopedCase(trx, scope, caseNo);
    if (d.kind !== DisputeKind.ethocaAlert) throw businessError('dispute.notEthoca');
    if (d.refund_id !== null) throw conflictError('dispute.alertAlreadyRefunded');
    if (d.reply_deadline !== null && d.reply_deadline <= now) throw businessError('dispute.deadlinePassed');
    const t = await refundRepo.getTradeById(trx, d.transaction_id);
    const created = await reserveAndInsertRefund(trx, t, d.alert_amount, {
      reason: `Ethoca ${d.case_no}`,
      applicant,
      source: RefundSource.ethoca,
      disputeId: d.id,
      now,
    });
    if (!(await repo.linkAlertRefund(trx, d.id, created.id, now))) throw conflictError('dispute.alertAlreadyRefunded');
    return { refundNo: created.refundNo, status: RefundProcessing.pendingReview, method: created.method };
  });
}
