import { ErrorCode } from '@mbo/shared/envelope';
import type { TLanguage } from '@mbo/shared/i18n';
import {
  checkTrackingNumber,
  findCarrier,
  parseCarrierSites,
  PROOF_MAX_FILES,
  REJECTED_STATUSES,
  WaybillStatus,
  type TDeliveryProofType,
  type TWaybillBatchResult,
  type TWaybillBatchRow,
  type TWaybillRowError,
  type TWaybillUploaded,
} from '@mbo/shared/waybills';
import { findProofType } from '../funds/proof-holds';
import type { Db } from '../../db/database';
import type { CsvRecord } from '../../platform/csv-reader';
import { AppError, businessError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import type { Scope } from '../../platform/scope';
import type { FileStorage } from '../../platform/storage';
import * as repo from './repository';
import { daysLeft, proofDeadline, settlementDaysOf } from './settlement';

export type ProofImage = { originalName: string; mime: string; content: Buffer };
export type UploadInput = { tradeNo: string; trackingNo: string; carrier: string; carrierSites: string };

/** The carrier's name as known (its usual spelling), or as typed. */
function carrierName(raw: string): string {
  return findCarrier(raw)?.name ?? raw.trim();
}

/** Sites as stored: the typed ones, or the known carrier's tracking site. */
function sitesOf(raw: string, carrier: string): string | null {
  const sites = parseCarrierSites(raw);
  if (sites === null) return null;
  if (sites.length === 0 && carrier) return findCarrier(carrier)?.site ?? '';
  return sites.join(',');
}

/**
 * What makes an upload to a transaction impossible whatever it carries: the transaction (in scope,
 * successful), the merchant's proof type, the 3-day rule in UTC+08:00 business days, a confirmed delivery.
 */
export async function checkTarget(db: Db, scope: Scope, tradeNo: string, now: number) {
  const target = await repo.findTradeForUpload(db, scope, tradeNo);
  if (!target) return { error: 'tradeNotFound' as const };
  const type = await findProofType(db, scope.merchantId);
  if (type === null) return { error: 'notRequired' as const };
  const deadline = proofDeadline(target.created_at, await settlementDaysOf(db, scope.merchantId));
  if (daysLeft(deadline.lastUploadDate, now) < 0) return { error: 'deadlinePassed' as const, date: deadline.lastUploadDate };
  if (target.status === WaybillStatus.delivered) return { error: 'delivered' as const };
  return { error: null, target, type };
}

function targetError(e: { error: 'tradeNotFound' | 'notRequired' | 'deadlinePassed' | 'delivered'; date?: string }): AppError {
  if (e.error === 'tradeNotFound') return new AppError('waybill.tradeNotFound', ErrorCode.notFound);
  if (e.error === 'deadlinePassed') return businessError('waybill.deadlinePassed', { date: e.date ?? '' });
  return businessError(e.error === 'notRequired' ? 'waybill.notRequired' : 'waybill.delivered');
}

/** The tracking part of an upload, checked: what to store, or the refusal. */
function checkTracking(
  input: UploadInput,
  existing: { tracking_no: string | null; carrier: string | null; carrier_sites: string | null },
): { trackingNo: string; carrier: string; carrierSites: string } | { error: TWaybillRowError; carrier?: string } {
  const trackingNo = input.trackingNo.trim();
  if (trackingNo === '') {
    // Images only: what was stored before stays.
    return { trackingNo: existing.tracking_no ?? '', carrier: existing.carrier ?? '', carrierSites: existing.carrier_sites ?? '' };
  }
  if (input.carrier.trim() === '') return { error: 'carrierRequired' };
  const problem = checkTrackingNumber(trackingNo, input.carrier);
  if (problem) return { error: problem, carrier: carrierName(input.carrier) };
  const carrier = carrierName(input.carrier).slice(0, 64);
  const carrierSites = sitesOf(input.carrierSites, input.carrier);
  if (carrierSites === null) return { error: 'badSites' };
  return { trackingNo: findCarrier(input.carrier) ? trackingNo.toUpperCase() : trackingNo, carrier, carrierSites };
}

function meetsProofType(
  type: TDeliveryProofType,
  trackingNo: string,
  images: number,
): 'imageRequired' | 'trackingRequired' | 'proofRequired' | null {
  if (type === 'image') return images > 0 ? null : 'imageRequired';
  if (type === 'tracking') return trackingNo !== '' ? null : 'trackingRequired';
  return trackingNo !== '' || images > 0 ? null : 'proofRequired';
}

/** Checks made before any image is read (the route calls it when the first file arrives, or at the end). */
export async function checkUpload(db: Db, scope: Scope, input: UploadInput, now: number) {
  const checked = await checkTarget(db, scope, input.tradeNo, now);
  if (checked.error !== null) throw targetError(checked);
  const tracking = checkTracking(input, checked.target);
  if ('error' in tracking) {
    if (tracking.error === 'carrierRequired') throw businessError('waybill.carrierRequired');
    if (tracking.error === 'badSites') throw businessError('waybill.badSites');
    throw businessError(`waybillTracking.${tracking.error as 'required'}`, { carrier: tracking.carrier ?? '' });
  }
  return { target: checked.target, type: checked.type, tracking };
}

/**
 * Stores one upload: the tracking number (if given) and the images, in one transaction with the
 * waybill (back to pending review, upload count +1); the images' contents are removed again when the
 * transaction fails. A tracking number also on another transaction of the merchant is flagged on all.
 */
export async function uploadWaybill(
  db: Db,
  files: FileStorage,
  scope: Scope,
  input: UploadInput,
  images: ProofImage[],
  now: number,
): Promise<TWaybillUploaded> {
  const { target, type, tracking } = await checkUpload(db, scope, input, now);
  const existingImages = target.image_count ?? 0;
  if (existingImages + images.length > PROOF_MAX_FILES) throw businessError('waybill.imageTooMany', { count: PROOF_MAX_FILES });
  const missing = meetsProofType(type, tracking.trackingNo, existingImages + images.length);
  if (missing) throw businessError(`waybill.${missing}`);
  const written: string[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      let waybillId = target.waybill_id;
      if (waybillId === null) waybillId = await repo.insertWaybill(trx, target, { ...tracking, now });
      else if (!(await repo.updateWaybillUpload(trx, waybillId, { ...tracking, now }))) throw businessError('waybill.delivered');
      const rows = [];
      for (const img of images) {
        const stored = await files.put(trx, scope.merchantId, img.content);
        written.push(stored.storageName);
        rows.push({
          waybill_id: waybillId,
          merchant_id: scope.merchantId,
          original_name: img.originalName,
          mime: img.mime,
          size: stored.size,
          sha256: stored.sha256,
          storage_name: stored.storageName,
          created_at: now,
        });
      }
      if (!(await repo.addImages(trx, waybillId, rows, PROOF_MAX_FILES)))
        throw businessError('waybill.imageTooMany', { count: PROOF_MAX_FILES });
      const reusedOn = await repo.flagTrackingReuse(trx, scope.merchantId, waybillId, tracking.trackingNo);
      return { tradeNo: target.trade_no, status: WaybillStatus.pendingReview, imageCount: existingImages + images.length, reusedOn };
    });
  } catch (error) {
    for (const name of written) await files.remove(db, name);
    throw error;
  }
}

