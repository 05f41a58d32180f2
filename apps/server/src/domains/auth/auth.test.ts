import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@mbo/shared/limits';
import { AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import { ALWAYS_ALLOWED_MENUS } from '@mbo/shared/permissions';
import { createAdmin, createGateway, createMerchant, createPerson, createRole } from '../../../test/factories';
import { call, createTestApp, login, signIn, type LoginData, type TestContext } from '../../../test/helpers';
import { nextIp } from '../../../test/onboarding';
import { accountKey, ACCOUNT_MAX_DELAY_MS } from '../../platform/attempt-limiter';
import { MINUTE_MS } from '../../platform/time';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const EN_BAD_CREDENTIALS = 'Incorrect merchant number, login name or password';

describe('POST admin/login', () => {
  it('returns the token and every part of the session payload', async () => {
    const m = await createMerchant(t.db);
    const usd = await createGateway(t.db, m, { currency: 'USD' });
    await createGateway(t.db, m, { currency: 'EUR' });
    const person = await createPerson(t.db);
    const owner = await createAdmin(t.db, m, { personId: person.id, isOwner: true });

    const res = await login(t.app, m.merchantNo, owner.loginName, owner.password, { lang: 'en_US' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(d.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(d.userInfo).toMatchObject({
      adminId: owner.id,
      loginName: owner.loginName,
      accountType: 'owner',
      merchantNo: m.merchantNo,
      sysAdmin: false,
    });
    expect(d.userInfo.permissions).toContain('TradeRecord:Refund');
    expect(d.kycInfo).toEqual({
      selectedMerAdminId: owner.id,
      currBusinessId: m.id,
      currBusinessStatus: 40,
      isInitialLogin: 0,
      requires2FA: 0,
    });
    expect(d.moduleList.map((x) => x.moduleId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(d.currencyList).toEqual([
      { code: 'EUR', name: 'Euro', minorUnits: 2 },
      { code: 'USD', name: 'US Dollar', minorUnits: 2 },
    ]);
    expect(d.moreBusinessNameList).toEqual([]);
    expect(usd.currency).toBe('USD');

    // The stored hash is argon2id and only the sha256 of the token is kept.
    const stored = await t.db.selectFrom('sessions').select('token_hash').where('admin_id', '=', owner.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.token_hash).not.toContain(d.token);
    const hash = await t.db.selectFrom('admins').select('password_hash').where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(hash.password_hash.startsWith('$argon2id$')).toBe(true);

    const ops = await t.db.selectFrom('operation_logs').selectAll().where('admin_id', '=', owner.id).execute();
    expect(ops.map((o) => o.operation)).toContain('login');
  });

  it('gives kycInfo null to an account without a person, and getInfo returns the same payload', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const res = await login(t.app, m.merchantNo, a.loginName, a.password);
    expect(res.body.data.kycInfo).toBeNull();
    const info = await call<Omit<LoginData, 'token'>>(t.app, ApiPath.getInfo, { token: res.body.data.token });
    expect(info.body.code).toBe(0);
    const { token: _token, ...rest } = res.body.data;
    expect(info.body.data).toEqual(rest);
  });

  it('answers an unknown merchant, an unknown login and a wrong password with one message', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const answers = await Promise.all([
      login(t.app, '999999999', a.loginName, a.password, { lang: 'en_US' }),
      login(t.app, m.merchantNo, 'nobody', a.password, { lang: 'en_US' }),
      login(t.app, m.merchantNo, a.loginName, 'Wrong#Pass1', { lang: 'en_US' }),
    ]);
    for (const r of answers) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ code: ErrorCode.business, msg: EN_BAD_CREDENTIALS, data: null });
    }
    const logs = await t.db.selectFrom('login_logs').selectAll().where('merchant_no', 'in', ['999999999', m.merchantNo]).execute();
    expect(logs).toHaveLength(3);
    expect(logs.every((l) => l.success === 0 && l.reason === 'login.badCredentials')).toBe(true);
  });

  it('locks after 10 consecutive failures, refuses even the right password, and logs every attempt', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const ip = nextIp();
    for (let i = 1; i <= LOGIN_MAX_FAILURES; i += 1) {
      const r = await login(t.app, m.merchantNo, a.loginName, `Wrong#Pass${i}`, {
        lang: 'en_US',
        ip,
        headers: { 'user-agent': 'lock-test' },
      });
      expect(r.body.code).not.toBe(0);
      if (i < LOGIN_MAX_FAILURES) expect(r.body.msg).toBe(EN_BAD_CREDENTIALS);
      // Past the free tries each failure makes the next one wait (lockout.test.ts); a patient guesser waits.
      t.clock.advance(ACCOUNT_MAX_DELAY_MS + 1);
    }
    const locked = await login(t.app, m.merchantNo, a.loginName, a.password, { lang: 'en_US', ip });
    expect(locked.status).toBe(200);
    expect(locked.body.code).toBe(ErrorCode.locked);
    expect(locked.body.msg).toMatch(/^The account is locked, please try again in \d+ minutes/);
    expect(locked.body.data).toBeNull();

    const logs = await t.db.selectFrom('login_logs').selectAll().where('admin_id', '=', a.id).orderBy('id').execute();
    expect(logs).toHaveLength(LOGIN_MAX_FAILURES + 1);
    expect(logs.every((l) => l.success === 0 && l.ip === ip && l.created_at > 0)).toBe(true);
    expect(logs[0]?.user_agent).toBe('lock-test');
    expect(logs.at(-1)?.reason).toBe('login.accountLocked');

    // After the lock the right password works again and the count starts over.
    t.clock.advance(LOGIN_LOCK_MINUTES * MINUTE_MS + 1);
    const ok = await login(t.app, m.merchantNo, a.loginName, a.password, { ip });
    expect(ok.body.code).toBe(0);
    const counted = await t.db
      .selectFrom('sign_in_attempts')
      .select('id')
      .where('key_hash', '=', accountKey(m.merchantNo, a.loginName))
      .execute();
    expect(counted).toEqual([]);
  });

  it('a success resets the failure count', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const ip = nextIp();
    const fail = async () => {
      await login(t.app, m.merchantNo, a.loginName, 'Wrong#Pass1', { ip });
      t.clock.advance(ACCOUNT_MAX_DELAY_MS + 1);
    };
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i += 1) await fail();
    expect((await login(t.app, m.merchantNo, a.loginName, a.password, { ip })).body.code).toBe(0);
    // A new 15-minute window for the address, so only the account's count matters here.
    t.clock.advance(15 * MINUTE_MS);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i += 1) await fail();
    expect((await login(t.app, m.merchantNo, a.loginName, a.password, { ip })).body.code).toBe(0);
  });

  it('refuses disabled and invited admins and closed merchants with their own messages', async () => {
    const m = await createMerchant(t.db);
    const disabled = await createAdmin(t.db, m, { status: AdminStatus.disabled });
    const invited = await createAdmin(t.db, m, { status: AdminStatus.invitationPending });
    const offMerchant = await createMerchant(t.db, { status: MerchantStatus.disabled });
    const offAdmin = await createAdmin(t.db, offMerchant);
    const goneMerchant = await createMerchant(t.db, { status: MerchantStatus.deleted });
    const goneAdmin = await createAdmin(t.db, goneMerchant);

    const msg = async (a: typeof disabled) => (await login(t.app, a.merchant.merchantNo, a.loginName, a.password, { lang: 'en_US' })).body;
    expect(await msg(disabled)).toMatchObject({
      code: ErrorCode.business,
      msg: 'This account is disabled, please contact your administrator',
    });
    expect((await msg(invited)).msg).toMatch(/has not accepted its invitation/);
    expect((await msg(offAdmin)).msg).toMatch(/merchant account is disabled/);
    expect((await msg(goneAdmin)).msg).toMatch(/has been closed/);
    // Without the right password the same accounts only get the generic message.
    const wrong = await login(t.app, disabled.merchant.merchantNo, disabled.loginName, 'Wrong#Pass1', { lang: 'en_US' });
    expect(wrong.body.msg).toBe(EN_BAD_CREDENTIALS);
    const reasons = await t.db
      .selectFrom('login_logs')
      .select('reason')
      .where('admin_id', 'in', [disabled.id, invited.id, offAdmin.id, goneAdmin.id])
      .execute();
    expect(reasons.map((r) => r.reason).sort()).toEqual(
      ['login.adminDisabled', 'login.badCredentials', 'login.invitationPending', 'login.merchantDeleted', 'login.merchantDisabled'].sort(),
    );
  });
});

