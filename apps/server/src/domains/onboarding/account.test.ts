import { describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { createAdmin, createGateway, createMerchant, createPerson } from '../../../test/factories';
import { call, login, signIn, type LoginData } from '../../../test/helpers';
import { codeIn, linkIn } from '../../../test/mail-server';
import { testAppWithMailForFile, nextIp, signInWithCode, signUpPerson, smsCode, uniqueEmail, uniqueMobile } from '../../../test/onboarding';
import { MINUTE_MS } from '../../platform/time';
import { createSsoTicket } from './identity-service';

/*
 * A person's account once signed up: settings, password reset, more businesses, single sign-on, the
 * upgrade of an old merchant-number account, and removal. Sign-up, sign-in by code and the code rules
 * are in identity.test.ts.
 */

const { t, mail } = testAppWithMailForFile();

describe('settings: email change, mobile change, two-step verification', () => {
  it('blocks email sign-in after an email change until the new address is verified', async () => {
    const p = await signUpPerson(t, mail);
    const token = p.login.token;
    expect((await call(t.app, OnboardingPath.sendCode, { token, ip: nextIp(), body: { purpose: 'changeEmail' } })).body.code).toBe(0);
    const newEmail = uniqueEmail('new');
    const changed = await call(t.app, OnboardingPath.changeEmail, { token, body: { newEmail, code: await smsCode(t.db, p.mobile) } });
    expect(changed.body.code).toBe(0);
    expect(mail.last(p.email).subject).toBe('您的商户后台登录邮箱已更改');

    const info = await call<{ email: string; emailVerified: boolean }>(t.app, OnboardingPath.accountInfo, { token });
    expect(info.body.data).toMatchObject({ email: newEmail, emailVerified: false, upgradeRequired: false });
    const { token: link } = linkIn(mail.last(newEmail), '/verifyEmail');
    // No code goes to the unverified address (a notice does), so email sign-in fails like a wrong code.
    const refused = await call(t.app, OnboardingPath.captchaSms, {
      ip: nextIp(),
      body: { purpose: 'signIn', channel: 'email', target: newEmail },
    });
    expect(refused.body.code).toBe(0);
    expect(mail.last(newEmail).text).not.toMatch(/\b\d{6}\b/);
    const refusedSignIn = await call(t.app, OnboardingPath.signIn, {
      lang: 'en_US',
      body: { channel: 'email', target: newEmail, code: '123456' },
    });
    expect(refusedSignIn.body.msg).toBe('Incorrect verification code, 4 attempts left');
    // The old address is no longer an account.
    const asked = await call(t.app, OnboardingPath.captchaSms, {
      ip: nextIp(),
      body: { purpose: 'signIn', channel: 'email', target: p.email },
    });
    expect(asked.body.code).toBe(0);
    expect(mail.last(p.email).subject).not.toMatch(/验证码/);

    expect((await call(t.app, OnboardingPath.verifyEmail, { body: { token: link } })).body.code).toBe(0);
    t.clock.advance(61_000);
    expect((await signInWithCode(t, mail, 'email', newEmail)).body.code).toBe(0);
  });

  it('changes the mobile with a code sent to the new number', async () => {
    const p = await signUpPerson(t, mail);
    const newMobile = uniqueMobile();
    const sent = await call(t.app, OnboardingPath.changePhoneSendSms, { token: p.login.token, ip: nextIp(), body: { newMobile } });
    expect(sent.body.code).toBe(0);
    const res = await call(t.app, OnboardingPath.changePhone, {
      token: p.login.token,
      body: { newMobile, code: await smsCode(t.db, newMobile) },
    });
    expect(res.body.code).toBe(0);
    expect((await signInWithCode(t, mail, 'sms', newMobile)).body.code).toBe(0);
    const other = await signUpPerson(t, mail);
    const clash = await call(t.app, OnboardingPath.changePhoneSendSms, { token: other.login.token, lang: 'en_US', body: { newMobile } });
    expect(clash.body).toMatchObject({ code: ErrorCode.conflict, msg: 'This mobile number is already registered' });
  });

  it('turns two-step verification on with a code; the next password sign-in must pass it', async () => {
    const p = await signUpPerson(t, mail);
    const token = p.login.token;
    await call(t.app, OnboardingPath.sendCode, { token, ip: nextIp(), body: { purpose: 'twoFAToggle' } });
    const on = await call(t.app, OnboardingPath.twoFAToggle, { token, body: { enabled: true, code: await smsCode(t.db, p.mobile) } });
    expect(on.body.code).toBe(0);
    // The session that switched it on keeps working.
    expect((await call(t.app, ApiPath.reminders, { token })).body.code).toBe(0);

    const no = p.login.userInfo.merchantNo;
    const pw = await login(t.app, no, 'admin', p.password);
    expect(pw.body.data.kycInfo?.requires2FA).toBe(1);
    const pending = pw.body.data.token;
    expect((await call(t.app, ApiPath.getInfo, { token: pending })).body.code).toBe(0);
    const blocked = await call(t.app, ApiPath.reminders, { token: pending });
    expect(blocked.status).toBe(403);
    const otherPurpose = await call(t.app, OnboardingPath.sendCode, { token: pending, body: { purpose: 'removeAccount' } });
    expect(otherPurpose.status).toBe(403);

    t.clock.advance(61_000);
    await call(t.app, OnboardingPath.sendCode, { token: pending, ip: nextIp(), body: { purpose: 'twoFA' } });
    const verified = await call<LoginData>(t.app, OnboardingPath.twoFAVerify, {
      token: pending,
      body: { code: await smsCode(t.db, p.mobile) },
    });
    expect(verified.body.code).toBe(0);
    expect(verified.body.data.kycInfo?.requires2FA).toBe(0);
    expect(verified.body.data.token).not.toBe(pending);
    expect((await call(t.app, ApiPath.getInfo, { token: pending })).status).toBe(401);
    expect((await call(t.app, ApiPath.reminders, { token: verified.body.data.token })).body.code).toBe(0);
    const passed = await t.db
      .selectFrom('sessions')
      .select('two_fa_passed')
      .where('revoked_at', 'is', null)
      .where('admin_id', '=', verified.body.data.userInfo.adminId)
      .execute();
    expect(passed.map((s) => s.two_fa_passed)).toContain(1);

    // A code sign-in by SMS counts as the second step; by email it does not.
    expect((await signInWithCode(t, mail, 'sms', p.mobile)).body.data.kycInfo?.requires2FA).toBe(0);
    expect((await signInWithCode(t, mail, 'email', p.email)).body.data.kycInfo?.requires2FA).toBe(1);

    // Off again, with a code.
    t.clock.advance(61_000);
    await call(t.app, OnboardingPath.sendCode, { token, ip: nextIp(), body: { purpose: 'twoFAToggle' } });
    expect(
      (await call(t.app, OnboardingPath.twoFAToggle, { token, body: { enabled: false, code: await smsCode(t.db, p.mobile) } })).body.code,
    ).toBe(0);
    expect((await login(t.app, no, 'admin', p.password)).body.data.kycInfo?.requires2FA).toBe(0);
  });
});

describe('password reset', () => {
  it('by SMS code: a short-lived token sets the new password and ends every session of the person', async () => {
    const p = await signUpPerson(t, mail);
    const merchantNo = p.login.userInfo.merchantNo;
    const second = await signInWithCode(t, mail, 'sms', p.mobile);
    const third = await login(t.app, merchantNo, 'admin', p.password);
    const tokens = [p.login.token, second.body.data.token, third.body.data.token];
    for (const token of tokens) expect((await call(t.app, ApiPath.getInfo, { token })).body.code).toBe(0);

    t.clock.advance(61_000);
    expect((await call(t.app, OnboardingPath.resetPwdSendSms, { ip: nextIp(), body: { mobile: p.mobile } })).body.code).toBe(0);
    const verified = await call<{ token: string; expiresInSeconds: number }>(t.app, OnboardingPath.resetPwdVerifySmsCode, {
      body: { mobile: p.mobile, code: await smsCode(t.db, p.mobile) },
    });
    expect(verified.body.data.expiresInSeconds).toBe(600);
    const weak = await call(t.app, OnboardingPath.resetPwd, {
      lang: 'en_US',
      body: { token: verified.body.data.token, newPassword: 'short', confirmPassword: 'short' },
    });
    expect(weak.body).toMatchObject({ code: ErrorCode.validation });
    const reset = await call(t.app, OnboardingPath.resetPwd, {
      body: { token: verified.body.data.token, newPassword: 'Renewed@2026', confirmPassword: 'Renewed@2026' },
    });
    expect(reset.body.code).toBe(0);
    for (const token of tokens) expect((await call(t.app, ApiPath.getInfo, { token })).status).toBe(401);
    expect((await login(t.app, merchantNo, 'admin', p.password)).body.code).not.toBe(0);
    expect((await login(t.app, merchantNo, 'admin', 'Renewed@2026')).body.code).toBe(0);
    const reuse = await call(t.app, OnboardingPath.resetPwd, {
      lang: 'en_US',
      body: { token: verified.body.data.token, newPassword: 'Another@2026', confirmPassword: 'Another@2026' },
    });
    expect(reuse.body.msg).toBe('The password reset link is invalid or has already been used');
  });

  it('by email link: single use, 30 minutes, and silent for unknown addresses', async () => {
    const p = await signUpPerson(t, mail);
    const before = mail.messages.length;
    expect((await call(t.app, OnboardingPath.resetPwdSendEmail, { body: { email: uniqueEmail('ghost') } })).body.code).toBe(0);
    expect(mail.messages.length).toBe(before);
    expect((await call(t.app, OnboardingPath.resetPwdSendEmail, { body: { email: p.email } })).body.code).toBe(0);
    const m = mail.last(p.email);
    expect(m.subject).toBe('重置您的商户后台密码');
    const { token } = linkIn(m, '/resetPassword');
    t.clock.advance(30 * MINUTE_MS + 1);
    const late = await call(t.app, OnboardingPath.resetPwd, {
      lang: 'en_US',
      body: { token, newPassword: 'Renewed@2026', confirmPassword: 'Renewed@2026' },
    });
    expect(late.body.msg).toBe('The password reset link has expired, please request a new one');
    await call(t.app, OnboardingPath.resetPwdSendEmail, { body: { email: p.email } });
    const fresh = linkIn(mail.last(p.email), '/resetPassword').token;
    expect(
      (await call(t.app, OnboardingPath.resetPwd, { body: { token: fresh, newPassword: 'Renewed@2026', confirmPassword: 'Renewed@2026' } }))
        .body.code,
    ).toBe(0);
    expect((await call(t.app, ApiPath.getInfo, { token: p.login.token })).status).toBe(401);
  });
});

describe('more businesses for one person', () => {
  it('creates a business that is not activated, and a code sign-in then leaves the choice to the person', async () => {
    const p = await signUpPerson(t, mail);
    const first = p.login.kycInfo?.currBusinessId;
    const created = await call<LoginData>(t.app, OnboardingPath.createNewBusiness, {
      token: p.login.token,
      body: { businessName: 'Second shop' },
    });
    expect(created.body.code).toBe(0);
    const d = created.body.data;
    expect(d.kycInfo).toMatchObject({ currBusinessStatus: MerchantStatus.notActivated, isInitialLogin: 1 });
    expect(d.kycInfo?.currBusinessId).not.toBe(first);
    expect(d.userInfo).toMatchObject({ loginName: 'admin', accountType: 'owner' });
    expect(d.moreBusinessNameList).toHaveLength(2);
    expect(d.moreBusinessNameList.every((b) => b.isCreator)).toBe(true);
    expect((await call(t.app, ApiPath.getInfo, { token: p.login.token })).status).toBe(401);

    const signedIn = await signInWithCode(t, mail, 'sms', p.mobile);
    expect(signedIn.body.data.kycInfo).toMatchObject({ selectedMerAdminId: null, currBusinessId: null, currBusinessStatus: null });
    expect(signedIn.body.data.moreBusinessNameList.some((b) => b.current)).toBe(false);
    const switched = await call<LoginData>(t.app, ApiPath.switchBusiness, { token: signedIn.body.data.token, body: { businessId: first } });
    expect(switched.body.data.kycInfo?.currBusinessId).toBe(first);

    t.clock.advance(61_000);
    const named = await signInWithCode(t, mail, 'sms', p.mobile, { businessId: d.kycInfo?.currBusinessId ?? 0 });
    expect(named.body.data.kycInfo?.currBusinessId).toBe(d.kycInfo?.currBusinessId);

    // The body is optional: the business is then named after the email until the KYC approval.
    const third = await call<LoginData>(t.app, OnboardingPath.createNewBusiness, { token: named.body.data.token, method: 'POST' });
    expect(third.body.code, third.body.msg).toBe(0);
    expect(third.body.data.userInfo).toMatchObject({ merchantName: p.email });
  });
  it('opens a code sign-in on the business the person owns, not a lower-numbered one they only work in', async () => {
    const person = await createPerson(t.db);
    const worked = await createMerchant(t.db);
    const owned = await createMerchant(t.db);
    await createAdmin(t.db, worked, { personId: person.id, loginName: 'clerk' });
    await createAdmin(t.db, owned, { personId: person.id, isOwner: true });
    const signedIn = await signInWithCode(t, mail, 'email', person.email);
    expect(signedIn.body.code, signedIn.body.msg).toBe(0);
    expect(signedIn.body.data.userInfo).toMatchObject({ merchantNo: owned.merchantNo, accountType: 'owner' });
  });
});

describe('single sign-on ticket', () => {
  it('works once, marks the session and the log sys_admin, and fails after 60 s', async () => {
    const m = await createMerchant(t.db);
    await createGateway(t.db, m);
    const person = await createPerson(t.db);
    const owner = await createAdmin(t.db, m, { personId: person.id, isOwner: true });
    const deps = { db: t.db, now: t.clock.now, notifier: t.app.notifier };

    const ticket = await createSsoTicket(deps, m.id);
    expect(ticket?.link).toMatch(/^https:\/\/merchant\.example\.test\/sso\?ticket=[A-Za-z0-9_-]{43}$/);
    const res = await call<LoginData>(t.app, OnboardingPath.loginBySysAdmin, { body: { ticket: ticket?.ticket } });
    expect(res.body.code).toBe(0);
    expect(res.body.data.userInfo).toMatchObject({ adminId: owner.id, sysAdmin: true, accountType: 'owner' });
    expect(res.body.data.userInfo.permissions).toContain('Admin:Invite');
    const session = await t.db
      .selectFrom('sessions')
      .select(['sys_admin', 'person_id'])
      .where('admin_id', '=', owner.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ sys_admin: 1, person_id: null });
    const ops = await t.db.selectFrom('operation_logs').select(['operation', 'sys_admin']).where('merchant_id', '=', m.id).execute();
    expect(ops).toContainEqual({ operation: 'sso', sys_admin: 1 });

    const twice = await call(t.app, OnboardingPath.loginBySysAdmin, { lang: 'en_US', body: { ticket: ticket?.ticket } });
    expect(twice.body).toMatchObject({ code: ErrorCode.business, msg: 'The sign-in ticket is invalid, used or expired' });

    const late = await createSsoTicket(deps, m.id);
    t.clock.advance(60_001);
    expect((await call(t.app, OnboardingPath.loginBySysAdmin, { body: { ticket: late?.ticket } })).body.code).toBe(ErrorCode.business);
  });
});

