import { describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@mbo/shared/limits';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { UnlockPath } from '@mbo/shared/sign-in-lock';
import { createAdmin, createMerchant, createOwnerWithPerson, type AdminRow } from '../../../test/factories';
import { call, testAppForFile, login, withTestApp, type LoginData, type TestContext } from '../../../test/helpers';
import { lastSms, nextIp, smsCode } from '../../../test/onboarding';
import { opsHarness } from '../../../test/ops-harness';
import { accountDelayMs, ACCOUNT_MAX_DELAY_MS, IP_FREE_FAILURES } from '../../platform/attempt-limiter';
import { MINUTE_MS } from '../../platform/time';

const t = testAppForFile();

const EN_BAD = 'Incorrect merchant number, login name or password';
const EN_LOCKED = `The account is locked, please try again in ${LOGIN_LOCK_MINUTES} minutes, or unlock it now with the password and a code sent to the account's mobile or verified email`;

/** Waits out the longest per-account delay, as a patient guesser would. */
const waitOut = () => t.clock.advance(ACCOUNT_MAX_DELAY_MS + 1);

const personAdmin = () => createOwnerWithPerson(t.db);

async function mailsTo(to: string) {
  return t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_addr', '=', to).orderBy('id').execute();
}

describe('the 10-failure lock is not an oracle', () => {
  it('answers every try the same for an existing account and for one that does not exist, the lock included', async () => {
    const real = await personAdmin();
    const ghost = { merchantNo: real.merchant.merchantNo, loginName: `${real.loginName}-nobody` };
    const ip = nextIp();
    const answers: { real: unknown; ghost: unknown }[] = [];
    for (let i = 1; i <= LOGIN_MAX_FAILURES + 1; i += 1) {
      const r = await login(t.app, real.merchant.merchantNo, real.loginName, `Wrong#Pass${i}`, { lang: 'en_US', ip });
      const g = await login(t.app, ghost.merchantNo, ghost.loginName, `Wrong#Pass${i}`, { lang: 'en_US', ip: nextIp() });
      answers.push({ real: r.body, ghost: g.body });
      waitOut();
    }
    for (const [i, a] of answers.entries()) expect(a.real, `try ${i + 1}`).toEqual(a.ghost);
    expect(answers.slice(0, LOGIN_MAX_FAILURES - 1).every((a) => (a.real as { msg: string }).msg === EN_BAD)).toBe(true);
    expect(answers[LOGIN_MAX_FAILURES - 1]?.real).toEqual({ code: ErrorCode.locked, msg: EN_LOCKED, data: null });
    // After the lock even the right password is refused, with the same answer a name that does not exist gets.
    const right = await login(t.app, real.merchant.merchantNo, real.loginName, real.password, { lang: 'en_US', ip });
    expect(right.body.msg).toMatch(/^The account is locked/);
  });

  it('tells the owner by mail when the account is locked, and nobody when the name does not exist', async () => {
    const real = await personAdmin();
    const ip = nextIp();
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i += 1) {
      await login(t.app, real.merchant.merchantNo, real.loginName, `Wrong#Pass${i}`, { ip });
      waitOut();
    }
    const mails = await mailsTo(real.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your Merchant back office account is locked');
    expect(mails[0]?.text_body).toContain(`login ${real.loginName} of merchant number ${real.merchant.merchantNo}`);
    expect(mails[0]?.text_body).toContain(`for ${LOGIN_LOCK_MINUTES} minutes`);
    expect(mails[0]?.text_body).toContain(ip);
    expect(mails[0]?.text_body).toContain('/loginNew');
  });

  it('keeps the lock for 30 minutes (PCI DSS 8.3.4), then the right password works and starts the count over', async () => {
    const a = await personAdmin();
    const ip = nextIp();
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i += 1) {
      await login(t.app, a.merchant.merchantNo, a.loginName, `Wrong#Pass${i}`, { ip });
      waitOut();
    }
    t.clock.advance(LOGIN_LOCK_MINUTES * MINUTE_MS - 2 * ACCOUNT_MAX_DELAY_MS);
    expect((await login(t.app, a.merchant.merchantNo, a.loginName, a.password, { ip })).body.code).toBe(ErrorCode.locked);
    t.clock.advance(2 * ACCOUNT_MAX_DELAY_MS);
    expect((await login(t.app, a.merchant.merchantNo, a.loginName, a.password, { ip })).body.code).toBe(0);
    const logs = await t.db.selectFrom('login_logs').select(['reason', 'success']).where('admin_id', '=', a.id).orderBy('id').execute();
    expect(logs.filter((l) => l.reason === 'login.accountLocked')).toHaveLength(2);
    expect(logs.at(-1)).toEqual({ reason: 'login.success', success: 1 });
  });
});