describe('session tokens', () => {
  it('answers 401 with the translated message without a token, with a garbage token, and with a cookie only', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const token = await signIn(t.app, a);

    const none = await call(t.app, ApiPath.getInfo, { lang: 'en_US' });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: 401, msg: 'Invalid or expired session, please log in again', data: null });

    const garbage = await call(t.app, ApiPath.getInfo, { token: 'x'.repeat(43) });
    expect(garbage.status).toBe(401);
    expect(garbage.body.msg).toBe('登录状态已过期或无效，请重新登录');

    const cookieOnly = await call(t.app, ApiPath.getInfo, { headers: { cookie: `Admin-Token=${token}` } });
    expect(cookieOnly.status).toBe(401);

    expect((await call(t.app, ApiPath.getInfo, { token })).status).toBe(200);
  });

  it('expires after SESSION_IDLE_MINUTES of inactivity, measured from the last use', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const token = await signIn(t.app, a);
    const idle = t.config.sessionIdleMinutes * MINUTE_MS;

    t.clock.advance(idle - MINUTE_MS);
    expect((await call(t.app, ApiPath.getInfo, { token })).status).toBe(200);
    // That request moved last_seen_at, so another almost-idle period is still fine.
    t.clock.advance(idle - MINUTE_MS);
    expect((await call(t.app, ApiPath.getInfo, { token })).status).toBe(200);
    t.clock.advance(idle);
    const expired = await call(t.app, ApiPath.getInfo, { token, lang: 'zh_HK' });
    expect(expired.status).toBe(401);
    expect(expired.body.msg).toBe('登入狀態已過期或無效，請重新登入');
  });

  it('writes last_seen_at at most once a minute', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const token = await signIn(t.app, a);
    const seen = async () =>
      (await t.db.selectFrom('sessions').select('last_seen_at').where('admin_id', '=', a.id).executeTakeFirstOrThrow()).last_seen_at;
    const first = await seen();
    t.clock.advance(30_000);
    await call(t.app, ApiPath.getInfo, { token });
    expect(await seen()).toBe(first);
    t.clock.advance(31_000);
    await call(t.app, ApiPath.getInfo, { token });
    expect(await seen()).toBe(t.clock.now());
  });

  it('logout revokes the session', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const token = await signIn(t.app, a);
    const out = await call(t.app, ApiPath.logout, { method: 'POST', token });
    expect(out.body.code).toBe(0);
    expect((await call(t.app, ApiPath.getInfo, { token })).status).toBe(401);
    expect((await call(t.app, ApiPath.logout, { method: 'POST', token })).status).toBe(401);
    const ops = await t.db.selectFrom('operation_logs').select('operation').where('admin_id', '=', a.id).execute();
    expect(ops.map((o) => o.operation)).toEqual(['login', 'logout']);
  });

  it('a session dies when its admin is disabled', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const token = await signIn(t.app, a);
    await t.db.updateTable('admins').set({ status: AdminStatus.disabled }).where('id', '=', a.id).execute();
    expect((await call(t.app, ApiPath.getInfo, { token })).status).toBe(401);
  });

  it('while two-step verification is pending only user info and logout answer', async () => {
    const m = await createMerchant(t.db);
    const person = await createPerson(t.db, { twoFa: true });
    const a = await createAdmin(t.db, m, { personId: person.id });
    const res = await login(t.app, m.merchantNo, a.loginName, a.password);
    expect(res.body.data.kycInfo?.requires2FA).toBe(1);
    const token = res.body.data.token;
    expect((await call(t.app, ApiPath.getInfo, { token })).body.code).toBe(0);
    const blocked = await call(t.app, ApiPath.merchantSummary, { token, lang: 'en_US' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.msg).toBe('Please complete two-step verification first');
    expect((await call(t.app, ApiPath.logout, { method: 'POST', token })).body.code).toBe(0);
  });
});

