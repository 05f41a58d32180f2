import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { LOGIN_MAX_FAILURES } from '@mbo/shared/limits';
import { AdminStatus } from '@mbo/shared/merchants';
import { CODE_MAX_ATTEMPTS } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { UnlockPath } from '@mbo/shared/sign-in-lock';
import { createAdmin, createMerchant, createOwnerWithPerson, createPerson } from '../../../test/factories';
import { call, testAppForFile, login, type ApiResponse } from '../../../test/helpers';
import { nextIp, uniqueEmail, uniqueMobile } from '../../../test/onboarding';
import { createActionToken } from '../../platform/action-tokens';
import { ACCOUNT_MAX_DELAY_MS, CODE_MAX_FAILURES, IP_FREE_FAILURES, LOCK_MS } from '../../platform/attempt-limiter';
import { createSsoTicket } from './identity-service';

/*
 * Every check of a verification code or a one-time link goes through the attempt limiter (issue 52).
 * Codes: per code five tries and the code is burnt; per owner (the address or person the code is for,
 * per purpose) ten wrong codes in a row pause that purpose's code checks for 30 minutes; per client
 * address one budget shared with sign-in. Links: the client address's budget. Each count is raised
 * before the check, so 40 parallel tries cannot pass any of them. On SQLite and PostgreSQL.
 */

const t = testAppForFile();

const EN_WRONG = /^Incorrect verification code, \d attempts left$/;
const EN_BURNT = 'Too many wrong attempts, please request a new code';
const EN_PAUSED = /^Too many wrong codes, please try again in \d+ minutes$/;
const EN_INVALID = 'The verification code is incorrect or no longer valid';
const EN_ADDRESS = /^Too many attempts, please try again in \d+ s$/;
const RESEND_MS = 61_000;