const HEADER_WORDS = new Set(['tradeno', 'transaction order number', '交易订单号', '交易訂單號']);

/** Records of a batch file without its header row. */
export function batchRows(records: CsvRecord[]): CsvRecord[] {
  const first = records[0];
  return first && HEADER_WORDS.has((first.cells[0] ?? '').trim().toLowerCase()) ? records.slice(1) : records;
}

/**
 * A batch of tracking numbers (`tradeNo,trackingNo,carrier[,carrierSites]` per row): each row is
 * checked as a single upload would be; with `commit` the accepted rows are stored in one transaction.
 * A transaction given twice in the file, or a row whose number and carrier are already stored on it,
 * is a duplicate. Images cannot come in a batch: a merchant that must give images is told so per row.
 */
export async function runBatch(
  db: Db,
  scope: Scope,
  records: CsvRecord[],
  o: { commit: boolean; lang: TLanguage; now: number },
): Promise<TWaybillBatchResult> {
  const rows: TWaybillBatchRow[] = [];
  const seen = new Set<string>();
  const good: {
    row: TWaybillBatchRow;
    target: repo.UploadTarget;
    tracking: { trackingNo: string; carrier: string; carrierSites: string };
  }[] = [];
  for (const r of records) {
    const cells = r.cells.map((c) => c.trim());
    const [tradeNo = '', trackingNo = '', carrier = '', sites = ''] = cells;
    const row: TWaybillBatchRow = {
      row: r.line,
      tradeNo: tradeNo.slice(0, 64),
      trackingNo: trackingNo.slice(0, 60),
      carrier: carrier.slice(0, 64),
      result: 'accepted',
      error: null,
      message: '',
      reused: false,
    };
    rows.push(row);
    const fail = (error: TWaybillRowError, params: Record<string, string> = {}) => {
      row.result = 'error';
      row.error = error;
      row.message = translate(o.lang, `waybillRow.${error}`, { row: r.line, ...params });
    };
    if (r.unterminated || cells.length < 3 || cells.length > 4 || tradeNo === '' || tradeNo.length > 64) {
      fail('columns');
      continue;
    }
    if (seen.has(tradeNo)) {
      row.result = 'duplicate';
      row.message = translate(o.lang, 'waybillRow.duplicate', { row: r.line });
      continue;
    }
    seen.add(tradeNo);
    const checked = await checkTarget(db, scope, tradeNo, o.now);
    if (checked.error !== null) {
      fail(checked.error);
      continue;
    }
    const tracking = checkTracking({ tradeNo, trackingNo, carrier, carrierSites: sites }, checked.target);
    if ('error' in tracking) {
      fail(tracking.error, { carrier: tracking.carrier ?? '' });
      continue;
    }
    if (tracking.trackingNo === '') {
      fail('required');
      continue;
    }
    if (checked.type === 'image' && (checked.target.image_count ?? 0) === 0) {
      fail('imageRequired');
      continue;
    }
    if (
      checked.target.tracking_no === tracking.trackingNo &&
      checked.target.carrier === tracking.carrier &&
      !REJECTED_STATUSES.includes(checked.target.status ?? -1)
    ) {
      row.result = 'duplicate';
      row.message = translate(o.lang, 'waybillRow.duplicate', { row: r.line });
      continue;
    }
    good.push({ row, target: checked.target, tracking });
  }

  if (o.commit && good.length > 0) {
    await db.transaction().execute(async (trx) => {
      for (const g of good) {
        let waybillId = g.target.waybill_id;
        if (waybillId === null) waybillId = await repo.insertWaybill(trx, g.target, { ...g.tracking, now: o.now });
        else if (!(await repo.updateWaybillUpload(trx, waybillId, { ...g.tracking, now: o.now }))) {
          g.row.result = 'error';
          g.row.error = 'delivered';
          g.row.message = translate(o.lang, 'waybillRow.delivered', { row: g.row.row });
          continue;
        }
        g.row.reused = (await repo.flagTrackingReuse(trx, scope.merchantId, waybillId, g.tracking.trackingNo)).length > 0;
      }
    });
  }
  return {
    committed: o.commit,
    accepted: rows.filter((r) => r.result === 'accepted').length,
    errors: rows.filter((r) => r.result === 'error').length,
    duplicates: rows.filter((r) => r.result === 'duplicate').length,
    rows,
  };
}

