import { z } from 'zod';
import { APPEAL_NOTE_MAX } from './disputes';
import { checkMonthRange, ZMonth } from './reports';

/*
 * The dispute workspace (issue 49 §1): a case's reason code explained, the facts the product holds
 * about it, Visa Compelling Evidence 3.0 eligibility, and an evidence draft kept apart from the one-way
 * appeal: saved as often as the merchant likes, previewed as the issuer will read it, submitted once.
 */
export const DisputeEvidencePath = {
  /** GET: reason, pre-fill, CE 3.0 and the saved draft of one case. */
  workspace: '/merTradeMgr/proConTrade/workspace/:caseNo',
  /** POST multipart: caseNo, version, note, sections (JSON), ce3, keepFiles, then new files (ProConTrade:Appeal). */
  draftSave: '/merTradeMgr/proConTrade/appealDraft/save',
  /** GET: the package as the issuer will read it, built from the saved draft. */
  draftPreview: '/merTradeMgr/proConTrade/appealDraft/preview/:caseNo',
  /** POST: submits the saved draft as the case's appeal, once (ProConTrade:Appeal). */
  draftSubmit: '/merTradeMgr/proConTrade/appealDraft/submit',
  /** GET: won and lost appeals by reason code and month (statistics screen). */
  outcomes: '/statistics/disputeOutcomes',
} as const;

export const workspacePath = (caseNo: string) => DisputeEvidencePath.workspace.replace(':caseNo', encodeURIComponent(caseNo));
export const draftPreviewPath = (caseNo: string) => DisputeEvidencePath.draftPreview.replace(':caseNo', encodeURIComponent(caseNo));

/** The parts of an evidence package, in the order the issuer reads them. */
export const EVIDENCE_SECTIONS = ['transaction', 'customer', 'delivery', 'product', 'refunds', 'history'] as const;
export type TEvidenceSection = (typeof EVIDENCE_SECTIONS)[number];
export const EVIDENCE_SECTION_MAX = 2000;

/** The elements CE 3.0 compares between the disputed transaction and a prior one. */
export const CE3_ELEMENTS = ['userId', 'shippingAddress', 'ip', 'deviceId'] as const;
export type TCe3Element = (typeof CE3_ELEMENTS)[number];

/**
 * Why a 10.4 case is not eligible: the first condition fewer than two prior transactions meet, in the
 * order they are checked (same card, inside 120-365 days, undisputed, two shared elements, IP or device).
 */
export const CE3_MISSING = ['sameCard', 'window', 'undisputed', 'twoElements', 'ipOrDevice'] as const;
export type TCe3Missing = (typeof CE3_MISSING)[number];

const ZSections = z.object(
  Object.fromEntries(EVIDENCE_SECTIONS.map((s) => [s, z.string().max(EVIDENCE_SECTION_MAX)])) as {
    [K in TEvidenceSection]: z.ZodString;
  },
);
export type TEvidenceSections = z.infer<typeof ZSections>;

/** The text fields of a draft save, as the multipart form sends them (files follow them). */
export const ZDraftFields = z.object({
  caseNo: z.string().trim().min(1).max(64),
  /** The version the merchant edited (0 for a new draft): a save over a newer one is refused. */
  version: z.coerce.number().int().min(0).max(1_000_000),
  note: z.string().trim().max(APPEAL_NOTE_MAX).default(''),
  sections: z
    .string()
    .max(64 * 1024)
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'sections' });
        return z.NEVER;
      }
    })
    .pipe(ZSections.partial()),
  /** Attach the qualifying CE 3.0 transactions (only counted when the case is eligible). */
  ce3: z.enum(['0', '1']).default('0'),
  /** Ids of the draft's files to keep, comma separated; the others are removed. */
  keepFiles: z
    .string()
    .max(400)
    .regex(/^(\d{1,15}(,\d{1,15})*)?$/)
    .default(''),
});
export type TDraftFields = z.infer<typeof ZDraftFields>;

export const ZDraftSubmitBody = z.object({
  caseNo: z.string().trim().min(1).max(64),
  version: z.coerce.number().int().min(1).max(1_000_000),
});

export const ZDraftFile = z.object({ id: z.number().int(), name: z.string(), mime: z.string(), size: z.number().int() });

