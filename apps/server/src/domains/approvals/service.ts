import type { FastifyInstance } from 'fastify';
import {
  APPROVAL_EXPIRY_DEFAULT_HOURS,
  APPROVAL_KINDS,
  APPROVALS,
  ApprovalStatus,
  approvalKindHasAmount,
  type TApprovalDecided,
  type TApprovalDetail,
  type TApprovalKind,
  type TApprovalPolicy,
  type TApprovalWaiting,
} from '@mbo/shared/approvals';
import { ErrorCode } from '@mbo/shared/envelope';
import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '@mbo/shared/i18n';
import { minorUnitsOf, toMajorString } from '@mbo/shared/money';
import type { Db, Trx } from '../../db/database';
import { AppError, businessError, conflictError } from '../../platform/errors';
import type { TxRunner } from '../../platform/idempotency';
import { rowMapper } from '../../platform/list-fields';
import { holdsAnyPermission, loadAccess } from '../../platform/permissions';
import { administratorScopes } from '../../platform/scope';
import type { SessionContext } from '../../platform/session';
import { toIso } from '../../platform/time';
import { notify } from '../notifications/notify';
import { executorOf, type HeldAction } from './executors';
import * as repo from './repository';

/* The rules of a second approver (README.md). */

const toRow = rowMapper(APPROVALS.fields);
const HOUR_MS = 3_600_000;
/** The kind's word in a mail to an approver. */
const KIND_WORDS: Record<TApprovalKind, Record<TLanguage, string>> = {
  withdrawal: { zhCn: '提现', zhHk: '提現', en: 'withdrawal' },
  refund: { zhCn: '退款', zhHk: '退款', en: 'refund' },
  bankChange: { zhCn: '银行账户变更', zhHk: '銀行賬戶變更', en: 'bank account change' },
};

/** The owner's policies, one per kind (a kind never set: off, threshold 0, the default expiry). */
export async function readPolicies(db: Db, merchantId: number): Promise<TApprovalPolicy[]> {
  const stored = new Map((await repo.readPolicies(db, merchantId)).map((p) => [p.kind, p]));
  return APPROVAL_KINDS.map((kind) => {
    const p = stored.get(kind);
    return {
      kind,
      enabled: p?.enabled === 1,
      threshold: Number(p?.threshold ?? 0),
      expiryHours: Number(p?.expiry_hours ?? APPROVAL_EXPIRY_DEFAULT_HOURS),
    };
  });
}

export async function savePolicies(db: Db, merchantId: number, policies: readonly TApprovalPolicy[], now: number) {
  await db.transaction().execute(async (trx) => {
    for (const p of policies)
      await repo.savePolicy(
        trx,
        merchantId,
        { kind: p.kind, enabled: p.enabled ? 1 : 0, threshold: p.threshold, expiry_hours: p.expiryHours },
        now,
      );
  });
  return { policies: await readPolicies(db, merchantId) };
}

/** The policy that holds this action, or null when it runs at once (off, or under the threshold; a kind without an amount has none). */
export async function policyFor(db: Db, merchantId: number, a: Pick<HeldAction, 'kind' | 'amount' | 'currency'>) {
  const p = await repo.readPolicy(db, merchantId, a.kind);
  if (!p || p.enabled !== 1) return null;
  if (!approvalKindHasAmount(a.kind)) return p;
  const threshold = Number(p.threshold) * 10 ** minorUnitsOf(a.currency);
  return a.amount >= threshold ? p : null;
}

export async function holdAction(
  trx: Trx,
  session: SessionContext,
  a: HeldAction,
  policy: repo.PolicyRow,
  now: number,
): Promise<TApprovalWaiting> {
  const reason = a.reason?.trim() ?? '';
  // A bank change is made in the onboarding form, which asks no reason: the change itself is what the approver weighs.
  if (reason === '' && approvalKindHasAmount(a.kind))
    throw new AppError('approval.reasonRequired', ErrorCode.validation, 200, {}, { field: 'field.approvalReason' });
  const expiresAt = now + Number(policy.expiry_hours) * HOUR_MS;
  const id = await repo.insertRequest(trx, {
    merchant_id: session.merchantId,
    gateway_id: a.gatewayId,
    kind: a.kind,
    currency: a.currency,
    amount: a.amount,
    target: a.target,
    payload: JSON.stringify(a.payload),
    reason,
    requester_admin_id: session.adminId,
    requester_name: session.loginName,
    created_at: now,
    expires_at: expiresAt,
  });
  return { approvalPending: true, approvalId: id, expiresAt: toIso(expiresAt) };
}