describe('account upgrade of an old merchant-number account', () => {
  it('adds and verifies email and mobile, after which kycInfo is present', async () => {
    const m = await createMerchant(t.db);
    const old = await createAdmin(t.db, m, { isOwner: true });
    const token = await signIn(t.app, old);
    expect((await call<LoginData>(t.app, ApiPath.getInfo, { token })).body.data.kycInfo).toBeNull();
    const info = await call<{ upgradeRequired: boolean }>(t.app, OnboardingPath.accountInfo, { token });
    expect(info.body.data.upgradeRequired).toBe(true);
    const notYet = await call(t.app, OnboardingPath.sendCode, { token, lang: 'en_US', body: { purpose: 'twoFAToggle' } });
    expect(notYet.body.msg).toBe('Upgrade your account first: add and verify your email and mobile number');

    const email = uniqueEmail('old');
    const mobile = uniqueMobile();
    const ip = nextIp();
    expect((await call(t.app, OnboardingPath.upgradeSendCode, { token, ip, body: { channel: 'email', target: email } })).body.code).toBe(0);
    expect((await call(t.app, OnboardingPath.upgradeSendCode, { token, ip, body: { channel: 'sms', target: mobile } })).body.code).toBe(0);
    const res = await call<Omit<LoginData, 'token'>>(t.app, OnboardingPath.upgradeVerify, {
      token,
      body: { email, emailCode: codeIn(mail.last(email).text), mobile, smsCode: await smsCode(t.db, mobile) },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.kycInfo).toMatchObject({ selectedMerAdminId: old.id, currBusinessId: m.id, currBusinessStatus: 40 });
    expect((await call<LoginData>(t.app, ApiPath.getInfo, { token })).body.data.kycInfo).not.toBeNull();
    expect(
      (await call<{ upgradeRequired: boolean; emailVerified: boolean }>(t.app, OnboardingPath.accountInfo, { token })).body.data,
    ).toMatchObject({
      upgradeRequired: false,
      emailVerified: true,
      email,
      mobile,
    });
    expect((await signInWithCode(t, mail, 'email', email)).body.data.userInfo.adminId).toBe(old.id);
  });
});

describe('remove account', () => {
  it('disables the person and their logins but keeps the business and its data', async () => {
    const p = await signUpPerson(t, mail);
    const businessId = p.login.kycInfo?.currBusinessId ?? 0;
    const token = p.login.token;
    await call(t.app, OnboardingPath.kycSaveDraft, { token, body: { businessId, step: 'bank', data: { bankName: 'Harbour Bank' } } });

    const noCode = await call(t.app, OnboardingPath.removeAccount, { token, body: { confirm: true, code: '123456' } });
    expect(noCode.body.code).toBe(ErrorCode.business);
    const unconfirmed = await call(t.app, OnboardingPath.removeAccount, { token, body: { confirm: false, code: '123456' } });
    expect(unconfirmed.body.code).toBe(ErrorCode.validation);
    await call(t.app, OnboardingPath.sendCode, { token, ip: nextIp(), body: { purpose: 'removeAccount' } });
    const removed = await call(t.app, OnboardingPath.removeAccount, {
      token,
      body: { confirm: true, code: await smsCode(t.db, p.mobile) },
    });
    expect(removed.body.code).toBe(0);

    expect((await call(t.app, ApiPath.getInfo, { token })).status).toBe(401);
    const pw = await login(t.app, p.login.userInfo.merchantNo, 'admin', p.password, { lang: 'en_US' });
    expect(pw.body.msg).toBe('This account is disabled, please contact your administrator');
    // The address is free again and no code goes to it for sign-in.
    t.clock.advance(61_000);
    const asked = await call(t.app, OnboardingPath.captchaSms, {
      ip: nextIp(),
      body: { purpose: 'signIn', channel: 'sms', target: p.mobile },
    });
    expect(asked.body.code).toBe(0);
    const person = await t.db
      .selectFrom('persons')
      .selectAll()
      .where('email', 'like', 'removed-%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(person).toMatchObject({ mobile: '', name: '', two_fa_enabled: 0 });
    expect(person.removed_at).not.toBeNull();

    const merchant = await t.db.selectFrom('merchants').selectAll().where('id', '=', businessId).executeTakeFirstOrThrow();
    expect(merchant.status).toBe(MerchantStatus.notActivated);
    const profile = await t.db.selectFrom('kyc_profiles').selectAll().where('merchant_id', '=', businessId).executeTakeFirstOrThrow();
    expect(JSON.parse(profile.draft_json)).toEqual({ bank: { bankName: 'Harbour Bank' } });
    const admin = await t.db.selectFrom('admins').selectAll().where('merchant_id', '=', businessId).executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ status: AdminStatus.disabled, person_id: person.id, email: '', mobile: '' });
    const log = await t.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('merchant_id', '=', businessId)
      .where('operation', '=', 'removeAccount')
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]?.content).toContain('businessKept=true');
  });
});