export const ZDraft = z.object({
  version: z.number().int(),
  note: z.string(),
  sections: ZSections,
  ce3: z.boolean(),
  files: z.array(ZDraftFile),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type TDraft = z.infer<typeof ZDraft>;

const ZTradeFact = z.object({
  tradeNo: z.string(),
  createdAt: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  payStatus: z.number().int(),
  disputed: z.boolean(),
});

export const ZCe3Prior = z.object({
  tradeNo: z.string(),
  createdAt: z.string(),
  daysBefore: z.number().int(),
  matched: z.array(z.enum(CE3_ELEMENTS)),
});
export type TCe3Prior = z.infer<typeof ZCe3Prior>;

export const ZCe3Result = z.object({
  eligible: z.boolean(),
  /** Null when eligible. */
  missing: z.enum(CE3_MISSING).nullable(),
  /** How many prior transactions passed each condition, in CE3_MISSING's order. */
  counts: z.object(Object.fromEntries(CE3_MISSING.map((k) => [k, z.number().int()])) as { [K in TCe3Missing]: z.ZodNumber }),
  qualifying: z.array(ZCe3Prior),
});
export type TCe3Result = z.infer<typeof ZCe3Result>;

/** What the product holds about the disputed payment, all within the caller's scope. */
export const ZPrefill = z.object({
  transaction: ZTradeFact.extend({
    merchantOrderNo: z.string(),
    cardScheme: z.string(),
    card: z.string(),
    tradeUrl: z.string(),
  }),
  customer: z.object({
    name: z.string(),
    email: z.string(),
    ip: z.string(),
    userId: z.string(),
    deviceId: z.string(),
    billingAddress: z.string(),
    shippingName: z.string(),
    shippingAddress: z.string(),
  }),
  waybill: z
    .object({
      trackingNo: z.string(),
      carrier: z.string(),
      status: z.number().int(),
      events: z.array(z.object({ at: z.string(), event: z.enum(['uploaded', 'checked']), status: z.number().int().nullable() })),
    })
    .nullable(),
  products: z.array(
    z.object({ name: z.string(), goodsNo: z.string(), quantity: z.number().int(), currency: z.string(), price: z.number().int() }),
  ),
  refunds: z.array(
    z.object({
      refundNo: z.string(),
      tradeNo: z.string(),
      currency: z.string(),
      amount: z.number().int(),
      status: z.number().int(),
      appliedAt: z.string(),
    }),
  ),
  otherTransactions: z.array(ZTradeFact),
});
export type TPrefill = z.infer<typeof ZPrefill>;

export const ZWorkspace = z.object({
  caseNo: z.string(),
  cardScheme: z.string(),
  reasonCode: z.string(),
  reason: z.string(),
  /** The reason-code table's id (reason-codes.ts), or null for a code it does not explain. */
  guide: z.string().nullable(),
  canEdit: z.boolean(),
  prefill: ZPrefill,
  /** Visa 10.4 only. */
  ce3: ZCe3Result.nullable(),
  draft: ZDraft.nullable(),
  /** The sections as the pre-fill words them (what a new draft starts from). */
  suggested: ZSections,
});
export type TWorkspace = z.infer<typeof ZWorkspace>;

/** The package as the issuer reads it: English, the language the schemes exchange evidence in. */
export const ZEvidencePackage = z.object({
  caseNo: z.string(),
  cardScheme: z.string(),
  reasonCode: z.string(),
  reason: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  tradeNo: z.string(),
  note: z.string(),
  sections: z.array(z.object({ key: z.enum(EVIDENCE_SECTIONS), title: z.string(), text: z.string() })),
  ce3: z.array(ZCe3Prior).nullable(),
  files: z.array(ZDraftFile),
  version: z.number().int(),
  submittedAt: z.string().nullable(),
});
export type TEvidencePackage = z.infer<typeof ZEvidencePackage>;

/** Months (business months, UTC+08:00) as the statistics screen's range gives them. */
export const ZOutcomeQuery = z.object({ from: ZMonth, to: ZMonth }).superRefine(checkMonthRange);
export const ZOutcomeRow = z.object({
  month: z.string(),
  cardScheme: z.string(),
  reasonCode: z.string(),
  won: z.number().int(),
  lost: z.number().int(),
  pending: z.number().int(),
  /** Won / (won + lost) in basis points, null when nothing was decided. */
  winRateBp: z.number().int().nullable(),
});
export const ZOutcomes = z.object({ list: z.array(ZOutcomeRow) });
export type TOutcomeRow = z.infer<typeof ZOutcomeRow>;
export type TOutcomes = z.infer<typeof ZOutcomes>;
