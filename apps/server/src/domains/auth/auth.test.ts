import { describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@mbo/shared/limits';
import { AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import { createAdmin, createGateway, createMerchant, createPerson } from '../../../test/factories';
import { call, testAppForFile, login, signIn, type LoginData } from '../../../test/helpers';
import { nextIp } from '../../../test/onboarding';
import { accountKey, ACCOUNT_MAX_DELAY_MS } from '../../platform/attempt-limiter';
import { MINUTE_MS } from '../../platform/time';

/*
 * Signing in: the session payload, the refusals and the lock after repeated failures, and the move to
 * another business of the same person. What a session is afterwards (its token, expiry, permissions,
 * password changes) is session.test.ts.
 */

const t = testAppForFile();

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