async function requireRequest(db: Db, session: SessionContext, id: number, now: number) {
  await repo.expireDue(db, now, session.merchantId);
  const r = await repo.findRequest(db, session.scope, id);
  if (!r) throw new AppError('approval.notFound', ErrorCode.notFound);
  return r;
}

export async function getDetail(db: Db, session: SessionContext, id: number, now: number): Promise<TApprovalDetail> {
  const r = await requireRequest(db, session, id, now);
  const mayApprove = await holdsAnyPermission(db, session.roleId, session.merchantId, ['Approval:Approve']);
  const payload = JSON.parse(String(r.payload ?? '{}')) as Record<string, unknown>;
  const describe = executorOf(r.kind as TApprovalKind).describe;
  const action: Record<string, string | number> = describe ? describe(payload) : {};
  if (!describe) for (const [k, v] of Object.entries(payload)) if (typeof v === 'string' || typeof v === 'number') action[k] = v;
  return {
    row: toRow(r),
    action,
    mayDecide: mayApprove && Number(r.requesterId) !== session.adminId && Number(r.status) === ApprovalStatus.pending,
  };
}

/** The checks every decision makes before it moves the request: it is someone else's, and still waits. */
async function decidable(db: Db, session: SessionContext, id: number, now: number) {
  const r = await requireRequest(db, session, id, now);
  if (r.requesterId !== null && Number(r.requesterId) === session.adminId) throw businessError('approval.ownRequest');
  const status = Number(r.status);
  if (status === ApprovalStatus.expired) throw conflictError('approval.expired');
  if (status !== ApprovalStatus.pending) throw conflictError('approval.notPending');
  return r;
}

/**
 * Approves and runs the action, in one transaction: the request's conditional move out of pending comes
 * first, then the action's own service (its guarded balance or refundable-amount update re-checks the
 * limit now, and its ledger entries), then the number it gave. A refusal of the action (the balance no
 * longer covers it) rolls all of it back: the request stays pending, and the refusal is the action's own.
 */
export async function approve(db: Db, session: SessionContext, id: number, now: number, tx: TxRunner): Promise<TApprovalDecided> {
  const r = await decidable(db, session, id, now);
  const kind = r.kind as TApprovalKind;
  const executor = executorOf(kind);
  const decision = { adminId: session.adminId, name: session.loginName, now };
  let decided: TApprovalDecided | null = null;
  // The action's service calls this once; the transaction records the decision (not the action's own
  // answer) as the answer of the approval, so a retry with the same key replays it.
  const runner = (<U>(fn: (trx: Trx) => Promise<U>): Promise<U> => {
    let out: U | undefined;
    return tx(async (trx) => {
      if (!(await repo.decide(trx, id, ApprovalStatus.approved, decision))) throw conflictError('approval.notPending');
      out = await fn(trx);
      const resultNo = executor.resultNo(out);
      await repo.setResultNo(trx, id, resultNo);
      decided = { id, status: ApprovalStatus.approved, resultNo };
      return decided;
    }).then(() => out as U);
  }) as TxRunner;
  const applicant = { name: String(r.requester), adminId: r.requesterId === null ? null : Number(r.requesterId) };
  await executor.run(db, session.scope, JSON.parse(String(r.payload)), applicant, now, runner);
  if (!decided) throw conflictError('approval.notPending');
  return decided;
}