describe('permissions and the module list', () => {
  it('403 with the no-permission message when the role lacks the route permission', async () => {
    const m = await createMerchant(t.db);
    const role = await createRole(t.db, m, { permissions: ['/merTradeMgr/initTradeRecordPage'] });
    const a = await createAdmin(t.db, m, { roleId: role.id });
    const token = await signIn(t.app, a);
    for (const [lang, msg] of [
      ['zh_CN', '您没有被分配此权限'],
      ['zh_HK', '您沒有被分配此權限'],
      ['en_US', 'You have not been assigned this permission'],
    ] as const) {
      const res = await call(t.app, ApiPath.loginLogs, { token, lang });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ code: 403, msg, data: null });
    }
  });

  it('filters menus by role grants and by the modules the merchant opened', async () => {
    // Merchant opened transaction (1) and funds (2) only.
    const m = await createMerchant(t.db, { modules: [1, 2] });
    const role = await createRole(t.db, m, {
      permissions: [
        '/merTradeMgr/initTradeRecordPage',
        'TradeRecord:Downloads',
        'Refundment:Apply', // operation without its menu: not granted
        '/waybill/waybillPage', // module 3 not opened: not granted
        '/log/forwardLoginLogList', // module 7 not opened: not granted
      ],
    });
    const a = await createAdmin(t.db, m, { roleId: role.id });
    const res = await login(t.app, m.merchantNo, a.loginName, a.password);
    const d = res.body.data;
    expect(d.moduleList).toEqual([
      { moduleId: 1, key: 'transaction', menuList: ['/merTradeMgr/initTradeRecordPage'] },
      { moduleId: 7, key: 'system', menuList: [...ALWAYS_ALLOWED_MENUS] },
    ]);
    expect(d.userInfo.permissions).toEqual(['TradeRecord:Downloads']);
    expect(d.userInfo.accountType).toBe('member');
    expect((await call(t.app, ApiPath.loginLogs, { token: d.token })).status).toBe(403);

    // An administrator role sees every menu of the opened modules only.
    const boss = await createAdmin(t.db, m);
    const bossModules = (await login(t.app, m.merchantNo, boss.loginName, boss.password)).body.data.moduleList;
    expect(bossModules.map((x) => x.moduleId)).toEqual([1, 2, 7]);
    expect(bossModules[0]?.menuList).toHaveLength(11);
  });
});