async function codeTo(destination: string): Promise<string> {
  const table = destination.includes('@') ? 'mail_outbox' : 'sms_outbox';
  const row =
    table === 'mail_outbox'
      ? await t.db.selectFrom('mail_outbox').select('text_body').where('to_addr', '=', destination).orderBy('id', 'desc').executeTakeFirst()
      : await t.db
          .selectFrom('sms_outbox')
          .select('text_body')
          .where('to_number', '=', destination)
          .orderBy('id', 'desc')
          .executeTakeFirst();
  const code = /\b(\d{6})\b/.exec(row?.text_body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${destination}`);
  return code;
}

const wrongFor = (code: string, i = 0) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

async function personSession(o: { twoFa?: boolean } = {}) {
  const a = await createOwnerWithPerson(t.db, o);
  const res = await login(t.app, a.merchant.merchantNo, a.loginName, a.password, { ip: nextIp() });
  if (res.body.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return { ...a, token: res.body.data.token };
}

/** One place that checks a code: how to have a code sent, where it goes, and how to try one. */
type Place = {
  send: () => Promise<void>;
  destination: string;
  check: (code: string, ip: string) => Promise<ApiResponse>;
  /** The unlock answers every code failure as "code invalid" (it must not tell that a code is live). */
  oneAnswer?: boolean;
};

const sessionCode = (token: string, purpose: string) => async () => {
  const res = await call(t.app, OnboardingPath.sendCode, { token, ip: nextIp(), body: { purpose } });
  if (res.body.code !== 0) throw new Error(`sendCode: ${JSON.stringify(res.body)}`);
};
const captcha = (purpose: 'signIn' | 'signup', target: string) => async () => {
  const res = await call(t.app, OnboardingPath.captchaSms, { ip: nextIp(), body: { purpose, channel: 'sms', target } });
  if (res.body.code !== 0) throw new Error(`captcha: ${JSON.stringify(res.body)}`);
};
const post = (path: string, body: object, token?: string) => (ip: string) =>
  call(t.app, path, { ip, lang: 'en_US', body, ...(token ? { token } : {}) });

const PLACES: Record<string, () => Promise<Place>> = {
  'sign-in by SMS code': async () => {
    const p = await personSession();
    return {
      send: captcha('signIn', p.mobile),
      destination: p.mobile,
      check: (code, ip) => post(OnboardingPath.signIn, { channel: 'sms', target: p.mobile, code })(ip),
    };
  },
  'password reset code': async () => {
    const p = await personSession();
    return {
      send: async () => void (await call(t.app, OnboardingPath.resetPwdSendSms, { ip: nextIp(), body: { mobile: p.mobile } })),
      destination: p.mobile,
      check: (code, ip) => post(OnboardingPath.resetPwdVerifySmsCode, { mobile: p.mobile, code })(ip),
    };
  },
  'sign-up code': async () => {
    const mobile = uniqueMobile();
    const email = uniqueEmail();
    return {
      send: captcha('signup', mobile),
      destination: mobile,
      check: (smsCode, ip) =>
        post(OnboardingPath.signUp, { email, mobile, smsCode, password: 'Lantern#2026', confirmPassword: 'Lantern#2026' })(ip),
    };
  },
  'second step (2FA) code': async () => {
    const p = await personSession({ twoFa: true });
    return {
      send: sessionCode(p.token, 'twoFA'),
      destination: p.mobile,
      check: (code, ip) => post(OnboardingPath.twoFAVerify, { code }, p.token)(ip),
    };
  },
  '2FA switch code': async () => {
    const p = await personSession();
    return {
      send: sessionCode(p.token, 'twoFAToggle'),
      destination: p.mobile,
      check: (code, ip) => post(OnboardingPath.twoFAToggle, { enabled: true, code }, p.token)(ip),
    };
  },
  'email change code': async () => {
    const p = await personSession();
    return {
      send: sessionCode(p.token, 'changeEmail'),
      destination: p.mobile,
      check: (code, ip) => post(OnboardingPath.changeEmail, { newEmail: uniqueEmail(), code }, p.token)(ip),
    };
  },
  'mobile change code': async () => {
    const p = await personSession();
    const newMobile = uniqueMobile();
    return {
      send: async () => void (await call(t.app, OnboardingPath.changePhoneSendSms, { token: p.token, ip: nextIp(), body: { newMobile } })),
      destination: newMobile,
      check: (code, ip) => post(OnboardingPath.changePhone, { newMobile, code }, p.token)(ip),
    };
  },
  'account removal code': async () => {
    const p = await personSession();
    return {
      send: sessionCode(p.token, 'removeAccount'),
      destination: p.mobile,
      check: (code, ip) => post(OnboardingPath.removeAccount, { confirm: true, code }, p.token)(ip),
    };
  },
  'account upgrade code': async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const token = (await login(t.app, m.merchantNo, a.loginName, a.password, { ip: nextIp() })).body.data.token;
    const mobile = uniqueMobile();
    const email = uniqueEmail();
    const send = (channel: 'sms' | 'email', target: string) =>
      call(t.app, OnboardingPath.upgradeSendCode, { token, ip: nextIp(), body: { channel, target } });
    return {
      send: async () => {
        await send('sms', mobile);
        await send('email', email);
      },
      destination: mobile,
      check: async (smsCode, ip) =>
        post(OnboardingPath.upgradeVerify, { email, mobile, smsCode, emailCode: await codeTo(email) }, token)(ip),
    };
  },
  'unlock code': async () => {
    const p = await personSession();
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i += 1) {
      await login(t.app, p.merchant.merchantNo, p.loginName, `Wrong#Pass${i}`, { ip: nextIp() });
      t.clock.advance(ACCOUNT_MAX_DELAY_MS + 1);
    }
    const body = { merchantNo: p.merchant.merchantNo, loginName: p.loginName, password: p.password };
    return {
      send: async () => void (await call(t.app, UnlockPath.sendCode, { ip: nextIp(), body })),
      destination: p.mobile,
      check: (code, ip) => post(UnlockPath.unlock, { ...body, code })(ip),
      oneAnswer: true,
    };
  },
};

