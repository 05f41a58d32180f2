import { describe, expect, it } from 'vitest';
import {
  ApprovalPath,
  ApprovalStatus,
  approvalApprovePath,
  approvalDetailPath,
  type TApprovalDecided,
  type TApprovalDetail,
  type TApprovalRow,
  type TApprovalWaiting,
} from '@mbo/shared/approvals';
import type { TKycDraft } from '@mbo/shared/kyc';
import type { TListPage } from '@mbo/shared/list';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { createAdmin, createOwnerWithPerson } from '../../../test/factories';
import { addBank } from '../../../test/funds-factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';

/*
 * A change of the bank account on file waits for a second approver when the owner's policy says so
 * (kyc-bank-change.ts, approvals kind `bankChange`), on both databases.
 */

const t = testAppForFile();
const NEW_BANK = { bankName: 'Other bank', accountHolder: 'Ltd', accountNumber: '6222111122223333' };

async function business(policyOn: boolean) {
  const owner = await createOwnerWithPerson(t.db);
  await addBank(t, owner.merchant.id, 1, '6222000000000009');
  const token = await signIn(t.app, owner);
  const policies = [{ kind: 'bankChange', enabled: policyOn, threshold: 0, expiryHours: 48 }];
  expect((await call(t.app, ApprovalPath.savePolicies, { token, body: { policies } })).body.code).toBe(0);
  const second = await createAdmin(t.db, owner.merchant);
  return { owner, token, secondToken: await signIn(t.app, second) };
}

const saveBank = (token: string, businessId: number, data: Record<string, string> = NEW_BANK) =>
  call<TKycDraft & Partial<TApprovalWaiting>>(t.app, OnboardingPath.kycSaveDraft, {
    token,
    lang: 'en_US',
    body: { businessId, step: 'bank', data },
  });

const draftBank = async (token: string, businessId: number) =>
  (await call<TKycDraft>(t.app, `${OnboardingPath.kycDraft}?businessId=${businessId}`, { token, method: 'GET' })).body.data.data.bank;

describe('bank-account change behind a second approver', () => {
  it('with the policy on, a changed account waits and nothing is saved; another administrator applies exactly it', async () => {
    const { owner, token, secondToken } = await business(true);
    const held = await saveBank(token, owner.merchant.id);
    expect(held.body.code).toBe(0);
    expect(held.body.data.approvalPending).toBe(true);
    const id = held.body.data.approvalId!;
    expect(await draftBank(token, owner.merchant.id)).toBeUndefined();

    const list = await call<TListPage<TApprovalRow>>(t.app, `${ApprovalPath.list}?kind=bankChange`, { token: secondToken, method: 'GET' });
    expect(list.body.data.list.map((r) => [r.id, r.kind, r.target, r.gatewayNo])).toEqual([
      [id, 'bankChange', '**** 0009 → **** 3333', ''],
    ]);
    const detail = await call<TApprovalDetail>(t.app, approvalDetailPath(id), { token: secondToken, method: 'GET' });
    expect(detail.body.data.action).toEqual({
      accountOnFile: '**** 0009',
      bankName: 'Other bank',
      accountHolder: 'Ltd',
      accountNumber: '**** 3333',
    });
    expect(detail.body.data.mayDecide).toBe(true);
    expect(JSON.stringify(detail.body.data)).not.toContain('6222111122223333');

    const own = await call(t.app, approvalApprovePath(id), { token, lang: 'en_US', body: {} });
    expect(own.body.code).not.toBe(0);
    expect(await draftBank(token, owner.merchant.id)).toBeUndefined();

    const approved = await call<TApprovalDecided>(t.app, approvalApprovePath(id), { token: secondToken, body: {} });
    expect(approved.body.code).toBe(0);
    expect(approved.body.data.status).toBe(ApprovalStatus.approved);
    expect(await draftBank(token, owner.merchant.id)).toEqual(NEW_BANK);

    // Saving the same step again changes nothing, so it does not wait.
    const again = await saveBank(token, owner.merchant.id);
    expect(again.body.data.approvalPending).toBeUndefined();
  });

  it('with the policy off, the change is saved at once', async () => {
    const { owner, token } = await business(false);
    const saved = await saveBank(token, owner.merchant.id);
    expect(saved.body.code).toBe(0);
    expect(saved.body.data.approvalPending).toBeUndefined();
    expect(saved.body.data.data.bank).toEqual(NEW_BANK);
  });

  it('a held change is refused at approval when the form was submitted meanwhile, and stays pending', async () => {
    const { owner, token, secondToken } = await business(true);
    const declaration = { businessId: owner.merchant.id, step: 'declaration', data: { accepted: true } };
    expect((await call(t.app, OnboardingPath.kycSaveDraft, { token, body: declaration })).body.code).toBe(0);
    const id = (await saveBank(token, owner.merchant.id)).body.data.approvalId!;
    await t.db.updateTable('kyc_profiles').set({ review_state: 'underReview' }).where('merchant_id', '=', owner.merchant.id).execute();
    const refused = await call(t.app, approvalApprovePath(id), { token: secondToken, lang: 'en_US', body: {} });
    expect(refused.body.code).not.toBe(0);
    const detail = await call<TApprovalDetail>(t.app, approvalDetailPath(id), { token: secondToken, method: 'GET' });
    expect(detail.body.data.row.status).toBe(ApprovalStatus.pending);
  });

  it('another merchant sees nothing of it', async () => {
    const { owner, token } = await business(true);
    const id = (await saveBank(token, owner.merchant.id)).body.data.approvalId!;
    const other = await business(true);
    const detail = await call(t.app, approvalDetailPath(id), { token: other.secondToken, method: 'GET' });
    expect(detail.body.code).not.toBe(0);
    const list = await call<TListPage<TApprovalRow>>(t.app, ApprovalPath.list, { token: other.secondToken, method: 'GET' });
    expect(list.body.data.list).toEqual([]);
    expect((await call(t.app, approvalApprovePath(id), { token: other.secondToken, body: {} })).body.code).not.toBe(0);
  });
});