describe('attempt limits with increasing delay', () => {
  it('makes an account wait longer after each failure, for names that exist and names that do not', async () => {
    const a = await personAdmin();
    for (const loginName of [a.loginName, `${a.loginName}-ghost`]) {
      const ip = nextIp();
      for (let i = 1; i <= 3; i += 1) {
        expect((await login(t.app, a.merchant.merchantNo, loginName, 'Wrong#Pass1', { lang: 'en_US', ip })).body.msg).toBe(EN_BAD);
      }
      // The third failure set a delay (accountDelayMs(3)); trying again at once is refused without checking the password.
      const early = await login(t.app, a.merchant.merchantNo, loginName, a.password, { lang: 'en_US', ip });
      expect(early.body).toEqual({
        code: ErrorCode.tooMany,
        msg: `Too many sign-in attempts, please try again in ${accountDelayMs(3) / 1000} s`,
        data: null,
      });
      t.clock.advance(accountDelayMs(3));
      const after = await login(t.app, a.merchant.merchantNo, loginName, a.password, { ip });
      expect(after.body.code).toBe(loginName === a.loginName ? 0 : ErrorCode.business);
      waitOut();
    }
  });

  it('limits one client address across accounts: a burst of 100 tries gets a handful of answers, the rest must wait', async () => {
    const m = await createMerchant(t.db);
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(t.app, m.merchantNo, `name${i}`, 'Wrong#Pass1', { lang: 'en_US', ip })),
    );
    const checked = answers.filter((r) => r.body.msg === EN_BAD).length;
    const refused = answers.filter((r) => r.body.code === ErrorCode.tooMany).length;
    expect(checked).toBeGreaterThanOrEqual(IP_FREE_FAILURES);
    expect(checked).toBeLessThanOrEqual(IP_FREE_FAILURES + 1);
    expect(refused).toBe(100 - checked);
    // Another address is not held up by this one.
    const other = await login(t.app, m.merchantNo, 'name1', 'Wrong#Pass1', { lang: 'en_US', ip: nextIp() });
    expect(other.body.msg).toBe(EN_BAD);
  });

  it('lets parallel guesses at one account through no faster than one at a time', async () => {
    const a = await personAdmin();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(t.app, a.merchant.merchantNo, a.loginName, `Wrong#Pass${i}`, { ip: nextIp() })),
    );
    const checked = answers.filter((r) => r.body.code === ErrorCode.business).length;
    // Two free failures, then the third sets a delay that refuses the others of the burst.
    expect(checked).toBe(3);
    expect(answers.filter((r) => r.body.code === ErrorCode.tooMany)).toHaveLength(27);
  });

  /** Failed sign-ins from `ip` (the connection's address) with each X-Forwarded-For in turn, one account name each. */
  const tries = (app: TestContext['app'], merchantNo: string, ip: string, forwardedFor: string[]) =>
    Promise.all(
      forwardedFor.map((xff, i) =>
        login(app, merchantNo, `n${i}-${xff.length}`, 'Wrong#Pass1', { ip, headers: { 'x-forwarded-for': xff } }),
      ),
    );
  const loggedIps = async (db: TestContext['db'], merchantNo: string) =>
    (await db.selectFrom('login_logs').select('ip').distinct().where('merchant_no', '=', merchantNo).execute()).map((l) => l.ip).sort();
  /** What a client puts at the left of X-Forwarded-For, a new value for each try. */
  const forged = (n: number) => Array.from({ length: n }, (_, i) => `203.0.113.${i + 1}`);

  it('with TRUST_PROXY=1 reads the address the proxy added: a forged one at the left changes neither the limit nor the log', async () => {
    await withTestApp({ config: { trustProxy: 1 } }, async (proxied) => {
      const m = await createMerchant(proxied.db);
      // The proxy appends the address it saw to whatever the client sent (nginx's $proxy_add_x_forwarded_for).
      const first = await tries(
        proxied.app,
        m.merchantNo,
        '10.0.0.1',
        forged(IP_FREE_FAILURES + 5).map((f) => `${f}, 198.51.100.7`),
      );
      expect(first.filter((r) => r.body.code === ErrorCode.tooMany).length).toBeGreaterThanOrEqual(4);
      // The same proxy, another client behind it: its own budget.
      const second = await tries(proxied.app, m.merchantNo, '10.0.0.1', ['198.51.100.8', '198.51.100.8']);
      expect(second.every((r) => r.body.code === ErrorCode.business)).toBe(true);
      expect(await loggedIps(proxied.db, m.merchantNo)).toEqual(['198.51.100.7', '198.51.100.8']);
    });
  });

  it('with TRUST_PROXY set to addresses believes X-Forwarded-For only from those proxies, and only their own entry', async () => {
    await withTestApp({ config: { trustProxy: ['10.0.0.1', '10.1.0.0/16'] } }, async (proxied) => {
      const m = await createMerchant(proxied.db);
      const viaProxy = await tries(
        proxied.app,
        m.merchantNo,
        '10.1.2.3',
        forged(IP_FREE_FAILURES + 5).map((f) => `${f}, 198.51.100.7`),
      );
      expect(viaProxy.filter((r) => r.body.code === ErrorCode.tooMany).length).toBeGreaterThanOrEqual(4);
      // Two proxies in the list, one behind the other: the address the outer one saw.
      await tries(proxied.app, m.merchantNo, '10.0.0.1', ['203.0.113.99, 198.51.100.8, 10.1.0.5']);
      // A client that is not a listed proxy sends the header itself: its own address counts.
      await tries(proxied.app, m.merchantNo, '10.9.9.9', ['198.51.100.9']);
      expect(await loggedIps(proxied.db, m.merchantNo)).toEqual(['10.9.9.9', '198.51.100.7', '198.51.100.8']);
    });
  });

  it("ignores X-Forwarded-For when TRUST_PROXY is off: the address is the connection's", async () => {
    const m = await createMerchant(t.db);
    await login(t.app, m.merchantNo, 'x', 'Wrong#Pass1', { ip: '10.9.9.9', headers: { 'x-forwarded-for': '198.51.100.9' } });
    expect(await loggedIps(t.db, m.merchantNo)).toEqual(['10.9.9.9']);
  });
});

