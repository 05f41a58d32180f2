import { describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { LOGIN_LOCK_MINUTES } from '@mbo/shared/limits';
import { UnlockPath } from '@mbo/shared/sign-in-lock';
import { createAdmin, createMerchant, createOwnerWithPerson, type AdminRow } from '../../../test/factories';
import { call, testAppForFile, login, type LoginData } from '../../../test/helpers';
import { nextIp, smsCode } from '../../../test/onboarding';
import { PASSWORD_RECHECK_MAX_FAILURES } from '../../platform/attempt-limiter';
import { createSession } from '../../platform/session';
import { MINUTE_MS } from '../../platform/time';

/*
 * The password change is not a guessing oracle for whoever holds a session (issue 52): the current
 * password goes through the attempt limiter, counted before it is checked, and the limit locks the
 * account as sign-in's lock does and ends the owner's sessions. On SQLite and PostgreSQL.
 */

const t = testAppForFile();

const EN_OLD_WRONG = 'The old password is incorrect';
const EN_CHANGE_LOCKED = /^Too many wrong current passwords, please try again in \d+ minutes$/;

const personAdmin = () => createOwnerWithPerson(t.db);

async function tokenOf(a: AdminRow): Promise<string> {
  const res = await login(t.app, a.merchant.merchantNo, a.loginName, a.password, { ip: nextIp() });
  if (res.body.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

const change = (token: string, oldPassword: string, newPassword = 'Fresh#Pass2026') =>
  call(t.app, ApiPath.updatePassword, {
    token,
    lang: 'en_US',
    ip: nextIp(),
    body: { oldPassword, newPassword, confirmPassword: newPassword },
  });

describe('password change through the attempt limiter', () => {
  it('checks at most five of 40 parallel wrong current passwords; the fifth locks the account and ends every session', async () => {
    const a = await personAdmin();
    const token = await tokenOf(a);
    const otherSession = await tokenOf(a);

    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => change(token, `Wrong#Pass${i}`)));
    const wrong = answers.filter((r) => r.body.msg === EN_OLD_WRONG).length;
    const locking = answers.filter((r) => r.body.code === ErrorCode.locked);
    const refused = answers.filter((r) => r.status === 401 || (r.body.code === ErrorCode.tooMany && EN_CHANGE_LOCKED.test(r.body.msg)));
    expect(wrong).toBe(PASSWORD_RECHECK_MAX_FAILURES - 1);
    expect(locking).toHaveLength(1);
    expect(locking[0]?.body.msg).toMatch(new RegExp(`^The account is locked, please try again in ${LOGIN_LOCK_MINUTES} minutes`));
    expect(wrong + locking.length + refused.length).toBe(40);

    // Signed out everywhere, and the sign-in is locked: even the right password is refused.
    expect((await call(t.app, ApiPath.getInfo, { token })).status).toBe(401);
    expect((await call(t.app, ApiPath.getInfo, { token: otherSession })).status).toBe(401);
    expect((await login(t.app, a.merchant.merchantNo, a.loginName, a.password, { ip: nextIp() })).body.code).toBe(ErrorCode.locked);
    // A session opened another way (as a code sign-in would) cannot change the password either while locked.
    const { token: bySms } = await createSession(t.db, {
      adminId: a.id,
      merchantId: a.merchant.id,
      personId: a.personId,
      sysAdmin: false,
      twoFaPassed: true,
      ip: '127.0.0.1',
      userAgent: 'test',
      now: t.clock.now(),
    });
    const right = await change(bySms, a.password);
    expect(right.body.code).toBe(ErrorCode.tooMany);
    expect(right.body.msg).toMatch(EN_CHANGE_LOCKED);

    // The owner is told, as after ten wrong sign-ins, and the log says why.
    const mails = await t.db.selectFrom('mail_outbox').select('subject').where('to_addr', '=', a.email).execute();
    expect(mails.map((m) => m.subject)).toEqual(['Your Merchant back office account is locked']);
    const ops = await t.db.selectFrom('operation_logs').select(['operation', 'content']).where('admin_id', '=', a.id).execute();
    expect(ops).toContainEqual({ operation: 'updatePasswordLocked', content: 'logins=1 sessionsRevoked=2' });
  });

  it('the unlock code lifts both locks: the owner signs in and changes the password at once', async () => {
    const a = await personAdmin();
    const token = await tokenOf(a);
    for (let i = 1; i <= PASSWORD_RECHECK_MAX_FAILURES; i += 1) await change(token, `Wrong#Pass${i}`);
    expect((await login(t.app, a.merchant.merchantNo, a.loginName, a.password, { ip: nextIp() })).body.code).toBe(ErrorCode.locked);

    const ip = nextIp();
    const body = { merchantNo: a.merchant.merchantNo, loginName: a.loginName, password: a.password };
    expect((await call(t.app, UnlockPath.sendCode, { ip, body })).body.code).toBe(0);
    const unlocked = await call<LoginData>(t.app, UnlockPath.unlock, { ip, body: { ...body, code: await smsCode(t.db, a.mobile) } });
    expect(unlocked.body.code).toBe(0);
    expect((await change(unlocked.body.data.token, a.password)).body.code).toBe(0);
  });

  it('a login without a person is locked and signed out the same way', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const token = await tokenOf(a);
    for (let i = 1; i < PASSWORD_RECHECK_MAX_FAILURES; i += 1) expect((await change(token, `Wrong#Pass${i}`)).body.msg).toBe(EN_OLD_WRONG);
    expect((await change(token, 'Wrong#Pass9')).body.code).toBe(ErrorCode.locked);
    expect((await call(t.app, ApiPath.getInfo, { token })).status).toBe(401);
    expect((await login(t.app, m.merchantNo, a.loginName, a.password, { ip: nextIp() })).body.code).toBe(ErrorCode.locked);
    // The lock ends by itself after the sign-in lock's length.
    t.clock.advance(LOGIN_LOCK_MINUTES * MINUTE_MS + 1);
    expect((await change(await tokenOf(a), a.password)).body.code).toBe(0);
  });

  it('a right current password starts the count over', async () => {
    const a = await personAdmin();
    const token = await tokenOf(a);
    for (let i = 1; i < PASSWORD_RECHECK_MAX_FAILURES; i += 1) await change(token, `Wrong#Pass${i}`);
    // Right, but refused for the rule: the count starts over all the same.
    expect((await change(token, a.password, a.password)).body.msg).toBe('The new password must differ from the old one');
    for (let i = 1; i < PASSWORD_RECHECK_MAX_FAILURES; i += 1) expect((await change(token, `Wrong#Pass${i}`)).body.msg).toBe(EN_OLD_WRONG);
    expect((await change(token, a.password)).body.code).toBe(0);
  });
});