export async function reject(db: Db, session: SessionContext, id: number, comment: string, now: number): Promise<TApprovalDecided> {
  await decidable(db, session, id, now);
  const moved = await db
    .transaction()
    .execute((trx) => repo.decide(trx, id, ApprovalStatus.rejected, { adminId: session.adminId, name: session.loginName, now, comment }));
  if (!moved) throw conflictError('approval.notPending');
  return { id, status: ApprovalStatus.rejected, resultNo: '' };
}

/** An administrator to tell of a new request: another active one who may approve and sees its gateway. */
export type Approver = { id: number; to: string; lang: TLanguage };

export async function approversOf(db: Db, session: SessionContext, gatewayId: number | null): Promise<Approver[]> {
  const out: Approver[] = [];
  // Each administrator's gateways as their session would have them.
  const scopes = new Map((await administratorScopes(db, session.merchantId)).map((s) => [s.adminId, s.gatewayIds]));
  for (const a of await repo.activeAdmins(db, session.merchantId)) {
    if (Number(a.id) === session.adminId) continue;
    const gateways = scopes.get(Number(a.id));
    // A merchant-wide request (gatewayId null) goes to those who see every gateway, as the list shows it.
    if (gateways === undefined || (gateways !== null && (gatewayId === null || !gateways.includes(gatewayId)))) continue;
    const access = await loadAccess(db, Number(a.role_id), session.merchantId);
    if (!access.permissions.has('Approval:Approve')) continue;
    out.push({ id: Number(a.id), to: a.email || a.personEmail || '', lang: isLanguage(a.language) ? a.language : DEFAULT_LANGUAGE });
  }
  return out;
}

/** The amount as a notice or mail says it; empty for a kind without one. */
const amountText = (a: HeldAction) => (approvalKindHasAmount(a.kind) ? `${toMajorString(a.amount, a.currency)} ${a.currency}` : '');

function noticeText(a: HeldAction, requester: string): Record<TLanguage, string> {
  const amount = amountText(a);
  const spaced = amount ? ` ${amount}` : '';
  return {
    zhCn: `${requester} 提交的${KIND_WORDS[a.kind].zhCn}${spaced}（${a.target}）等待您审批`,
    zhHk: `${requester} 提交的${KIND_WORDS[a.kind].zhHk}${spaced}（${a.target}）等待您審批`,
    en: `A ${KIND_WORDS[a.kind].en}${amount ? ` of ${amount}` : ''} (${a.target}) by ${requester} waits for your approval`,
  };
}

/** The in-app notice to the approvers, in the transaction that records the request (notifications/notify.ts). */
export async function noticeApprovers(trx: Trx, session: SessionContext, a: HeldAction, id: number, approvers: Approver[], now: number) {
  if (approvers.length === 0) return;
  await notify(trx, {
    merchantId: session.merchantId,
    kind: 'approvalWaiting',
    recipients: approvers.map((x) => x.id),
    gatewayId: a.gatewayId,
    eventKey: `approval:${id}`,
    text: noticeText(a, session.loginName),
    link: '/approval/showApprovals',
    at: now,
  });
}

/**
 * Mails the approvers through the product's mail path, after the answer (background): the request is
 * committed by then, and the requester does not wait for the mail.
 */
export function mailApprovers(
  app: FastifyInstance,
  session: SessionContext,
  a: HeldAction,
  waiting: TApprovalWaiting,
  approvers: Approver[],
): void {
  app.background.run('approvalRequested', async () => {
    const merchant = await app.db
      .selectFrom('merchants')
      .select(['name', 'merchant_no'])
      .where('id', '=', session.merchantId)
      .executeTakeFirst();
    for (const x of approvers) {
      if (!x.to) continue;
      await app.notifier.mail.send(x.to, x.lang, 'approvalRequested', {
        merchantName: merchant?.name ?? '',
        merchantNo: merchant?.merchant_no ?? '',
        requester: session.loginName,
        kind: KIND_WORDS[a.kind][x.lang],
        amount: amountText(a),
        target: a.target,
        reason: a.reason?.trim() ?? '',
        expiresAt: waiting.expiresAt,
        link: app.notifier.link('signIn'),
      });
    }
  });
}
