import { EVIDENCE_MAX_COUNT } from '@mbo/shared/disputes';
import { type TDraft, type TDraftFields, type TEvidencePackage, type TPrefill, type TWorkspace } from '@mbo/shared/dispute-evidence';
import { isCe3Case, reasonGuideOf } from '@mbo/shared/reason-codes';
import type { Db } from '../../db/database';
import { conflictError, businessError } from '../../platform/errors';
import { plainTx, type TxRunner } from '../../platform/idempotency';
import type { Scope } from '../../platform/scope';
import type { FileStorage } from '../../platform/storage';
import { toIso } from '../../platform/time';
import { checkCe3, type Ce3Prior, type Ce3Trade } from './ce3';
import * as repo from './evidence-repository';
import { packageSections, readSections, suggestSections } from './evidence-package';
import { insertEvidenceFiles } from './case-repository';
import { evidenceRows, fileAppealIn, requireScopedCase, type EvidenceUpload, type StoredEvidence } from './merchant-service';
import { isAppealable } from './rules';

/*
 * The dispute workspace (issue 49 §1; README "Evidence drafts"). A draft is saved as often as the
 * merchant likes and changes nothing of the case; submitting it is the appeal (merchant-service.ts's
 * fileAppealIn, the same one-way step as a direct appeal), after which the draft no longer changes.
 */

const OTHER_TRADES_SHOWN = 20;

type CaseTrade = NonNullable<Awaited<ReturnType<typeof repo.findCaseTrade>>>;

const cardOf = (t: { card_scheme: string; card_first6: string; card_last4: string }) => `${t.card_scheme} ${t.card_first6} ${t.card_last4}`;
const joinAddress = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter((p) => p !== '')
    .join(', ');
const shippingOf = (t: { shipping_address: string; shipping_city: string; shipping_zip: string; shipping_country: string }) =>
  joinAddress(t.shipping_address, t.shipping_city, t.shipping_zip, t.shipping_country);

function ce3TradeOf(t: repo.TradeFacts | CaseTrade): Ce3Trade {
  return {
    tradeNo: t.trade_no,
    card: cardOf(t),
    createdAt: Number(t.created_at),
    userId: t.customer_id,
    shippingAddress: shippingOf(t),
    ip: t.ip,
    deviceId: t.device_id,
  };
}

/** What the product holds about the case's payment, read within the caller's scope. */
async function gatherFacts(db: Db, scope: Scope, d: { transaction_id: number; created_at: number; reason_code: string }) {
  const t = await repo.findCaseTrade(db, scope, d.transaction_id);
  // The case is in scope, so is its payment; a missing one is a broken row, answered as "not found".
  if (!t) throw conflictError('dispute.notFound');
  const others = await repo.findOtherTrades(db, scope, t, OTHER_TRADES_SHOWN);
  const [waybill, products, refunds] = await Promise.all([
    repo.findWaybill(db, scope, t.id),
    repo.findProducts(db, scope, t.id),
    repo.findRefunds(db, scope, [t.id, ...others.map((o) => o.id)], Number(d.created_at)),
  ]);
  const fact = (o: repo.TradeFacts) => ({
    tradeNo: o.trade_no,
    createdAt: toIso(Number(o.created_at)),
    currency: o.currency,
    amount: Number(o.amount),
    payStatus: Number(o.pay_status),
    disputed: Boolean(Number(o.disputed)),
  });
  const prefill: TPrefill = {
    transaction: {
      tradeNo: t.trade_no,
      merchantOrderNo: t.merchant_order_no,
      createdAt: toIso(Number(t.created_at)),
      currency: t.currency,
      amount: Number(t.amount),
      payStatus: Number(t.pay_status),
      disputed: true,
      cardScheme: t.card_scheme,
      card: `${t.card_first6}******${t.card_last4}`,
      tradeUrl: t.trade_url,
    },
    customer: {
      name: t.customer_name,
      email: t.email || t.customer_email,
      ip: t.ip,
      userId: t.customer_id ?? '',
      deviceId: t.device_id ?? '',
      billingAddress: joinAddress(t.customer_address, t.customer_city, t.customer_zip, t.bill_country),
      shippingName: t.shipping_name,
      shippingAddress: shippingOf(t),
    },
    waybill: waybill
      ? {
          trackingNo: waybill.tracking_no,
          carrier: waybill.carrier,
          status: Number(waybill.status),
          events: [
            { at: toIso(Number(waybill.uploaded_at)), event: 'uploaded' as const, status: null },
            ...(waybill.checked_at === null
              ? []
              : [{ at: toIso(Number(waybill.checked_at)), event: 'checked' as const, status: Number(waybill.status) }]),
          ],
        }
      : null,
    products: products.map((p) => ({
      name: p.name,
      goodsNo: p.goods_no,
      quantity: Number(p.quantity),
      currency: p.currency,
      price: Number(p.price),
    })),
    refunds: refunds.map((r) => ({
      refundNo: r.refund_no,
      tradeNo: r.trade_no,
      currency: r.currency,
      amount: Number(r.amount),
      status: Number(r.status),
      appliedAt: toIso(Number(r.applied_at)),
    })),
    otherTransactions: others.map(fact),
  };
  let ce3 = null;
  if (isCe3Case(t.card_scheme, d.reason_code)) {
    const candidates = await repo.findCe3Candidates(db, scope, t, Number(d.created_at));
    const priors: Ce3Prior[] = candidates.map((c) => ({ ...ce3TradeOf(c), disputed: Boolean(Number(c.disputed)) }));
    ce3 = checkCe3(ce3TradeOf(t), Number(d.created_at), priors);
  }
  return { trade: t, prefill, ce3 };
}

