import { describe, expect, it } from 'vitest';
import { FundsPath, WithdrawalStatus, type TWithdrawal, type TWithdrawResult } from '@mbo/shared/funds';
import { LinkAmountMode, LinkPath, LinkType, payPagePath, type TLinkOptions, type TPayResultData } from '@mbo/shared/links';
import { TEST_CARDS } from '@mbo/shared/link-cards';
import type { TListPage } from '@mbo/shared/list';
import type { TKycStatus } from '@mbo/shared/kyc';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { call } from '../../../test/helpers';
import { saveProfile, uploadProfileFiles } from '../../../test/kyc-flow';
import { validProfile } from '../../../test/kyc-profile';
import { createApplicant, testAppWithMailForFile, signInWithCode, signUpPerson } from '../../../test/onboarding';
import { opsOf } from '../../../test/ops-harness';
import { addBusinessDays } from '../funds/settlement';
import { businessDay } from '../../platform/rollups';
import { DAY_MS, dateInZone } from '../../platform/time';

/*
 * A merchant approved through onboarding can work: from sign-up to a withdrawal of the money its first
 * payment-link payment brought, through the API and the operator commands only, on a merchant the demo
 * data did not make (issue 52 §2).
 */

const { t, mail } = testAppWithMailForFile();
const ops = opsOf(t);

const TZ = 'Asia/Shanghai';

