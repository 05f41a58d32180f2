import { z } from 'zod';
import { opt } from './list';
import { defineList, field } from './list-fields';
import { zCode } from './trade-enums';

/*
 * A second approver (issue 50 §3; apps/server/src/domains/approvals/README.md). The owner decides, per
 * kind of money action, whether it waits for another administrator's approval, from which amount, and
 * how long a request may wait. The action itself is the product's own (withdrawal application, refund
 * application), run when the request is approved.
 */

export const ApprovalPath = {
  /** GET: the approval requests of the caller's merchant (its gateways). */
  list: '/approval/list',
  /** GET: one request, with exactly what approving it will do. */
  detail: '/approval/detail/:id',
  /** POST: another administrator approves: the action runs now, with today's balances and limits. */
  approve: '/approval/approve/:id',
  /** POST: another administrator rejects, with a comment. */
  reject: '/approval/reject/:id',
  /** GET: the owner's policy per kind. */
  policies: '/approval/policies',
  /** POST: the owner saves the policies (owner only). */
  savePolicies: '/approval/policies/save',
} as const;

export const approvalDetailPath = (id: number) => ApprovalPath.detail.replace(':id', String(id));
export const approvalApprovePath = (id: number) => ApprovalPath.approve.replace(':id', String(id));
export const approvalRejectPath = (id: number) => ApprovalPath.reject.replace(':id', String(id));

/** The actions a policy can hold for a second approver. */
export const APPROVAL_KINDS = ['withdrawal', 'refund', 'bankChange'] as const;
export type TApprovalKind = (typeof APPROVAL_KINDS)[number];
/**
 * Kinds without an amount (a change of the bank account on file): their policy has no threshold, every
 * one waits when the policy is on; the request belongs to the whole merchant (no gateway).
 */
export const APPROVAL_KINDS_WITHOUT_AMOUNT: readonly TApprovalKind[] = ['bankChange'];
export const approvalKindHasAmount = (kind: TApprovalKind) => !APPROVAL_KINDS_WITHOUT_AMOUNT.includes(kind);

export const ApprovalStatus = { pending: 1, approved: 2, rejected: 3, expired: 4 } as const;

/** The words a requester and an approver type. */
export const APPROVAL_REASON_MAX = 200;
export const APPROVAL_COMMENT_MAX = 200;
/** How long a request may wait, in hours (the owner's choice; 48 unless changed). */
export const APPROVAL_EXPIRY_DEFAULT_HOURS = 48;
export const APPROVAL_EXPIRY_MAX_HOURS = 720;
/** A threshold is a whole amount in the action's own currency, at most this. */
export const APPROVAL_THRESHOLD_MAX = 1_000_000_000;

export const ZApprovalPolicy = z.object({
  kind: z.enum(APPROVAL_KINDS),
  enabled: z.boolean(),
  /** Whole major units of the action's currency: an action of this amount or more waits for approval (0: every one; not used by a kind without an amount). */
  threshold: z.number().int().min(0).max(APPROVAL_THRESHOLD_MAX),
  expiryHours: z.number().int().min(1).max(APPROVAL_EXPIRY_MAX_HOURS),
});
export type TApprovalPolicy = z.infer<typeof ZApprovalPolicy>;

export const ZApprovalPolicies = z.object({ policies: z.array(ZApprovalPolicy) });
export type TApprovalPolicies = z.infer<typeof ZApprovalPolicies>;

export const ZApprovalPoliciesSave = z.object({
  policies: z
    .array(ZApprovalPolicy)
    .min(1)
    .max(APPROVAL_KINDS.length)
    .refine((ps) => new Set(ps.map((p) => p.kind)).size === ps.length, { message: 'duplicate kind' }),
});

/** What a held action answers instead of its own result: it waits for another administrator. */
export const ZApprovalWaiting = z.object({
  approvalPending: z.literal(true),
  approvalId: z.number().int(),
  expiresAt: z.string(),
});
export type TApprovalWaiting = z.infer<typeof ZApprovalWaiting>;

export const isApprovalWaiting = (v: unknown): v is TApprovalWaiting =>
  typeof v === 'object' && v !== null && (v as { approvalPending?: unknown }).approvalPending === true;

export const ZApprovalIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
export const ZApprovalReject = z.object({ comment: z.string().trim().min(1).max(APPROVAL_COMMENT_MAX) });

/** The approval list, declared once (list-fields.ts). */
export const APPROVALS = defineList({
  fields: {
    id: field.count('approval.id'),
    kind: field.textCode('approval.kind', 'approval.kinds', z.enum(APPROVAL_KINDS)),
    /** Empty for a change of the whole merchant (bank account). */
    gatewayNo: field.text('approval.gatewayNo'),
    currency: field.text(),
    amount: field.money('approval.amount'),
    /** The transaction number (refund), the masked bank account (withdrawal), or the old and new accounts masked (bank change). */
    target: field.text('approval.target'),
    reason: field.text('approval.reason'),
    requester: field.text('approval.requester'),
    requesterId: field.data(z.number().int().nullable()),
    createdAt: field.time('approval.createdAt'),
    expiresAt: field.time('approval.expiresAt'),
    status: field.code('approval.status', 'approval.statuses'),
    decidedBy: field.text('approval.decidedBy'),
    decidedAt: field.timeOrNull('approval.decidedAt'),
    comment: field.text('approval.comment'),
    /** The withdrawal or refund number once approved. */
    resultNo: field.text('approval.resultNo'),
  },
  filters: z.object({
    status: opt(zCode(ApprovalStatus)),
    kind: opt(z.enum(APPROVAL_KINDS)),
  }),
  days: null,
});
export type TApprovalRow = z.infer<typeof APPROVALS.row>;

/** One request, with the action it will run when approved (the requester's own words). */
export const ZApprovalDetail = z.object({
  row: APPROVALS.row,
  /**
   * The request as it was sent (withdrawal: gateway, amount, bank account id; refund: transaction, amount,
   * reason); a bank change: the new account's fields with its number masked, and the account on file masked.
   */
  action: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Whether the caller may decide it (holds the permission, did not ask for it, still pending). */
  mayDecide: z.boolean(),
});
export type TApprovalDetail = z.infer<typeof ZApprovalDetail>;

export const ZApprovalDecided = z.object({ id: z.number().int(), status: z.number().int(), resultNo: z.string() });
export type TApprovalDecided = z.infer<typeof ZApprovalDecided>;
