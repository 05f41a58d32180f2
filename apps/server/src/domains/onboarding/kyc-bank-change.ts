import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TApprovalWaiting } from '@mbo/shared/approvals';
import { maskAccountNo } from '@mbo/shared/funds';
import { ZKycBankDraft, type TKycDraft, type TKycSaveDraftBody } from '@mbo/shared/kyc';
import type { Db } from '../../db/database';
import { businessError } from '../../platform/errors';
import { plainTx, type TxRunner } from '../../platform/idempotency';
import { operatorScope, sessionScope, type Scope } from '../../platform/scope';
import type { SessionContext } from '../../platform/session';
import { registerApprovalExecutor, runOrHold, type HeldAction } from '../approvals/public';
import type { OnboardingDeps } from './context';
import * as kycRepo from './kyc-repository';
import { isEditable, parseDraft, requireOwnedBusiness, saveKycDraft, type OwnedBusiness } from './kyc-service';

/*
 * A change of the bank account on file (the bank step of the KYC form, once an account is on file) may
 * wait for a second approver (domains/approvals/README.md, kind `bankChange`): held, the step is not
 * saved; approved, exactly the step as sent is saved then, re-checked, in the approval's transaction.
 */

type TBankStep = Extract<TKycSaveDraftBody, { step: 'bank' }>;

/** What a held bank change keeps: the step as sent, and the account on file then (masked). */
const ZBankChange = z.object({
  businessId: z.number().int().positive(),
  step: z.literal('bank'),
  data: ZKycBankDraft,
  onFile: z.string(),
});
type TBankChange = z.infer<typeof ZBankChange>;

/** The account on file (the default first), masked; null when the business has none yet. */
async function accountOnFile(db: Db, merchantId: number): Promise<string | null> {
  const row = await db
    .selectFrom('merchant_bank_accounts')
    .select('account_no')
    .where('merchant_id', '=', merchantId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'asc')
    .executeTakeFirst();
  return row ? maskAccountNo(row.account_no) : null;
}

/**
 * The action to weigh, or null when the step changes no account on file (none yet: the first
 * onboarding; or the step as the draft already holds it). A draft that can no longer be edited is
 * refused now, as the save itself would be.
 */
async function bankChangeAction(db: Db, b: OwnedBusiness, body: TBankStep): Promise<HeldAction | null> {
  const onFile = await accountOnFile(db, b.merchantId);
  if (onFile === null) return null;
  const profile = await kycRepo.findProfileOrBlank(db, b.scope);
  if (!isEditable(profile.review_state)) throw businessError('kyc.locked');
  const current = ZKycBankDraft.parse(parseDraft(profile.draft_json).bank ?? {});
  if (JSON.stringify(current) === JSON.stringify(body.data)) return null;
  const payload: TBankChange = { businessId: body.businessId, step: 'bank', data: body.data, onFile };
  return {
    kind: 'bankChange',
    gatewayId: null,
    currency: '',
    amount: 0,
    target: `${onFile} → ${maskAccountNo(body.data.accountNumber ?? '')}`,
    payload,
    reason: undefined,
  };
}

/** Saves the bank step, or holds it for another administrator of the business when the owner's policy says so. */
export async function saveBankStep(
  app: FastifyInstance,
  deps: OnboardingDeps,
  session: SessionContext,
  body: TBankStep,
  ip: string,
): Promise<TKycDraft | TApprovalWaiting> {
  const b = await requireOwnedBusiness(deps, session, body.businessId);
  const action = await bankChangeAction(deps.db, b, body);
  // Held in the business's name: its policy, its approvers, the person's administrator there as requester.
  const asBusiness: SessionContext = {
    ...session,
    merchantId: b.merchantId,
    adminId: b.adminId,
    scope: sessionScope(b.merchantId, b.adminId, null),
  };
  return runOrHold(app, asBusiness, action, deps.now(), plainTx(deps.db), () => saveKycDraft(deps, session, body, ip));
}

/** Approved: the step as sent replaces the draft's bank step, if the draft can still be edited now. */
async function applyBankChange(scope: Scope, change: TBankChange, now: number, tx: TxRunner): Promise<{ saved: true }> {
  const business = operatorScope(scope.merchantId);
  return tx(async (trx) => {
    const profile = await kycRepo.findProfileOrBlank(trx, business);
    if (!isEditable(profile.review_state)) throw businessError('kyc.locked');
    await kycRepo.ensureProfile(trx, business, now);
    const draft = { ...parseDraft(profile.draft_json), bank: change.data };
    if (!(await kycRepo.saveDraft(trx, business, JSON.stringify(draft), now))) throw businessError('kyc.locked');
    return { saved: true };
  });
}

/** What the approver reads: the new account's fields (its number masked) and the account on file (masked). */
function describeBankChange(payload: unknown): Record<string, string> {
  const { data, onFile } = ZBankChange.parse(payload);
  const out: Record<string, string> = { accountOnFile: onFile };
  for (const [k, v] of Object.entries(data)) if (typeof v === 'string' && v !== '') out[k] = k === 'accountNumber' ? maskAccountNo(v) : v;
  return out;
}

export function registerBankChangeApproval(): void {
  registerApprovalExecutor('bankChange', {
    run: (_db, scope, payload, _applicant, now, tx) => applyBankChange(scope, ZBankChange.parse(payload), now, tx),
    resultNo: () => '',
    describe: describeBankChange,
  });
}