describe('POST merchant/updatePassword', () => {
  it('enforces the rules, changes the password, clears the forced change and revokes other sessions', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m, { forceChangePwd: true });
    const tokenA = await signIn(t.app, a);
    const tokenB = await signIn(t.app, a);
    const change = (body: Record<string, string>, lang: 'en_US' | 'zh_CN' = 'en_US') =>
      call(t.app, ApiPath.updatePassword, { token: tokenA, lang, body });

    const weak = await change({ oldPassword: a.password, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' });
    expect(weak.status).toBe(200);
    expect(weak.body.code).toBe(ErrorCode.validation);
    expect(weak.body.msg).toBe('New password: A password following the rules is required');

    const mismatch = await change({ oldPassword: a.password, newPassword: 'NewPass#2026', confirmPassword: 'NewPass#2027' }, 'zh_CN');
    expect(mismatch.body).toMatchObject({ code: ErrorCode.validation, msg: '确认密码：两次输入的密码不一致' });

    const wrongOld = await change({ oldPassword: 'Not#MyPass1', newPassword: 'NewPass#2026', confirmPassword: 'NewPass#2026' });
    expect(wrongOld.body).toMatchObject({ code: ErrorCode.business, msg: 'The old password is incorrect' });

    const same = await change({ oldPassword: a.password, newPassword: a.password, confirmPassword: a.password });
    expect(same.body).toMatchObject({ code: ErrorCode.business, msg: 'The new password must differ from the old one' });

    const good = await change({ oldPassword: a.password, newPassword: 'NewPass#2026', confirmPassword: 'NewPass#2026' });
    expect(good.body.code).toBe(0);

    expect((await call(t.app, ApiPath.getInfo, { token: tokenB })).status).toBe(401);
    const info = await call<{ userInfo: { forceChangePwd: boolean } }>(t.app, ApiPath.getInfo, { token: tokenA });
    expect(info.body.data.userInfo.forceChangePwd).toBe(false);
    expect((await login(t.app, m.merchantNo, a.loginName, a.password)).body.code).not.toBe(0);
    expect((await login(t.app, m.merchantNo, a.loginName, 'NewPass#2026')).body.code).toBe(0);
    const ops = await t.db.selectFrom('operation_logs').select('operation').where('admin_id', '=', a.id).execute();
    expect(ops.map((o) => o.operation)).toContain('updatePassword');
  });
});