async function readDraft(db: Db, disputeId: number): Promise<TDraft | null> {
  const draft = await repo.findDraft(db, disputeId);
  if (!draft) return null;
  const files = await repo.listDraftFiles(db, draft.id);
  return {
    version: Number(draft.version),
    note: draft.note,
    sections: readSections(draft.sections),
    ce3: Number(draft.use_ce3) === 1,
    files: files.map((f) => ({ id: Number(f.id), name: f.original_name, mime: f.mime, size: Number(f.size) })),
    updatedAt: toIso(Number(draft.updated_at)),
    submittedAt: draft.submitted_at === null ? null : toIso(Number(draft.submitted_at)),
  };
}

export async function loadWorkspace(db: Db, scope: Scope, caseNo: string, now: number): Promise<TWorkspace> {
  const d = await requireScopedCase(db, scope, caseNo);
  const { trade, prefill, ce3 } = await gatherFacts(db, scope, d);
  const draft = await readDraft(db, d.id);
  return {
    caseNo: d.case_no,
    cardScheme: trade.card_scheme,
    reasonCode: d.reason_code,
    reason: d.reason,
    guide: reasonGuideOf(trade.card_scheme, d.reason_code)?.id ?? null,
    canEdit: isAppealable(d, now) && draft?.submittedAt == null,
    prefill,
    ce3,
    draft,
    suggested: suggestSections(prefill, ce3),
  };
}

/**
 * Saves the draft: the text replaces the saved one, the files kept plus the new ones make its file
 * list. Refused when the case can no longer be appealed, the draft was submitted, or someone saved a
 * newer version meanwhile. New files are stored inside the transaction and removed when it fails; the
 * files dropped from the draft are removed once it committed.
 */