describe('a merchant approved through onboarding', () => {
  it('signs up, is approved, takes a payment through a link, is settled and withdraws', async () => {
    // Sign-up, KYC and submission, as a person does them.
    const p = await signUpPerson(t, mail);
    const signedIn = await signInWithCode(t, mail, 'email', p.email);
    let token = signedIn.body.data.token;
    const businessId = signedIn.body.data.kycInfo?.currBusinessId ?? 0;
    const merchantNo = signedIn.body.data.userInfo.merchantNo;
    const profile = validProfile(await uploadProfileFiles(t, token, businessId));
    await saveProfile(t, token, businessId, profile);
    const submitted = await call<TKycStatus>(t.app, OnboardingPath.kycSubmit, { token, body: { businessId } });
    expect(submitted.body.data.reviewState).toBe('underReview');

    // The acquirer approves it: the command says what the merchant got and that nothing is missing.
    const approved = await ops('kyc:approve', String(businessId));
    expect(approved.code, approved.err).toBe(0);
    const gatewayNo = `${merchantNo}01`;
    expect(approved.out).toContain(`gateway ${gatewayNo} services: visa,mastercard`);
    expect(approved.out).toContain('bank account from the KYC profile: added');
    expect(approved.out).toContain(`ready: payment links on ${gatewayNo}, withdrawals to 1 bank account(s)`);
    expect(approved.out).not.toContain('missing');
    // The operation log has the bank account it added, its number masked to the last four digits.
    const approval = await t.db
      .selectFrom('operation_logs')
      .select(['actor_kind', 'after_value'])
      .where('merchant_id', '=', businessId)
      .where('action', '=', 'ops:kyc:approve')
      .executeTakeFirstOrThrow();
    const account = profile.bank.accountNumber.replace(/[^0-9A-Za-z]/g, '');
    expect(approval.actor_kind).toBe('operator');
    expect(JSON.parse(approval.after_value)).toMatchObject({ bankAccount: { accountNo: `****${account.slice(-4)}` } });
    expect(approval.after_value).not.toContain(profile.bank.accountNumber);

    // A payment link on the new gateway, paid on the hosted page.
    const options = await call<TLinkOptions>(t.app, LinkPath.options, { token });
    expect(options.body.data.gateways).toEqual([expect.objectContaining({ gatewayNo, currency: 'USD', methods: ['card'] })]);
    const created = await call<{ linkKey: string }>(t.app, LinkPath.create, {
      token,
      lang: 'en_US',
      headers: { timezone: TZ },
      body: {
        title: 'First order',
        linkType: LinkType.oneTime,
        activeUntil: dateInZone(t.clock.now() + 7 * DAY_MS, TZ),
        gatewayNo,
        currency: 'USD',
        amountMode: LinkAmountMode.fixed,
        amount: '500.00',
        methods: ['card'],
        operatingName: 'Kowloon Lantern',
      },
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    const paid = await call<TPayResultData>(t.app, payPagePath(created.body.data.linkKey), {
      body: { email: 'buyer@example.com', card: { number: TEST_CARDS.approved, expiry: '12/39', cvc: '123', holder: 'A Buyer' } },
    });
    expect(paid.body.data).toMatchObject({ result: 'approved', currency: 'USD', amount: 50_000 });

    // Settlement on its date (the defaults: T+5 business days, 5 % reserve), as `ops settle` runs it.
    const settleDay = addBusinessDays(businessDay(t.clock.now()), 5);
    t.clock.set(Date.parse(`${settleDay}T04:00:00Z`));
    const settled = await ops('settle', '--merchant', merchantNo);
    expect(settled.out).toBe(`settlement ${settleDay}: 1 batches tabulated, 1 transactions credited, 0 reserve holds released`);

    // A withdrawal of part of it to the bank account of the KYC profile, paid by the acquirer.
    token = (await signInWithCode(t, mail, 'email', p.email, { businessId })).body.data.token;
    const wo = await call<{
      gateways: { gatewayNo: string; available: number; minimum: number }[];
      bankAccounts: { id: number; isDefault: boolean; accountNo: string; bankName: string }[];
    }>(t.app, FundsPath.withdrawOptions, { token });
    const fee = 50_000 * 0.025 + 30;
    expect(wo.body.data.gateways).toEqual([expect.objectContaining({ gatewayNo, available: 50_000 - fee - 2_500, minimum: 10_000 })]);
    expect(wo.body.data.bankAccounts).toEqual([
      expect.objectContaining({ isDefault: true, accountNo: '**** -001', bankName: 'Harbour Bank' }),
    ]);
    const applied = await call<TWithdrawResult>(t.app, FundsPath.withdrawApply, {
      token,
      body: { gatewayNo, amount: '200.00', bankAccountId: wo.body.data.bankAccounts[0]?.id },
    });
    expect(applied.body.code, JSON.stringify(applied.body)).toBe(0);
    expect(applied.body.data).toMatchObject({ amount: 20_000, fee: 500, received: 19_500, status: WithdrawalStatus.pending });
    const payOut = await ops('withdraw:pay', applied.body.data.withdrawalNo);
    expect(payOut.out).toBe(`withdrawal ${applied.body.data.withdrawalNo} is now success`);
    const list = await call<TListPage<TWithdrawal>>(t.app, FundsPath.withdrawList, {
      token,
      query: { from: settleDay, to: settleDay },
    });
    expect(list.body.data.list.map((w) => [w.withdrawalNo, w.status])).toEqual([
      [applied.body.data.withdrawalNo, WithdrawalStatus.success],
    ]);
    expect((await ops('ledger:verify')).code).toBe(0);
  });

  it('kyc:setup gives a business approved without the setup what it lacks, and says precisely what is missing', async () => {
    const a = await createApplicant(t);
    await saveProfile(t, a.token, a.businessId, validProfile(await uploadProfileFiles(t, a.token, a.businessId)));
    expect((await call(t.app, OnboardingPath.kycSubmit, { token: a.token, body: { businessId: a.businessId } })).body.code).toBe(0);
    expect((await ops('kyc:setup', String(a.businessId))).err).toContain(`business ${a.businessId} has no approved KYC profile`);
    expect((await ops('kyc:approve', String(a.businessId), '--services', 'visa,diners')).err).toContain(
      '--services must be a comma-separated list of visa, mastercard, jcb, amex, unionpay, 3ds, wechatpay, alipay, got "visa,diners"',
    );
    expect((await ops('kyc:approve', String(a.businessId), '--services', 'JCB, visa,3ds')).out).toContain(
      `gateway ${a.merchantNo}01 services: visa,jcb,3ds`,
    );
    // As an approval from before the setup left it: no services, no bank account.
    const gatewayNo = `${a.merchantNo}01`;
    await t.db.updateTable('gateways').set({ services: '' }).where('gateway_no', '=', gatewayNo).execute();
    await t.db.deleteFrom('merchant_bank_accounts').where('merchant_id', '=', a.businessId).execute();
    expect((await ops('gateway:services', '--gateway', gatewayNo)).out).toBe(
      `gateway ${gatewayNo}: (no service); payment links: none (it needs a card scheme or a wallet)`,
    );
    await t.db.updateTable('gateways').set({ status: 2 }).where('gateway_no', '=', gatewayNo).execute();
    expect((await ops('kyc:setup', String(a.businessId))).err).toContain(`business ${a.businessId} has no enabled gateway in USD`);
    await t.db.updateTable('gateways').set({ status: 1 }).where('gateway_no', '=', gatewayNo).execute();
    const setup = await ops('kyc:setup', String(a.businessId));
    expect(setup.out.split('\n')).toEqual([
      `  gateway ${gatewayNo} services: visa,mastercard`,
      '  settlement configuration: kept',
      '  bank account from the KYC profile: added',
      `  ready: payment links on ${gatewayNo}, withdrawals to 1 bank account(s)`,
    ]);
    expect((await ops('gateway:services', '--gateway', gatewayNo, '--services', 'visa,alipay')).out).toBe(
      `gateway ${gatewayNo} updated: visa,alipay; payment links: card, alipay`,
    );
  });
});