describe('unlock with the password and a code sent to the owner', () => {
  async function lock(a: AdminRow, ip: string) {
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i += 1) {
      await login(t.app, a.merchant.merchantNo, a.loginName, `Wrong#Pass${i}`, { ip });
      waitOut();
    }
  }

  it('sends a code to the mobile only for the right password of a locked account, and answers the same in every case', async () => {
    const a = await personAdmin();
    const ip = nextIp();
    await lock(a, ip);
    const ask = (password: string, loginName = a.loginName) =>
      call(t.app, UnlockPath.sendCode, { lang: 'en_US', ip: nextIp(), body: { merchantNo: a.merchant.merchantNo, loginName, password } });

    const wrong = await ask('Wrong#Pass99');
    const ghost = await ask(a.password, `${a.loginName}-ghost`);
    await expect(lastSms(t.db, a.mobile)).rejects.toThrow('no SMS');
    const right = await ask(a.password);
    for (const r of [wrong, ghost, right]) {
      expect(r.body).toEqual({
        code: 0,
        msg: "If the merchant number, login name and password are right and the account is locked, an unlock code was sent to the account's mobile or verified email",
        data: null,
      });
    }
    const code = await smsCode(t.db, a.mobile);
    expect(code).toMatch(/^\d{6}$/);

    const unlock = (body: Record<string, string>) =>
      call<LoginData>(t.app, UnlockPath.unlock, {
        lang: 'en_US',
        ip: nextIp(),
        body: { merchantNo: a.merchant.merchantNo, loginName: a.loginName, ...body },
      });
    // A wrong code answers like no code at all, whatever the password.
    const badCode = await unlock({ password: a.password, code: code === '000000' ? '111111' : '000000' });
    expect(badCode.body).toEqual({ code: ErrorCode.business, msg: 'The verification code is incorrect or no longer valid', data: null });
    const ok = await unlock({ password: a.password, code: code ?? '' });
    expect(ok.body.code).toBe(0);
    expect(ok.body.data.userInfo.adminId).toBe(a.id);
    // The lock is gone: the password signs in again.
    expect((await login(t.app, a.merchant.merchantNo, a.loginName, a.password, { ip })).body.code).toBe(0);
    const reasons = await t.db
      .selectFrom('login_logs')
      .select('reason')
      .where('admin_id', '=', a.id)
      .where('success', '=', 1)
      .orderBy('id')
      .execute();
    expect(reasons.map((r) => r.reason)).toEqual(['login.unlocked', 'login.success']);
  });

  it('needs the password as well as the code', async () => {
    const a = await personAdmin();
    await lock(a, nextIp());
    await call(t.app, UnlockPath.sendCode, {
      ip: nextIp(),
      body: { merchantNo: a.merchant.merchantNo, loginName: a.loginName, password: a.password },
    });
    const code = await smsCode(t.db, a.mobile);
    const res = await call(t.app, UnlockPath.unlock, {
      lang: 'en_US',
      ip: nextIp(),
      body: { merchantNo: a.merchant.merchantNo, loginName: a.loginName, password: 'Wrong#Pass1', code },
    });
    expect(res.body.msg).toBe(EN_BAD);
    const still = await login(t.app, a.merchant.merchantNo, a.loginName, a.password, { ip: nextIp(), lang: 'en_US' });
    expect(still.body.msg).toMatch(/^The account is locked/);
  });

  it('a login without a person gets its code at the mobile or email kept on its admin row', async () => {
    const m = await createMerchant(t.db);
    // As `ops admin:create --email` makes it: no person, only the admin row's email.
    const a = await createAdmin(t.db, m);
    const adminEmail = `${a.loginName}@example.test`;
    await lock(a, nextIp());
    const ip = nextIp();
    const body = { merchantNo: m.merchantNo, loginName: a.loginName, password: a.password };
    expect((await call(t.app, UnlockPath.sendCode, { ip, body })).body.code).toBe(0);
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_addr', '=', adminEmail)
      .orderBy('id', 'desc')
      .execute();
    const code = /\b(\d{6})\b/.exec(mails[0]?.text_body ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const unlocked = await call<LoginData>(t.app, UnlockPath.unlock, { ip, body: { ...body, code } });
    expect(unlocked.body.code).toBe(0);
    expect(unlocked.body.data.userInfo.adminId).toBe(a.id);
    expect((await login(t.app, m.merchantNo, a.loginName, a.password, { ip: nextIp() })).body.code).toBe(0);

    // With a mobile on the admin row the code goes there first.
    const b = await createAdmin(t.db, m);
    await t.db.updateTable('admins').set({ mobile: '+85261234567' }).where('id', '=', b.id).execute();
    await lock(b, nextIp());
    const bBody = { merchantNo: m.merchantNo, loginName: b.loginName, password: b.password };
    await call(t.app, UnlockPath.sendCode, { ip, body: bBody });
    const bCode = await smsCode(t.db, '+85261234567');
    expect((await call(t.app, UnlockPath.unlock, { ip, body: { ...bBody, code: bCode } })).body.code).toBe(0);
  });

  it('a login with no address at all is unlocked by customer service (ops admin:unlock), and only that login', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const other = await createAdmin(t.db, m);
    await t.db.updateTable('admins').set({ email: '', mobile: '' }).where('id', 'in', [a.id, other.id]).execute();
    await lock(a, nextIp());
    await lock(other, nextIp());
    const ask = await call(t.app, UnlockPath.sendCode, {
      ip: nextIp(),
      body: { merchantNo: m.merchantNo, loginName: a.loginName, password: a.password },
    });
    expect(ask.body.code).toBe(0);
    expect(
      await t.db.selectFrom('verification_codes').select('id').where('purpose', '=', 'unlock').where('destination', '=', '').execute(),
    ).toEqual([]);

    const { ops } = opsHarness(t);
    const res = await ops('admin:unlock', '--merchant', m.merchantNo, '--login', a.loginName);
    expect(res.code).toBe(0);
    expect(res.out).toContain(`unlocked "${a.loginName}" of merchant ${m.merchantNo}`);
    expect((await login(t.app, m.merchantNo, a.loginName, a.password, { ip: nextIp() })).body.code).toBe(0);
    expect((await login(t.app, m.merchantNo, other.loginName, other.password, { ip: nextIp() })).body.code).toBe(ErrorCode.locked);
    const logged = await t.db
      .selectFrom('operation_logs')
      .select(['source', 'action', 'content'])
      .where('merchant_id', '=', m.id)
      .where('action', '=', 'ops:admin:unlock')
      .execute();
    expect(logged).toEqual([{ source: 'ops', action: 'ops:admin:unlock', content: `login=${a.loginName}` }]);
    expect((await ops('admin:unlock', '--merchant', m.merchantNo, '--login', 'nobody')).code).toBe(2);
  });

  it('a password reset by SMS proves the owner too: it clears the lock', async () => {
    const a = await personAdmin();
    await lock(a, nextIp());
    const ip = nextIp();
    await call(t.app, OnboardingPath.resetPwdSendSms, { ip, body: { mobile: a.mobile } });
    const verified = await call<{ token: string }>(t.app, OnboardingPath.resetPwdVerifySmsCode, {
      ip,
      body: { mobile: a.mobile, code: await smsCode(t.db, a.mobile) },
    });
    const reset = await call(t.app, OnboardingPath.resetPwd, {
      ip,
      body: { token: verified.body.data.token, newPassword: 'Fresh#Start26', confirmPassword: 'Fresh#Start26' },
    });
    expect(reset.body.code).toBe(0);
    expect((await login(t.app, a.merchant.merchantNo, a.loginName, 'Fresh#Start26', { ip: nextIp() })).body.code).toBe(0);
  });
});

describe('session lifetime', () => {
  it('ends a session SESSION_MAX_HOURS after sign-in even when it is used all the time', async () => {
    const a = await personAdmin();
    const token = (await login(t.app, a.merchant.merchantNo, a.loginName, a.password, { ip: nextIp() })).body.data.token;
    const step = 20 * MINUTE_MS;
    const steps = Math.floor((t.config.sessionMaxHours * 60 * MINUTE_MS) / step) - 1;
    for (let i = 0; i < steps; i += 1) {
      t.clock.advance(step);
      expect((await call(t.app, ApiPath.getInfo, { token })).status).toBe(200);
    }
    t.clock.advance(2 * step);
    const expired = await call(t.app, ApiPath.getInfo, { token, lang: 'en_US' });
    expect(expired.status).toBe(401);
    expect(expired.body.msg).toBe('Invalid or expired session, please log in again');
  });
});
