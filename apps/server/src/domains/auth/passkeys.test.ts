import { describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { FRESH_CHECK_CODE, FRESH_CHECK_MAX_AGE_MS, PasskeyPath } from '@mbo/shared/passkeys';
import { createAdmin, createMerchant } from '../../../test/factories';
import { call, signIn, testAppForFile, type LoginData } from '../../../test/helpers';
import { SoftAuthenticator } from '../../../test/soft-authenticator';

/*
 * Passkeys through the API with a software authenticator: registration, sign-in, the second step,
 * the fresh check, and the refusals (wrong origin or rpID, a counter set back, another merchant's
 * credential, a removed passkey).
 */

const t = testAppForFile();
type Opts = { challenge: string; rp?: { id: string }; rpId?: string };

async function owner() {
  const m = await createMerchant(t.db);
  const admin = await createAdmin(t.db, m, { isOwner: true });
  return { m, admin, token: await signIn(t.app, admin) };
}

async function register(token: string, auth: SoftAuthenticator, name = 'Laptop', o = {}) {
  const options = await call<Opts>(t.app, PasskeyPath.registerOptions, { token, body: {} });
  expect(options.body.code).toBe(0);
  return call<{ id: number }>(t.app, PasskeyPath.register, { token, body: { name, response: auth.register(options.body.data, o) } });
}

async function signInWith(
  merchantNo: string,
  auth: SoftAuthenticator,
  o: Parameters<SoftAuthenticator['assert']>[2] = {},
  cred = auth.credentials.at(-1),
) {
  const options = await call<Opts>(t.app, PasskeyPath.signInOptions, { body: {} });
  return call<LoginData>(t.app, PasskeyPath.signIn, {
    body: { merchantNo, response: auth.assert(options.body.data, cred, o) },
    lang: 'en_US',
  });
}

describe('passkeys', () => {
  it('registers, lists, signs in without password or second step, and records the use', async () => {
    const { m, admin, token } = await owner();
    const auth = new SoftAuthenticator(t.config.appUrl);
    const options = await call<Opts>(t.app, PasskeyPath.registerOptions, { token, body: {} });
    expect(options.body.data.rp?.id).toBe(new URL(t.config.appUrl).hostname);
    const reg = await register(token, auth);
    expect(reg.body).toMatchObject({ code: 0, data: { name: 'Laptop', lastUsedAt: null } });

    const stored = await t.db.selectFrom('passkeys').selectAll().where('admin_id', '=', admin.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      merchant_id: m.id,
      credential_id: auth.credentials[0]?.id.toString('base64url'),
      transports: 'internal',
    });

    const res = await signInWith(m.merchantNo, auth);
    expect(res.body.code).toBe(0);
    expect(res.body.data.userInfo.adminId).toBe(admin.id);
    const session = await t.db
      .selectFrom('sessions')
      .select(['auth_method', 'two_fa_passed'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ auth_method: 'passkey', two_fa_passed: 1 });
    const info = await call(t.app, ApiPath.getInfo, { token: res.body.data.token });
    expect(info.body.code).toBe(0);

    const list = await call<{ name: string; lastUsedAt: number | null }[]>(t.app, PasskeyPath.list, { token });
    expect(list.body.data).toEqual([expect.objectContaining({ name: 'Laptop', lastUsedAt: t.clock.now() })]);
  });

  it('refuses an answer made for another origin or rpID', async () => {
    const { m, token } = await owner();
    const auth = new SoftAuthenticator(t.config.appUrl);
    expect((await register(token, auth, 'x', { origin: 'https://evil.example' })).body.code).not.toBe(0);
    expect((await register(token, auth, 'x', { rpId: 'evil.example' })).body.code).not.toBe(0);
    expect((await register(token, auth)).body.code).toBe(0);
    const byOrigin = await signInWith(m.merchantNo, auth, { origin: 'https://evil.example' });
    expect(byOrigin.body).toMatchObject({ code: 1002, msg: 'The passkey could not be verified, please try again' });
    expect((await signInWith(m.merchantNo, auth, { rpId: 'evil.example' })).body.code).toBe(1002);
    expect((await signInWith(m.merchantNo, auth)).body.code).toBe(0);
  });

  it('refuses a counter that goes backwards (a cloned authenticator)', async () => {
    const { m, token } = await owner();
    const auth = new SoftAuthenticator(t.config.appUrl);
    await register(token, auth);
    expect((await signInWith(m.merchantNo, auth, { counter: 5 })).body.code).toBe(0);
    expect((await signInWith(m.merchantNo, auth, { counter: 3 })).body.code).toBe(1002);
    expect((await signInWith(m.merchantNo, auth, { counter: 6 })).body.code).toBe(0);
  });

  it("refuses another merchant's credential and a challenge used twice", async () => {
    const a = await owner();
    const b = await owner();
    const auth = new SoftAuthenticator(t.config.appUrl);
    await register(a.token, auth);
    expect((await signInWith(b.m.merchantNo, auth)).body.code).toBe(1002);

    const options = await call<Opts>(t.app, PasskeyPath.signInOptions, { body: {} });
    const first = auth.assert(options.body.data);
    expect((await call(t.app, PasskeyPath.signIn, { body: { merchantNo: a.m.merchantNo, response: first } })).body.code).toBe(0);
    expect((await call(t.app, PasskeyPath.signIn, { body: { merchantNo: a.m.merchantNo, response: first } })).body.code).toBe(1002);
  });

  it('removes a passkey: it no longer signs in; another admin cannot remove it', async () => {
    const a = await owner();
    const b = await owner();
    const auth = new SoftAuthenticator(t.config.appUrl);
    const reg = await register(a.token, auth);
    const id = reg.body.data.id;
    expect((await call(t.app, PasskeyPath.remove, { token: b.token, body: { id } })).body.code).toBe(1004);
    expect((await call(t.app, PasskeyPath.remove, { token: a.token, body: { id } })).body.code).toBe(0);
    expect((await signInWith(a.m.merchantNo, auth)).body.code).toBe(1002);
    expect((await call<unknown[]>(t.app, PasskeyPath.list, { token: a.token })).body.data).toEqual([]);
  });

  it('adding a passkey needs a fresh check; a passkey passes the fresh check and the second step', async () => {
    const { admin, token } = await owner();
    const auth = new SoftAuthenticator(t.config.appUrl);
    await register(token, auth);
    t.clock.advance(FRESH_CHECK_MAX_AGE_MS + 1);
    expect((await call(t.app, PasskeyPath.registerOptions, { token, body: {} })).body.code).toBe(FRESH_CHECK_CODE);

    const options = await call<Opts>(t.app, PasskeyPath.checkOptions, { token, body: {} });
    const passed = await call(t.app, PasskeyPath.freshCheck, {
      token,
      body: { method: 'passkey', response: auth.assert(options.body.data) },
    });
    expect(passed.body).toMatchObject({ code: 0, data: { checkedAt: t.clock.now() } });
    expect((await call(t.app, PasskeyPath.registerOptions, { token, body: {} })).body.code).toBe(0);

    // As the second step: a session that still needs it is replaced by one that passed it.
    await t.db.updateTable('sessions').set({ two_fa_passed: 0 }).where('admin_id', '=', admin.id).execute();
    const stepOptions = await call<Opts>(t.app, PasskeyPath.checkOptions, { token, body: {} });
    const step = await call<LoginData>(t.app, PasskeyPath.twoFactor, { token, body: { response: auth.assert(stepOptions.body.data) } });
    expect(step.body.code).toBe(0);
    const row = await t.db.selectFrom('sessions').select(['auth_method', 'two_fa_passed']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toEqual({ auth_method: 'password_passkey', two_fa_passed: 1 });
    expect((await call(t.app, ApiPath.getInfo, { token })).status).toBe(401);
  });
});