export async function saveDraft(
  db: Db,
  files: FileStorage,
  scope: Scope,
  adminId: number | null,
  fields: TDraftFields,
  uploads: EvidenceUpload[],
  now: number,
): Promise<TDraft> {
  const written: string[] = [];
  let dropped: string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      const d = await requireScopedCase(trx, scope, fields.caseNo);
      const existing = await repo.findDraft(trx, d.id);
      if (existing?.submitted_at != null) throw conflictError('dispute.draftSubmitted');
      if (!isAppealable(d, now)) throw businessError('dispute.notAppealable');
      const text = {
        note: fields.note,
        sections: JSON.stringify({ ...readSections(existing?.sections ?? '{}'), ...fields.sections }),
        use_ce3: fields.ce3 === '1' ? 1 : 0,
        updated_by_admin_id: adminId,
      };
      let draftId: number;
      if (!existing) {
        if (fields.version !== 0) throw conflictError('dispute.draftStale');
        const id = await repo.insertDraft(trx, { dispute_id: d.id, merchant_id: d.merchant_id, ...text }, now);
        if (id === null) throw conflictError('dispute.draftStale');
        draftId = id;
      } else {
        if (!(await repo.updateOpenDraft(trx, existing.id, fields.version, { ...text, version: fields.version + 1 }, now)))
          throw conflictError('dispute.draftStale');
        draftId = existing.id;
      }
      const keep = new Set(fields.keepFiles === '' ? [] : fields.keepFiles.split(',').map(Number));
      const current = await repo.listDraftFiles(trx, draftId);
      const gone = current.filter((f) => !keep.has(Number(f.id)));
      if (current.length - gone.length + uploads.length > EVIDENCE_MAX_COUNT)
        throw businessError('dispute.evidenceTooMany', { count: EVIDENCE_MAX_COUNT });
      await repo.deleteDraftFiles(
        trx,
        draftId,
        gone.map((f) => Number(f.id)),
      );
      const stored: StoredEvidence[] = [];
      for (const u of uploads) {
        const put = await files.put(trx, d.merchant_id, u.content);
        written.push(put.storageName);
        stored.push({ originalName: u.originalName, mime: u.mime, ...put });
      }
      await insertEvidenceFiles(trx, evidenceRows(d, stored, adminId, now, draftId));
      dropped = gone.map((f) => f.storage_name);
    });
  } catch (error) {
    for (const name of written) await files.remove(db, name);
    throw error;
  }
  for (const name of dropped) await files.remove(db, name);
  const d = await requireScopedCase(db, scope, fields.caseNo);
  const saved = await readDraft(db, d.id);
  if (!saved) throw conflictError('dispute.draftStale');
  return saved;
}

/** The saved draft as the issuer will read it (a case without a draft has nothing to preview). */
export async function previewPackage(db: Db, scope: Scope, caseNo: string): Promise<TEvidencePackage> {
  const d = await requireScopedCase(db, scope, caseNo);
  const draft = await readDraft(db, d.id);
  if (!draft) throw businessError('dispute.draftMissing');
  const { trade, ce3 } = draft.ce3
    ? await gatherFacts(db, scope, d)
    : { trade: await repo.findCaseTrade(db, scope, d.transaction_id), ce3: null };
  return {
    caseNo: d.case_no,
    cardScheme: trade?.card_scheme ?? '',
    reasonCode: d.reason_code,
    reason: d.reason,
    amount: Number(d.amount),
    currency: d.currency,
    tradeNo: trade?.trade_no ?? '',
    note: draft.note,
    sections: packageSections(draft.sections),
    // Attached only when the case is eligible: a partial list would not meet the rule.
    ce3: ce3?.eligible ? ce3.qualifying : null,
    files: draft.files,
    version: draft.version,
    submittedAt: draft.submittedAt,
  };
}

/**
 * Submits the draft at the version the merchant previewed as the case's appeal: one transaction marks
 * the draft submitted (once) and files the appeal with the draft's files as its evidence. A second
 * submission, a stale version or a case no longer open is refused and changes nothing.
 */
export async function submitDraft(
  db: Db,
  scope: Scope,
  adminId: number | null,
  caseNo: string,
  version: number,
  now: number,
  tx: TxRunner = plainTx(db),
) {
  return tx(async (trx) => {
    const d = await requireScopedCase(trx, scope, caseNo);
    const draft = await repo.findDraft(trx, d.id);
    if (!draft) throw businessError('dispute.draftMissing');
    if (draft.submitted_at !== null) throw conflictError('dispute.draftSubmitted');
    if (Number(draft.version) !== version) throw conflictError('dispute.draftStale');
    if (!isAppealable(d, now)) throw businessError('dispute.notAppealable');
    const stored = await repo.listDraftFiles(trx, draft.id);
    if (stored.length === 0) throw businessError('dispute.evidenceRequired');
    if (!(await repo.updateOpenDraft(trx, draft.id, version, { submitted_at: now }, now))) throw conflictError('dispute.draftSubmitted');
    // The draft's files are already evidence records of the case: submitted, they are the appeal's.
    return fileAppealIn(trx, d, draft.note, [], adminId, now);
  });
}