describe('every code check through the attempt limiter', () => {
  for (const [name, make] of Object.entries(PLACES)) {
    it(`${name}: 40 parallel wrong codes get at most five checks, and ten wrong in a row pause the checks even for the right code`, async () => {
      const place = await make();
      await place.send();
      const first = await codeTo(place.destination);
      const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => place.check(wrongFor(first, i), nextIp())));
      const msgs = burst.map((r) => r.body.msg);
      if (place.oneAnswer) {
        expect(msgs.every((m) => m === EN_INVALID)).toBe(true);
      } else {
        // Four wrong answers counting down, the fifth burns the code, the rest are refused unchecked.
        expect(msgs.filter((m) => EN_WRONG.test(m))).toHaveLength(CODE_MAX_ATTEMPTS - 1);
        expect(msgs.filter((m) => m === EN_BURNT)).toHaveLength(40 - (CODE_MAX_ATTEMPTS - 1));
      }
      // Burnt: the right code is refused too.
      expect((await place.check(first, nextIp())).body.msg).toBe(place.oneAnswer ? EN_INVALID : EN_BURNT);

      // A second code, five more wrong ones: ten in a row for this owner pause its codes for 30 minutes.
      t.clock.advance(RESEND_MS);
      await place.send();
      const second = await codeTo(place.destination);
      for (let i = 0; i < CODE_MAX_FAILURES - CODE_MAX_ATTEMPTS; i += 1) await place.check(wrongFor(second, i), nextIp());
      t.clock.advance(RESEND_MS);
      await place.send();
      const third = await place.check(await codeTo(place.destination), nextIp());
      expect(third.body.code).toBe(place.oneAnswer ? ErrorCode.business : ErrorCode.tooMany);
      expect(third.body.msg).toMatch(place.oneAnswer ? EN_INVALID : EN_PAUSED);
    });
  }

  it('the pause ends after 30 minutes, and a right code starts the count over', async () => {
    const place = await PLACES['sign-in by SMS code']!();
    for (let n = 0; n < 2; n += 1) {
      await place.send();
      const code = await codeTo(place.destination);
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i += 1) await place.check(wrongFor(code, i), nextIp());
      t.clock.advance(RESEND_MS);
    }
    await place.send();
    expect((await place.check(await codeTo(place.destination), nextIp())).body.msg).toMatch(EN_PAUSED);
    t.clock.advance(LOCK_MS);
    await place.send();
    expect((await place.check(await codeTo(place.destination), nextIp())).body.code).toBe(0);
    // Counted from zero again: nine wrong codes do not pause the tenth try.
    t.clock.advance(RESEND_MS);
    for (let n = 0; n < 2; n += 1) {
      await place.send();
      const code = await codeTo(place.destination);
      for (let i = 0; i < (n === 0 ? CODE_MAX_ATTEMPTS : CODE_MAX_FAILURES - CODE_MAX_ATTEMPTS - 1); i += 1) {
        await place.check(wrongFor(code, i), nextIp());
      }
      t.clock.advance(RESEND_MS);
    }
    await place.send();
    expect((await place.check(await codeTo(place.destination), nextIp())).body.code).toBe(0);
  });

  it('one client address guessing codes of many owners at once gets about ten checks, then waits', async () => {
    const mobiles: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const { id } = await createPerson(t.db);
      mobiles.push((await t.db.selectFrom('persons').select('mobile').where('id', '=', id).executeTakeFirstOrThrow()).mobile);
      await captcha('signIn', mobiles[i] ?? '')();
    }
    const ip = nextIp();
    const answers = await Promise.all(
      mobiles.map(async (mobile) =>
        post(OnboardingPath.signIn, { channel: 'sms', target: mobile, code: wrongFor(await codeTo(mobile)) })(ip),
      ),
    );
    const checked = answers.filter((r) => EN_WRONG.test(r.body.msg)).length;
    expect(checked).toBeGreaterThanOrEqual(IP_FREE_FAILURES);
    expect(checked).toBeLessThanOrEqual(IP_FREE_FAILURES + 1);
    expect(answers.filter((r) => r.body.code === ErrorCode.tooMany && EN_ADDRESS.test(r.body.msg))).toHaveLength(40 - checked);
    // While the address waits, even a right code from it is refused unchecked; another address is not held up.
    const p = await personSession();
    await captcha('signIn', p.mobile)();
    const code = await codeTo(p.mobile);
    expect((await post(OnboardingPath.signIn, { channel: 'sms', target: p.mobile, code })(ip)).body.msg).toMatch(EN_ADDRESS);
    expect((await post(OnboardingPath.signIn, { channel: 'sms', target: p.mobile, code })(nextIp())).body.code).toBe(0);
  });
});