/** Operator review (spec §4): the states a waybill may be moved to, and from where. */
export const CARRIER_STATUSES = [
  WaybillStatus.inTransit,
  WaybillStatus.delivered,
  WaybillStatus.notDelivered,
  WaybillStatus.transportTooLong,
  WaybillStatus.awaitingManualConfirmation,
  WaybillStatus.deliveryInfoUnconfirmed,
  WaybillStatus.wrongNumber,
  WaybillStatus.noInformation,
] as const;
const ALL_UPLOADED = [WaybillStatus.pendingReview, ...CARRIER_STATUSES];
const NOT_DELIVERED = ALL_UPLOADED.filter((s) => s !== WaybillStatus.delivered);

export class WaybillOperatorError extends Error {}

/** approve: delivered; reject: delivery info unconfirmed with the reason (proof no longer counts); status: a carrier's tracking state. */
export async function reviewWaybill(
  db: Db,
  tradeNo: string,
  merchantId: number | undefined,
  action: { kind: 'approve' } | { kind: 'reject'; reason: string } | { kind: 'status'; status: number },
  now: number,
): Promise<{ from: number; to: number; merchantId: number }> {
  const found = await repo.findWaybillsByTradeNo(db, tradeNo, merchantId);
  if (found.length === 0) throw new WaybillOperatorError(`no waybill for transaction ${tradeNo} (nothing uploaded yet?)`);
  if (found.length > 1) throw new WaybillOperatorError(`transaction number ${tradeNo} exists in several merchants: add --merchant`);
  const w = found[0]!;
  const to =
    action.kind === 'approve' ? WaybillStatus.delivered : action.kind === 'reject' ? WaybillStatus.deliveryInfoUnconfirmed : action.status;
  const from: readonly number[] = action.kind === 'status' ? ALL_UPLOADED : NOT_DELIVERED;
  if (!from.includes(w.status)) throw new WaybillOperatorError(`waybill of ${tradeNo} is ${w.status}: cannot ${action.kind}`);
  const reason = action.kind === 'reject' ? action.reason : '';
  if (!(await repo.moveWaybillStatus(db, w.id, [w.status], { status: to, fail_reason: reason, checked_at: now })))
    throw new WaybillOperatorError(`waybill of ${tradeNo} changed meanwhile; try again`);
  return { from: w.status, to, merchantId: w.merchant_id };
}
