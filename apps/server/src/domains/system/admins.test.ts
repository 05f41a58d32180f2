import { describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { AdminStatus } from '@mbo/shared/merchants';
import type { TListPage } from '@mbo/shared/list';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { AdminPath, type TAdminRow, type TGrantable } from '@mbo/shared/system-admins';
import { createAdmin, createPerson, createRole } from '../../../test/factories';
import { business } from '../../../test/system-business';
import { call, login, signIn } from '../../../test/helpers';
import { linkIn } from '../../../test/mail-server';
import { testAppWithMailForFile, uniqueEmail } from '../../../test/onboarding';
import { DAY_MS } from '../../platform/time';

/*
 * Administrators (issue 10) on SQLite and PostgreSQL: their states, disabling and resuming, their
 * role, gateways and flags, and every privilege-escalation attempt refused with a clear message while
 * nothing changes. Roles are roles.test.ts.
 */

const { t, mail } = testAppWithMailForFile();

async function admins(token: string, query: Record<string, string> = {}) {
  return (await call<TListPage<TAdminRow>>(t.app, AdminPath.list, { token, query })).body.data;
}

async function adminRow(id: number) {
  return t.db
    .selectFrom('admins')
    .select(['status', 'role_id', 'all_gateways', 'may_view_account'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('administrators', () => {
  it('lists every state: normal, disabled, invitation pending and invitation expired (also before anyone opens the link)', async () => {
    const b = await business(t);
    const support = await createRole(t.db, b.m, { name: 'support', permissions: ['/refundment/forwardRefundmentList'] });
    await createAdmin(t.db, b.m, { roleId: support.id, loginName: 'disabled.dan', status: AdminStatus.disabled });
    await createAdmin(t.db, b.m, { roleId: support.id, loginName: 'limited.lea', gateways: [b.g2] });
    const early = uniqueEmail('early');
    await call(t.app, OnboardingPath.invite, {
      token: b.ownerToken,
      body: { email: early, roleId: support.id, gatewayNos: [b.g1.gatewayNo] },
    });
    t.clock.advance(8 * DAY_MS);
    const late = uniqueEmail('late');
    const owner = await signIn(t.app, b.owner);
    await call(t.app, OnboardingPath.invite, { token: owner, body: { email: late, roleId: support.id, mayViewAccount: true } });

    const page = await admins(owner);
    const by = (login: string) => page.list.find((a) => a.loginName === login);
    expect(page.total).toBe(5);
    expect(by(late)).toMatchObject({
      status: AdminStatus.invitationPending,
      allGateways: true,
      gatewayNos: [],
      mayViewAccount: true,
      roleName: '角色',
    });
    expect(by(early)).toMatchObject({ status: AdminStatus.invitationExpired, allGateways: false, gatewayNos: [b.g1.gatewayNo] });
    expect(by('disabled.dan')).toMatchObject({ status: AdminStatus.disabled, manageable: true });
    expect(by('limited.lea')).toMatchObject({ status: AdminStatus.normal, gatewayNos: [b.g2.gatewayNo] });
    expect(by(b.owner.loginName)).toMatchObject({ isOwner: true, isSelf: true, manageable: false });

    const expired = await admins(owner, { status: String(AdminStatus.invitationExpired) });
    expect(expired.list.map((a) => a.loginName)).toEqual([early]);
    const pending = await admins(owner, { status: String(AdminStatus.invitationPending) });
    expect(pending.list.map((a) => a.loginName)).toEqual([late]);
    expect((await admins(owner, { keyword: 'LIMITED' })).list.map((a) => a.loginName)).toEqual(['limited.lea']);
    expect((await admins(owner, { roleId: String(support.id) })).total).toBe(4);

    // Resending after the link ran out gives a new link and the pending state back.
    const expiredId = by(early)?.id ?? 0;
    expect((await call(t.app, OnboardingPath.resendInvitation, { token: owner, body: { adminId: expiredId } })).body.code).toBe(0);
    expect((await admins(owner, { status: String(AdminStatus.invitationPending) })).list.map((a) => a.loginName).sort()).toEqual(
      [early, late].sort(),
    );
    expect(linkIn(mail.last(early), '/acceptInvitation').token).toMatch(/\S+/);
  });

  it('disables a member, ending their open session at once; resumes them; the owner and oneself stay out of reach', async () => {
    const b = await business(t);
    const support = await createRole(t.db, b.m, { permissions: ['/refundment/forwardRefundmentList'] });
    const member = await createAdmin(t.db, b.m, { roleId: support.id });
    const memberToken = await signIn(t.app, member);
    expect((await call(t.app, ApiPath.getInfo, { token: memberToken })).status).toBe(200);

    const off = await call(t.app, AdminPath.disable, { token: b.ownerToken, body: { adminId: member.id } });
    expect(off.body).toMatchObject({ code: 0, data: { adminId: member.id, status: AdminStatus.disabled } });
    expect((await call(t.app, ApiPath.getInfo, { token: memberToken })).status).toBe(401);
    expect((await login(t.app, b.m.merchantNo, member.loginName, member.password)).body.code).not.toBe(0);
    const revoked = await t.db.selectFrom('sessions').select('revoked_at').where('admin_id', '=', member.id).execute();
    expect(revoked.every((s) => s.revoked_at !== null)).toBe(true);

    const again = await call(t.app, AdminPath.disable, { token: b.ownerToken, lang: 'en_US', body: { adminId: member.id } });
    expect(again.body.msg).toBe('Only an administrator in the normal state can be disabled or reset');
    expect((await call(t.app, AdminPath.resume, { token: b.ownerToken, body: { adminId: member.id } })).body.code).toBe(0);
    expect((await login(t.app, b.m.merchantNo, member.loginName, member.password)).body.code).toBe(0);

    // A second administrator-role holder cannot touch the owner; nobody can disable themselves.
    const deputy = await createAdmin(t.db, b.m, { roleId: b.adminRoleId });
    const deputyToken = await signIn(t.app, deputy);
    for (const path of [AdminPath.disable, AdminPath.resetPassword]) {
      const res = await call(t.app, path, { token: deputyToken, lang: 'en_US', body: { adminId: b.ownerId } });
      expect(res.body.msg).toBe("The merchant's owner account cannot be changed");
    }
    const update = await call(t.app, AdminPath.update, {
      token: deputyToken,
      lang: 'en_US',
      body: { adminId: b.ownerId, roleId: support.id, gatewayNos: [], mayViewAccount: false },
    });
    expect(update.body.msg).toBe("The merchant's owner account cannot be changed");
    const self = await call(t.app, AdminPath.disable, { token: deputyToken, lang: 'en_US', body: { adminId: deputy.id } });
    expect(self.body.msg).toBe('You cannot disable or lower your own account');
    expect((await adminRow(b.ownerId)).status).toBe(AdminStatus.normal);
    expect((await adminRow(deputy.id)).status).toBe(AdminStatus.normal);
  });

  it('changes role, gateways and the account-dynamics flag; the member then sees only that gateway', async () => {
    const b = await business(t);
    const support = await createRole(t.db, b.m, { permissions: ['/merchant/showMerchantDetails'] });
    const member = await createAdmin(t.db, b.m, { roleId: support.id });
    const res = await call(t.app, AdminPath.update, {
      token: b.ownerToken,
      body: { adminId: member.id, roleId: support.id, gatewayNos: [b.g2.gatewayNo], mayViewAccount: true },
    });
    expect(res.body.code).toBe(0);
    expect(await adminRow(member.id)).toMatchObject({ all_gateways: 0, may_view_account: 1 });
    const token = await signIn(t.app, member);
    const gateways = await call<{ gatewayNo: string }[]>(t.app, ApiPath.gateways, { token });
    expect(gateways.body.data.map((g) => g.gatewayNo)).toEqual([b.g2.gatewayNo]);
  });

  it('refuses every escalation with a clear message and changes nothing', async () => {
    const b = await business(t);
    const other = await business(t);
    const small = await createRole(t.db, b.m, { permissions: ['/refundment/forwardRefundmentList'] });
    const big = await createRole(t.db, b.m, { permissions: ['/refundment/forwardRefundmentList', '/role/findRoles', 'Role:Edit'] });
    const managerRole = await createRole(t.db, b.m, {
      permissions: [
        '/admin/findManagers',
        'Admin:Invite',
        'Admin:Edit',
        'Admin:Disable',
        'Admin:ResetPassword',
        '/refundment/forwardRefundmentList',
      ],
    });
    const manager = await createAdmin(t.db, b.m, { roleId: managerRole.id, gateways: [b.g1] });
    const token = await signIn(t.app, manager);
    const target = await createAdmin(t.db, b.m, { roleId: small.id, gateways: [b.g1] });
    const boss = await createAdmin(t.db, b.m, { roleId: b.adminRoleId });
    const before = await adminRow(target.id);
    const adminCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('admins')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('merchant_id', '=', b.m.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const count = await adminCount();

    const attempts: [string, unknown, string][] = [
      [
        AdminPath.update,
        { adminId: target.id, roleId: big.id, gatewayNos: [b.g1.gatewayNo], mayViewAccount: false },
        'You cannot grant this role: it holds permissions you do not hold yourself',
      ],
      [
        AdminPath.update,
        { adminId: target.id, roleId: b.adminRoleId, gatewayNos: [b.g1.gatewayNo], mayViewAccount: false },
        'You cannot grant this role: it holds permissions you do not hold yourself',
      ],
      [
        AdminPath.update,
        { adminId: target.id, roleId: small.id, gatewayNos: [b.g2.gatewayNo], mayViewAccount: false },
        'You can only assign gateways you can access yourself',
      ],
      [
        AdminPath.update,
        { adminId: target.id, roleId: small.id, gatewayNos: [], mayViewAccount: false },
        'You can only assign gateways you can access yourself',
      ],
      [AdminPath.disable, { adminId: boss.id }, "This administrator's role or gateways go beyond yours, so you cannot change them"],
      [
        OnboardingPath.invite,
        { email: uniqueEmail(), roleId: big.id, gatewayNos: [b.g1.gatewayNo] },
        'You cannot grant this role: it holds permissions you do not hold yourself',
      ],
      [
        OnboardingPath.invite,
        { email: uniqueEmail(), roleId: small.id, gatewayNos: [other.g1.gatewayNo] },
        `Gateway number ${other.g1.gatewayNo} does not exist`,
      ],
      [OnboardingPath.invite, { email: uniqueEmail(), roleId: small.id }, 'You can only assign gateways you can access yourself'],
    ];
    for (const [path, body, msg] of attempts) {
      const res = await call(t.app, path, { token, lang: 'en_US', body });
      expect(res.body.code, `${path} ${JSON.stringify(body)}`).not.toBe(0);
      expect(res.body.msg).toBe(msg);
    }
    expect(await adminRow(target.id)).toEqual(before);
    expect((await adminRow(boss.id)).status).toBe(AdminStatus.normal);
    expect(await adminCount()).toBe(count);

    // Within their own reach the same manager may act.
    const ok = await call(t.app, AdminPath.update, {
      token,
      body: { adminId: target.id, roleId: small.id, gatewayNos: [b.g1.gatewayNo], mayViewAccount: true },
    });
    expect(ok.body.code).toBe(0);
    const grantable = await call<TGrantable>(t.app, AdminPath.grantable, { token });
    expect(grantable.body.data.allGateways).toBe(false);
    expect(grantable.body.data.gateways.map((g) => g.gatewayNo)).toEqual([b.g1.gatewayNo]);
    expect(
      grantable.body.data.roles
        .filter((r) => r.grantable)
        .map((r) => r.id)
        .sort(),
    ).toEqual([small.id, managerRole.id].sort());
  });

  it('mails a password reset link to the administrator; refuses one without a verified email', async () => {
    const b = await business(t);
    const support = await createRole(t.db, b.m, { permissions: ['/refundment/forwardRefundmentList'] });
    const person = await createPerson(t.db);
    const member = await createAdmin(t.db, b.m, { roleId: support.id, personId: person.id });
    const res = await call(t.app, AdminPath.resetPassword, { token: b.ownerToken, body: { adminId: member.id } });
    expect(res.body.code).toBe(0);
    expect(linkIn(mail.last(person.email), '/resetPassword').token.length).toBeGreaterThan(20);

    const legacy = await createAdmin(t.db, b.m, { roleId: support.id });
    const refused = await call(t.app, AdminPath.resetPassword, { token: b.ownerToken, lang: 'en_US', body: { adminId: legacy.id } });
    expect(refused.body.msg).toBe('This administrator has no verified email, so no password reset mail can be sent');
  });
});
