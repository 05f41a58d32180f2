import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { MerchantStatus } from '@mbo/shared/merchants';
import type { TLangHeader } from '@mbo/shared/i18n';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { call, type LoginData } from '../../../test/helpers';
import { codeIn, linkIn } from '../../../test/mail-server';
import {
  captchaSms,
  testAppWithMailForFile,
  lastSms,
  nextIp,
  signInWithCode,
  signUpPerson,
  smsCode,
  uniqueEmail,
  uniqueMobile,
} from '../../../test/onboarding';
import { MINUTE_MS } from '../../platform/time';

/*
 * Sign-up, email verification, sign-in by code and the rules of the codes. What a person does with
 * the account afterwards (settings, password reset, more businesses, removal) is in account.test.ts.
 */

const { t, mail } = testAppWithMailForFile();

const captcha = (body: object, ip: string, lang?: TLangHeader) => captchaSms(t, body, ip, lang);

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
