import { describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { AdminStatus } from '@mbo/shared/merchants';
import { ALWAYS_ALLOWED_MENUS } from '@mbo/shared/permissions';
import { createAdmin, createMerchant, createPerson, createRole } from '../../../test/factories';
import { call, testAppForFile, login, signIn } from '../../../test/helpers';
import { nextIp } from '../../../test/onboarding';
import { MINUTE_MS } from '../../platform/time';

/*
 * A session once signed in: its token and idle expiry, logout, what its role and the merchant's
 * modules let it reach, and the password changes that end the person's other sessions. Signing in is
 * auth.test.ts.
 */

const t = testAppForFile();

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
