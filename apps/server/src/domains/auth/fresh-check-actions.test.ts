import { describe, expect, it } from 'vitest';
import { FundsPath } from '@mbo/shared/funds-paths';
import { FRESH_CHECK_CODE, FRESH_CHECK_MAX_AGE_MS, PasskeyPath } from '@mbo/shared/passkeys';
import { RefundPath } from '@mbo/shared/refunds';
import { AdminPath } from '@mbo/shared/system-admins';
import { MerchantPath } from '@mbo/shared/system-merchant';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { createAdmin, createOwnerWithPerson, createRole } from '../../../test/factories';
import { funded } from '../../../test/funds-factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { smsCode } from '../../../test/onboarding';
import { SoftAuthenticator } from '../../../test/soft-authenticator';

/*
 * The five actions that move money or open a secret ask for a fresh check once the last one is older
 * than five minutes: refused with code 1428 however the API is called, allowed again after a passkey or
 * a code. Sign-in counts as a check.
 */

const t = testAppForFile();
type Opts = { challenge: string; rpId?: string };

/** Makes the session stale, then shows the action is refused with the fresh-check code. */
async function expectRefusedWhenStale(send: () => Promise<{ body: { code: number } }>) {
  t.clock.advance(FRESH_CHECK_MAX_AGE_MS + 1);
  expect((await send()).body.code).toBe(FRESH_CHECK_CODE);
}

async function passWithPasskey(token: string, auth: SoftAuthenticator) {
  const options = await call<Opts>(t.app, PasskeyPath.checkOptions, { token, body: {} });
  const res = await call(t.app, PasskeyPath.freshCheck, { token, body: { method: 'passkey', response: auth.assert(options.body.data) } });
  expect(res.body.code).toBe(0);
}

async function withPasskey(token: string) {
  const auth = new SoftAuthenticator(t.config.appUrl);
  const options = await call<{ challenge: string; rp: { id: string } }>(t.app, PasskeyPath.registerOptions, { token, body: {} });
  expect(
    (await call(t.app, PasskeyPath.register, { token, body: { name: 'key', response: auth.register(options.body.data) } })).body.code,
  ).toBe(0);
  return auth;
}

describe('fresh check before money moves', () => {
  it('a withdrawal: allowed after sign-in, refused when stale, allowed after a passkey', async () => {
    const f = await funded(t, 50_000);
    const auth = await withPasskey(f.token);
    const body = { gatewayNo: f.gateway.gatewayNo, amount: '20.00', bankAccountId: f.bankId };
    expect((await call(t.app, FundsPath.withdrawApply, { token: f.token, body })).body.code).toBe(0);
    await expectRefusedWhenStale(() => call(t.app, FundsPath.withdrawApply, { token: f.token, body }));
    const withdrawals = await t.db.selectFrom('withdrawals').select('id').where('merchant_id', '=', f.merchant.id).execute();
    expect(withdrawals).toHaveLength(1);
    await passWithPasskey(f.token, auth);
    expect((await call(t.app, FundsPath.withdrawApply, { token: f.token, body })).body.code).toBe(0);
  });

  it('a refund: below the threshold never asks; above it (the owner sets 0) asks when stale', async () => {
    const f = await funded(t, 50_000);
    const auth = await withPasskey(f.token);
    const refund = (amount: string) =>
      call(t.app, RefundPath.apply, { token: f.token, body: { tradeNo: f.tradeNo, amount, reason: 'test' } });
    t.clock.advance(FRESH_CHECK_MAX_AGE_MS + 1);
    expect((await refund('10.00')).body.code).toBe(0);
    // Saving the threshold asks too.
    const save = () => call(t.app, PasskeyPath.saveSecuritySettings, { token: f.token, body: { refundCheckThreshold: 0 } });
    expect((await save()).body.code).toBe(FRESH_CHECK_CODE);
    await passWithPasskey(f.token, auth);
    expect((await save()).body.code).toBe(0);
    await expectRefusedWhenStale(() => refund('10.00'));
    await passWithPasskey(f.token, auth);
    expect((await refund('10.00')).body.code).toBe(0);
  });

  it('a sign-key reveal and a role change ask when stale; an edit that keeps the role does not', async () => {
    const f = await funded(t, 1_000);
    const auth = await withPasskey(f.token);
    const member = await createAdmin(t.db, f.merchant);
    const role = await createRole(t.db, f.merchant, { name: 'other' });
    const memberRole = await t.db.selectFrom('admins').select('role_id').where('id', '=', member.id).executeTakeFirstOrThrow();
    const update = (roleId: number) =>
      call(t.app, AdminPath.update, { token: f.token, body: { adminId: member.id, roleId, gatewayNos: [], mayViewAccount: false } });
    const reveal = () => call(t.app, MerchantPath.revealSignKey, { token: f.token, body: { password: 'whatever' } });

    await expectRefusedWhenStale(reveal);
    expect((await update(role.id)).body.code).toBe(FRESH_CHECK_CODE);
    expect((await update(memberRole.role_id)).body.code).toBe(0);
    await passWithPasskey(f.token, auth);
    expect((await reveal()).body.code).not.toBe(FRESH_CHECK_CODE);
    expect((await update(role.id)).body.code).toBe(0);
  });

  it('a bank-account change asks when stale; a code to the own mobile passes the check', async () => {
    const owner = await createOwnerWithPerson(t.db);
    await t.db
      .insertInto('merchant_bank_accounts')
      .values({
        merchant_id: owner.merchant.id,
        bank_name: 'HSBC',
        holder: 'Ltd',
        account_no: '6222000000000009',
        currency: 'USD',
        is_default: 1,
        created_at: 1,
      })
      .execute();
    const token = await signIn(t.app, owner);
    const save = () =>
      call(t.app, OnboardingPath.kycSaveDraft, {
        token,
        body: { businessId: owner.merchant.id, step: 'bank', data: { bankName: 'Other bank' } },
      });
    await expectRefusedWhenStale(save);
    expect((await call(t.app, PasskeyPath.freshCheckSendCode, { token, body: { channel: 'sms' } })).body.code).toBe(0);
    const wrong = await call(t.app, PasskeyPath.freshCheck, { token, body: { method: 'code', channel: 'sms', code: '000000' } });
    expect(wrong.body.code).not.toBe(0);
    expect((await save()).body.code).toBe(FRESH_CHECK_CODE);
    const code = await smsCode(t.db, owner.mobile);
    expect((await call(t.app, PasskeyPath.freshCheck, { token, body: { method: 'code', channel: 'sms', code } })).body.code).toBe(0);
    expect((await save()).body.code).not.toBe(FRESH_CHECK_CODE);
  });
});