describe('one password per person', () => {
  it('a change from one business applies to every business of the person and ends all their other sessions', async () => {
    const person = await createPerson(t.db);
    const m1 = await createMerchant(t.db);
    const m2 = await createMerchant(t.db);
    const other = await createMerchant(t.db);
    const a1 = await createAdmin(t.db, m1, { personId: person.id, isOwner: true });
    const a2 = await createAdmin(t.db, m2, { personId: person.id });
    const stranger = await createAdmin(t.db, other);
    const here = await signIn(t.app, a1);
    const elsewhere = await signIn(t.app, a2);
    const sameBusinessToo = await signIn(t.app, a1);
    const strangerToken = await signIn(t.app, stranger);

    const res = await call(t.app, ApiPath.updatePassword, {
      token: here,
      body: { oldPassword: a1.password, newPassword: 'Shared#Pass26', confirmPassword: 'Shared#Pass26' },
    });
    expect(res.body.code).toBe(0);

    // The old password is gone on both businesses, the new one opens both.
    for (const a of [a1, a2]) {
      expect((await login(t.app, a.merchant.merchantNo, a.loginName, a.password, { ip: nextIp() })).body.code).not.toBe(0);
      expect((await login(t.app, a.merchant.merchantNo, a.loginName, 'Shared#Pass26', { ip: nextIp() })).body.code).toBe(0);
    }
    // Every other session of the person ended, on both businesses; the one that made the change and strangers' stay.
    expect((await call(t.app, ApiPath.getInfo, { token: elsewhere })).status).toBe(401);
    expect((await call(t.app, ApiPath.getInfo, { token: sameBusinessToo })).status).toBe(401);
    expect((await call(t.app, ApiPath.getInfo, { token: here })).status).toBe(200);
    expect((await call(t.app, ApiPath.getInfo, { token: strangerToken })).status).toBe(200);
    const op = await t.db
      .selectFrom('operation_logs')
      .select('content')
      .where('admin_id', '=', a1.id)
      .where('operation', '=', 'updatePassword')
      .executeTakeFirstOrThrow();
    expect(op.content).toBe('logins=2 otherSessionsRevoked=2');
  });
});

describe('POST kyc/switchBusinessLogIn', () => {
  it('moves to a merchant linked to the same person and lists both accounts', async () => {
    const person = await createPerson(t.db);
    const m1 = await createMerchant(t.db);
    const m2 = await createMerchant(t.db);
    await createGateway(t.db, m2, { currency: 'HKD' });
    const a1 = await createAdmin(t.db, m1, { personId: person.id, isOwner: true });
    const a2 = await createAdmin(t.db, m2, { personId: person.id, isOwner: false });

    const first = await login(t.app, m1.merchantNo, a1.loginName, a1.password);
    expect(first.body.data.moreBusinessNameList).toEqual([
      expect.objectContaining({ businessId: m1.id, merchantNo: m1.merchantNo, isCreator: true, current: true }),
      expect.objectContaining({ businessId: m2.id, merchantNo: m2.merchantNo, isCreator: false, current: false }),
    ]);

    const sw = await call<LoginData>(t.app, ApiPath.switchBusiness, { token: first.body.data.token, body: { businessId: m2.id } });
    expect(sw.body.code).toBe(0);
    expect(sw.body.data.userInfo.adminId).toBe(a2.id);
    expect(sw.body.data.kycInfo?.currBusinessId).toBe(m2.id);
    expect(sw.body.data.currencyList.map((c) => c.code)).toEqual(['HKD']);
    expect(sw.body.data.moreBusinessNameList.find((b) => b.current)?.businessId).toBe(m2.id);

    expect((await call(t.app, ApiPath.getInfo, { token: first.body.data.token })).status).toBe(401);
    expect((await call(t.app, ApiPath.getInfo, { token: sw.body.data.token })).status).toBe(200);
    const logs = await t.db.selectFrom('login_logs').select(['reason', 'success']).where('admin_id', '=', a2.id).execute();
    expect(logs).toEqual([{ reason: 'login.switched', success: 1 }]);
  });

  it('refuses an unlinked merchant like a missing one and keeps the session', async () => {
    const person = await createPerson(t.db);
    const mine = await createMerchant(t.db);
    const other = await createMerchant(t.db);
    const me = await createAdmin(t.db, mine, { personId: person.id });
    await createAdmin(t.db, other, { personId: (await createPerson(t.db)).id });
    const noPerson = await createAdmin(t.db, mine);
    const token = await signIn(t.app, me);

    for (const businessId of [other.id, 987654321]) {
      const res = await call(t.app, ApiPath.switchBusiness, { token, lang: 'en_US', body: { businessId } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: ErrorCode.notFound, msg: 'The record does not exist', data: null });
    }
    const bad = await call(t.app, ApiPath.switchBusiness, { token, lang: 'en_US', body: { businessId: 'abc' } });
    expect(bad.body.code).toBe(ErrorCode.validation);
    expect(bad.body.msg).toBe('Business is invalid');
    expect((await call(t.app, ApiPath.getInfo, { token })).status).toBe(200);

    // An account with no person cannot switch anywhere, not even to its own merchant.
    const t2 = await signIn(t.app, noPerson);
    expect((await call(t.app, ApiPath.switchBusiness, { token: t2, body: { businessId: mine.id } })).body.code).toBe(ErrorCode.notFound);
  });
});
