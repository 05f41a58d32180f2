import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { createAdmin, createGateway, createMerchant, createPerson } from '../../../test/factories';
import { call, createTestApp, login, signIn, type LoginData, type TestContext } from '../../../test/helpers';
import { codeIn, linkIn, startMailServer, type MailServer } from '../../../test/mail-server';
import { lastSms, nextIp, signInWithCode, signUpPerson, smsCode, uniqueEmail, uniqueMobile } from '../../../test/onboarding';
import { MINUTE_MS } from '../../platform/time';
import { createSsoTicket } from './identity-service';

let t: TestContext;
let mail: MailServer;
beforeAll(async () => {
  mail = await startMailServer();
  t = await createTestApp({ config: { smtpUrl: mail.url, appUrl: 'https://merchant.example.test' } });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const captcha = (body: object, ip: string, lang?: 'zh_CN' | 'zh_HK' | 'en_US') =>
  call(t.app, OnboardingPath.captchaSms, { ip, body, ...(lang ? { lang } : {}) });

describe('sign-up, email verification and sign-in by code', () => {
  it('signs up, verifies the email from the received mail, then signs in with an emailed code', async () => {
    const email = uniqueEmail();
    const mobile = uniqueMobile();
    const ip = nextIp();
    const sent = await captcha({ purpose: 'signup', channel: 'sms', target: mobile }, ip);
    expect(sent.body).toMatchObject({ code: 0, data: { channel: 'sms', expiresInSeconds: 600, resendAfterSeconds: 60 } });
    expect((sent.body.data as { sentTo: string }).sentTo).not.toContain(mobile.slice(4, -4));
    const smsText = await lastSms(t.db, mobile);
    expect(smsText).toMatch(/^【商户后台】您的注册验证码为 \d{6}/);

    const res = await call<LoginData>(t.app, OnboardingPath.signUp, {
      ip,
      lang: 'zh_HK',
      body: { email, mobile, smsCode: codeIn(smsText), password: 'Lantern#2026', confirmPassword: 'Lantern#2026', name: 'Mei Chan' },
    });
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(d.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(d.userInfo).toMatchObject({ loginName: 'admin', accountType: 'owner' });
    expect(d.kycInfo).toMatchObject({ currBusinessStatus: MerchantStatus.notActivated, isInitialLogin: 1, requires2FA: 0 });
    expect(d.kycInfo?.currBusinessId).toBeGreaterThan(0);

    // The verification mail, in the language of the sign-up, over real SMTP.
    const verification = mail.last(email);
    expect(verification.subject).toBe('請驗證您的商戶後台電郵');
    const link = linkIn(verification, '/verifyEmail');
    expect(link.url.startsWith('https://merchant.example.test/verifyEmail?token=')).toBe(true);
    expect(verification.html).toContain(`href="${link.url}"`);

    // Email sign-in does not work until the address is verified, but the answer does not say so (it would tell
    // that the address is registered): the address gets a notice instead of a code. The mobile works.
    const early = await captcha({ purpose: 'signIn', channel: 'email', target: email }, nextIp(), 'en_US');
    expect(early.body).toMatchObject({ code: 0, data: { channel: 'email', expiresInSeconds: 600 } });
    expect(mail.last(email).subject).toBe('商戶後台登入驗證碼未發送');
    expect(mail.last(email).text).not.toMatch(/\b\d{6}\b/);
    const byMobile = await signInWithCode(t, mail, 'sms', mobile);
    expect(byMobile.body.code).toBe(0);

    const verified = await call(t.app, OnboardingPath.verifyEmail, { body: { token: link.token } });
    expect(verified.body).toMatchObject({ code: 0, data: { email } });
    const again = await call(t.app, OnboardingPath.verifyEmail, { lang: 'en_US', body: { token: link.token } });
    expect(again.body).toMatchObject({
      code: ErrorCode.business,
      msg: 'Email verification failed: the link is invalid or has already been used',
    });

    // The early request stored a code (never told) like any other: the next send waits out the resend gap.
    t.clock.advance(61_000);
    const byEmail = await signInWithCode(t, mail, 'email', email);
    expect(byEmail.body.code).toBe(0);
    expect(byEmail.body.data.kycInfo).toMatchObject({ currBusinessId: d.kycInfo?.currBusinessId, isInitialLogin: 1, requires2FA: 0 });
    const code = codeIn(mail.last(email).text);
    expect(mail.last(email).subject).toBe('商戶後台登入驗證碼');
    // ...and the code was single use.
    const reuse = await call(t.app, OnboardingPath.signIn, { lang: 'en_US', body: { channel: 'email', target: email, code } });
    expect(reuse.body).toMatchObject({ code: ErrorCode.business, msg: 'The verification code is incorrect or no longer valid' });
  });

  it('answers an expired verification link with the §8 message and a resend works', async () => {
    const p = await signUpPerson(t, mail, { verify: false });
    const old = linkIn(mail.last(p.email), '/verifyEmail');
    t.clock.advance(24 * 60 * MINUTE_MS + 1000);
    const expired = await call(t.app, OnboardingPath.verifyEmail, { lang: 'en_US', body: { token: old.token } });
    expect(expired.body).toEqual({
      code: ErrorCode.business,
      msg: 'Email verification failed: link expired, resend the email',
      data: null,
    });
    const zh = await call(t.app, OnboardingPath.verifyEmail, { lang: 'zh_CN', body: { token: old.token } });
    expect(zh.body.msg).toBe('邮箱验证失败：链接已过期，请重新发送邮件');

    const before = mail.to(p.email).length;
    expect((await call(t.app, OnboardingPath.resendVerifyEmail, { body: { email: p.email } })).body.code).toBe(0);
    expect(mail.to(p.email).length).toBe(before + 1);
    // An unknown address answers the same and nothing is sent.
    expect((await call(t.app, OnboardingPath.resendVerifyEmail, { body: { email: uniqueEmail('nobody') } })).body.code).toBe(0);
    const fresh = linkIn(mail.last(p.email), '/verifyEmail');
    expect((await call(t.app, OnboardingPath.verifyEmail, { body: { token: fresh.token } })).body.code).toBe(0);
  });

  it('answers the sign-up code request the same for a registered mobile, and texts its owner instead', async () => {
    const p = await signUpPerson(t, mail);
    const fresh = uniqueMobile();
    t.clock.advance(61_000);
    const [taken, free] = await Promise.all([
      captcha({ purpose: 'signup', channel: 'sms', target: p.mobile }, nextIp(), 'en_US'),
      captcha({ purpose: 'signup', channel: 'sms', target: fresh }, nextIp(), 'en_US'),
    ]);
    const shape = (b: typeof taken.body) => ({ ...b, data: { ...(b.data as object), sentTo: 'masked' } });
    expect(shape(taken.body)).toEqual(shape(free.body));
    const notice = await lastSms(t.db, p.mobile);
    expect(notice).toMatch(/^【商户后台】有人刚刚尝试使用您的手机号码注册/);
    expect(notice).not.toMatch(/\d{6}/);
    // Signing up with the registered mobile fails like any wrong code.
    const tryTaken = await call(t.app, OnboardingPath.signUp, {
      lang: 'en_US',
      body: { email: uniqueEmail(), mobile: p.mobile, smsCode: '123456', password: 'Lantern#2026', confirmPassword: 'Lantern#2026' },
    });
    const tryFree = await call(t.app, OnboardingPath.signUp, {
      lang: 'en_US',
      body: {
        email: uniqueEmail(),
        mobile: fresh,
        smsCode: (await smsCode(t.db, fresh)) === '123456' ? '654321' : '123456',
        password: 'Lantern#2026',
        confirmPassword: 'Lantern#2026',
      },
    });
    expect(tryTaken.body).toEqual(tryFree.body);
    expect(tryTaken.body.msg).toBe('Incorrect verification code, 4 attempts left');
  });

  it('signs up with a registered email like with a new one, and mails its owner instead of a verification link', async () => {
    const owner = await signUpPerson(t, mail, { lang: 'en_US' });
    const before = mail.to(owner.email).length;
    const mobile = uniqueMobile();
    const ip = nextIp();
    await captcha({ purpose: 'signup', channel: 'sms', target: mobile }, ip);
    const res = await call<LoginData>(t.app, OnboardingPath.signUp, {
      ip,
      lang: 'en_US',
      body: { email: owner.email, mobile, smsCode: await smsCode(t.db, mobile), password: 'Lantern#2026', confirmPassword: 'Lantern#2026' },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.userInfo).toMatchObject({ loginName: 'admin', accountType: 'owner', email: owner.email });
    // The owner gets one mail, a notice with no link that could verify the address for the newcomer.
    const received = mail.to(owner.email).slice(before);
    expect(received.map((m) => m.subject)).toEqual(['Someone tried to register for the Merchant back office with your email address']);
    expect(received[0]?.text).not.toContain('/verifyEmail');
    expect(received[0]?.text).toContain('https://merchant.example.test/forgotPassword');
    // The newcomer's copy of the address stays unverified; the owner still signs in with it.
    const info = await call<{ emailVerified: boolean }>(t.app, OnboardingPath.accountInfo, { token: res.body.data.token });
    expect(info.body.data.emailVerified).toBe(false);
    const byEmail = await signInWithCode(t, mail, 'email', owner.email);
    expect(byEmail.body.code).toBe(0);
    expect(byEmail.body.data.userInfo.merchantNo).toBe(owner.login.userInfo.merchantNo);

    const viaEmail = await captcha({ purpose: 'signup', channel: 'email', target: uniqueEmail() }, nextIp(), 'en_US');
    expect(viaEmail.body).toMatchObject({ code: ErrorCode.business, msg: 'This code cannot be sent that way' });
    const badTarget = await captcha({ purpose: 'signIn', channel: 'sms', target: '0044 7700' }, nextIp(), 'en_US');
    expect(badTarget.body.code).toBe(ErrorCode.validation);
  });

  it('answers code sign-in the same for an unverified email as for an unknown one', async () => {
    const p = await signUpPerson(t, mail, { verify: false });
    const unknown = uniqueEmail('nobody');
    const answers = await Promise.all(
      [p.email, unknown].map((target) => captcha({ purpose: 'signIn', channel: 'email', target }, nextIp(), 'en_US')),
    );
    expect(answers[0]?.body.code).toBe(0);
    expect(answers[0]?.body.data).toEqual({
      ...(answers[1]?.body.data as object),
      sentTo: (answers[0]?.body.data as { sentTo: string }).sentTo,
    });
    const signIns = await Promise.all(
      [p.email, unknown].map((target) =>
        call(t.app, OnboardingPath.signIn, { lang: 'en_US', body: { channel: 'email', target, code: '123456' } }),
      ),
    );
    expect(signIns[0]?.body).toEqual(signIns[1]?.body);
  });

  it('answers a sign-in code request for an unknown address like a known one, without sending', async () => {
    const target = uniqueMobile();
    const res = await captcha({ purpose: 'signIn', channel: 'sms', target }, nextIp());
    expect(res.body.code).toBe(0);
    await expect(lastSms(t.db, target)).rejects.toThrow(/no SMS/);
    const again = await captcha({ purpose: 'signIn', channel: 'sms', target }, nextIp(), 'en_US');
    expect(again.body.code).toBe(ErrorCode.tooMany);
  });
});

describe('verification code rules', () => {
  it('refuses the 6th try even with the right code', async () => {
    const p = await signUpPerson(t, mail);
    await captcha({ purpose: 'signIn', channel: 'sms', target: p.mobile }, nextIp());
    const code = await smsCode(t.db, p.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const ip = nextIp();
    for (let i = 1; i <= 5; i++) {
      const res = await call(t.app, OnboardingPath.signIn, { ip, lang: 'en_US', body: { channel: 'sms', target: p.mobile, code: wrong } });
      expect(res.body.code).toBe(ErrorCode.business);
      expect(res.body.msg).toBe(
        i < 5 ? `Incorrect verification code, ${5 - i} attempts left` : 'Too many wrong attempts, please request a new code',
      );
    }
    const sixth = await call(t.app, OnboardingPath.signIn, { ip, lang: 'en_US', body: { channel: 'sms', target: p.mobile, code } });
    expect(sixth.body).toMatchObject({ code: ErrorCode.business, msg: 'Too many wrong attempts, please request a new code' });
  });

  it('refuses a resend within 60 s, allows it after, and the old code stops working', async () => {
    const p = await signUpPerson(t, mail);
    const ip = nextIp();
    expect((await captcha({ purpose: 'signIn', channel: 'sms', target: p.mobile }, ip)).body.code).toBe(0);
    const first = await smsCode(t.db, p.mobile);
    t.clock.advance(30_000);
    const early = await captcha({ purpose: 'signIn', channel: 'sms', target: p.mobile }, ip, 'en_US');
    expect(early.body).toMatchObject({ code: ErrorCode.tooMany, msg: 'Please wait 30 seconds before requesting another code' });
    t.clock.advance(31_000);
    expect((await captcha({ purpose: 'signIn', channel: 'sms', target: p.mobile }, ip)).body.code).toBe(0);
    const second = await smsCode(t.db, p.mobile);
    if (first !== second) {
      const old = await call(t.app, OnboardingPath.signIn, { ip, body: { channel: 'sms', target: p.mobile, code: first } });
      expect(old.body.code).not.toBe(0);
    }
    expect((await call(t.app, OnboardingPath.signIn, { ip, body: { channel: 'sms', target: p.mobile, code: second } })).body.code).toBe(0);
  });

  it('lets a code expire after 10 minutes', async () => {
    const p = await signUpPerson(t, mail);
    await captcha({ purpose: 'signIn', channel: 'sms', target: p.mobile }, nextIp());
    const code = await smsCode(t.db, p.mobile);
    t.clock.advance(10 * MINUTE_MS);
    const res = await call(t.app, OnboardingPath.signIn, { body: { channel: 'sms', target: p.mobile, code } });
    expect(res.body.code).toBe(ErrorCode.business);
  });

  it('limits sends per destination (10 an hour) and per client address (30 an hour)', async () => {
    const p = await signUpPerson(t, mail);
    t.clock.advance(61 * MINUTE_MS); // the sign-up code to this number no longer counts
    for (let i = 0; i < 10; i++) {
      expect((await captcha({ purpose: 'signIn', channel: 'sms', target: p.mobile }, nextIp())).body.code, `send ${i + 1}`).toBe(0);
      t.clock.advance(61_000);
    }
    const eleventh = await captcha({ purpose: 'signIn', channel: 'sms', target: p.mobile }, nextIp(), 'en_US');
    expect(eleventh.body).toMatchObject({
      code: ErrorCode.tooMany,
      msg: 'Too many codes were requested for this address, please try again later',
    });

    const ip = nextIp();
    for (let i = 0; i < 30; i++)
      expect((await captcha({ purpose: 'signup', channel: 'sms', target: uniqueMobile() }, ip)).body.code).toBe(0);
    const thirtyFirst = await captcha({ purpose: 'signup', channel: 'sms', target: uniqueMobile() }, ip, 'en_US');
    expect(thirtyFirst.body).toMatchObject({ code: ErrorCode.tooMany, msg: 'Too many requests, please try again later' });
    t.clock.advance(61 * MINUTE_MS);
    expect((await captcha({ purpose: 'signup', channel: 'sms', target: uniqueMobile() }, ip)).body.code).toBe(0);
  });

  it('stores only a salted hash of each code', async () => {
    const p = await signUpPerson(t, mail);
    await captcha({ purpose: 'signIn', channel: 'sms', target: p.mobile }, nextIp());
    const code = await smsCode(t.db, p.mobile);
    const rows = await t.db.selectFrom('verification_codes').selectAll().where('destination', '=', p.mobile).execute();
    for (const r of rows) {
      expect(r.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(r.code_hash).not.toContain(code);
      expect(r.salt).toMatch(/^[0-9a-f]{32}$/);
    }
  });
});

describe('errors in the caller language', () => {
  it('gives three different texts for the same refusal', async () => {
    const p = await signUpPerson(t, mail, { verify: false });
    const texts = await Promise.all(
      (['zh_CN', 'zh_HK', 'en_US'] as const).map(
        async (lang) => (await captcha({ purpose: 'signup', channel: 'email', target: uniqueEmail() }, nextIp(), lang)).body.msg,
      ),
    );
    expect(new Set(texts).size).toBe(3);
    expect(texts[0]).toBe('该验证码不能通过此方式发送');
    expect(texts[1]).toBe('該驗證碼不能透過此方式發送');
    const codes = await Promise.all(
      (['zh_CN', 'zh_HK', 'en_US'] as const).map(
        async (lang) => (await call(t.app, OnboardingPath.signIn, { lang, body: { channel: 'sms', target: p.mobile, code: '12' } })).body,
      ),
    );
    expect(codes.map((c) => c.code)).toEqual([ErrorCode.validation, ErrorCode.validation, ErrorCode.validation]);
    expect(codes.map((c) => c.msg)).toEqual(['验证码格式不正确', '驗證碼格式不正確', 'Verification code is invalid']);
  });
});

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
    const refused = await captcha({ purpose: 'signIn', channel: 'email', target: newEmail }, nextIp());
    expect(refused.body.code).toBe(0);
    expect(mail.last(newEmail).text).not.toMatch(/\b\d{6}\b/);
    const refusedSignIn = await call(t.app, OnboardingPath.signIn, {
      lang: 'en_US',
      body: { channel: 'email', target: newEmail, code: '123456' },
    });
    expect(refusedSignIn.body.msg).toBe('Incorrect verification code, 4 attempts left');
    // The old address is no longer an account.
    expect((await captcha({ purpose: 'signIn', channel: 'email', target: p.email }, nextIp())).body.code).toBe(0);
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
    expect((await captcha({ purpose: 'signIn', channel: 'sms', target: p.mobile }, nextIp())).body.code).toBe(0);
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