/** One place that takes a one-time link's token: a real token, and how to present one. */
type LinkPlace = { token: () => Promise<string>; use: (token: string, ip: string) => Promise<ApiResponse> };

const HOUR_MS = 3_600_000;

const LINKS: Record<string, LinkPlace> = {
  'password reset link': {
    token: async () => {
      const { id, email } = await createPerson(t.db);
      return createActionToken(t.db, { purpose: 'resetPwd', personId: id, target: email, ttlMs: HOUR_MS, now: t.clock.now() });
    },
    use: (token, ip) => post(OnboardingPath.resetPwd, { token, newPassword: 'Fresh#Start26', confirmPassword: 'Fresh#Start26' })(ip),
  },
  'email verification link': {
    token: async () => {
      const { id, email } = await createPerson(t.db);
      await t.db.updateTable('persons').set({ email_verified: 0 }).where('id', '=', id).execute();
      return createActionToken(t.db, { purpose: 'verifyEmail', personId: id, target: email, ttlMs: HOUR_MS, now: t.clock.now() });
    },
    use: (token, ip) => post(OnboardingPath.verifyEmail, { token })(ip),
  },
  'invitation acceptance': {
    token: async () => {
      const m = await createMerchant(t.db);
      const invited = await createAdmin(t.db, m, { status: AdminStatus.invitationPending });
      return createActionToken(t.db, {
        purpose: 'invitation',
        adminId: invited.id,
        merchantId: m.id,
        target: `${invited.loginName}@example.test`,
        ttlMs: HOUR_MS,
        now: t.clock.now(),
      });
    },
    use: (token, ip) =>
      post(OnboardingPath.acceptInvitation, { token, name: 'Invited', password: 'Fresh#Start26', confirmPassword: 'Fresh#Start26' })(ip),
  },
  'invitation page': {
    token: () => LINKS['invitation acceptance']!.token(),
    use: (token, ip) => call(t.app, OnboardingPath.invitationInfo, { ip, lang: 'en_US', query: { token } }),
  },
  'single sign-on ticket': {
    token: async () => {
      const m = await createMerchant(t.db);
      await createAdmin(t.db, m, { isOwner: true });
      const made = await createSsoTicket({ db: t.db, now: t.clock.now, notifier: t.app.notifier }, m.id);
      if (!made) throw new Error('no ticket');
      return made.ticket;
    },
    use: (token, ip) => post(OnboardingPath.loginBySysAdmin, { ticket: token })(ip),
  },
};

describe('every one-time link through the attempt limiter', () => {
  for (const [name, place] of Object.entries(LINKS)) {
    it(`${name}: 40 parallel made-up tokens from one address get about ten looks, then even a real one waits`, async () => {
      const real = await place.token();
      const ip = nextIp();
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => place.use(`made-up-token-${i}-${'x'.repeat(30)}`, ip)));
      const looked = answers.filter((r) => r.body.code === ErrorCode.business).length;
      expect(looked).toBeGreaterThanOrEqual(IP_FREE_FAILURES);
      expect(looked).toBeLessThanOrEqual(IP_FREE_FAILURES + 1);
      expect(answers.filter((r) => r.body.code === ErrorCode.tooMany && EN_ADDRESS.test(r.body.msg))).toHaveLength(40 - looked);
      expect((await place.use(real, ip)).body.msg).toMatch(EN_ADDRESS);
      // Another address is not held up, and a real token gives its try back.
      const other = nextIp();
      expect((await place.use(real, other)).body.code).toBe(0);
      expect((await place.use(`made-up-token-${'y'.repeat(30)}`, other)).body.code).toBe(ErrorCode.business);
    });
  }
});
