import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { AdminStatus } from '@mbo/shared/merchants';
import type { TListPage } from '@mbo/shared/list';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { RefundPath } from '@mbo/shared/refunds';
import { AdminPath, type TAdminRow, type TGrantable } from '@mbo/shared/system-admins';
import { RolePath, type TRole } from '@mbo/shared/system-roles';
import {
  createAdmin,
  createGateway,
  createMerchant,
  createPerson,
  createRole,
  type AdminRow,
  type GatewayRow,
  type MerchantRow,
} from '../../../test/factories';
import { call, createTestApp, login, signIn, type TestContext } from '../../../test/helpers';
import { linkIn, startMailServer, type MailServer } from '../../../test/mail-server';
import { uniqueEmail } from '../../../test/onboarding';
import { DAY_MS } from '../../platform/time';

/*
 * Roles and administrators (issue 10) on SQLite and PostgreSQL: the permission editor's rules, the
 * administrator states, and every privilege-escalation attempt refused with a clear message while
 * nothing changes.
 */

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

type Biz = { m: MerchantRow; g1: GatewayRow; g2: GatewayRow; owner: AdminRow; ownerToken: string; ownerId: number; adminRoleId: number };

async function business(): Promise<Biz> {
  const m = await createMerchant(t.db);
  const g1 = await createGateway(t.db, m);
  const g2 = await createGateway(t.db, m, { currency: 'EUR' });
  const adminRole = await createRole(t.db, m, { isAdmin: true, name: 'administrator' });
  const owner = await createAdmin(t.db, m, { isOwner: true, roleId: adminRole.id, personId: (await createPerson(t.db)).id });
  return { m, g1, g2, owner, ownerToken: await signIn(t.app, owner), ownerId: owner.id, adminRoleId: adminRole.id };
}

const roleBody = (name: string, permissions: string[] = ['/refundment/forwardRefundmentList']) => ({
  name,
  nameCn: '客服',
  nameEn: 'Support',
  description: 'Answers customers',
  permissions,
});

async function roles(token: string, query: Record<string, string> = {}) {
  return (await call<TListPage<TRole>>(t.app, RolePath.list, { token, query })).body.data;
}

async function roleCount(m: MerchantRow): Promise<number> {
  const r = await t.db
    .selectFrom('roles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('merchant_id', '=', m.id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('roles and the permission editor', () => {
  it('adds a role with names, description and permissions; the administrator role is listed but locked', async () => {
    const b = await business();
    const added = await call<{ roleId: number }>(t.app, RolePath.add, {
      token: b.ownerToken,
      body: roleBody('support', ['/refundment/forwardRefundmentList', 'Refundment:Downloads', '/merchant/showMerchantDetails']),
    });
    expect(added.body.code).toBe(0);
    const page = await roles(b.ownerToken);
    expect(page.list.map((r) => r.name)).toEqual(['administrator', 'support']);
    const admin = page.list[0]!;
    expect(admin).toMatchObject({ isAdmin: true, lock: 'administrator', holders: 1 });
    expect(admin.permissions).toContain('Role:Edit');
    expect(page.list[1]).toMatchObject({
      id: added.body.data.roleId,
      nameCn: '客服',
      nameEn: 'Support',
      description: 'Answers customers',
      holders: 0,
      lock: null,
      permissions: ['/refundment/forwardRefundmentList', '/merchant/showMerchantDetails', 'Refundment:Downloads'],
    });
    expect((await roles(b.ownerToken, { keyword: 'SUPP' })).list.map((r) => r.name)).toEqual(['support']);

    for (const action of [RolePath.update, RolePath.delete]) {
      const res = await call(t.app, action, { token: b.ownerToken, lang: 'en_US', body: { ...roleBody('x'), roleId: b.adminRoleId } });
      expect(res.body).toMatchObject({
        code: ErrorCode.business,
        msg: 'The administrator role holds every permission and cannot be changed or deleted',
      });
    }
  });

  it('refuses a duplicate name in any letter case, empty names, a 10,000-character description, unknown codes and a lone operation', async () => {
    const b = await business();
    expect((await call(t.app, RolePath.add, { token: b.ownerToken, body: roleBody('Finance') })).body.code).toBe(0);
    const before = await roleCount(b.m);
    const bad: [unknown, number, RegExp][] = [
      [roleBody('finance'), ErrorCode.conflict, /^Role name already exists$/],
      [roleBody('  FINANCE '), ErrorCode.conflict, /^Role name already exists$/],
      [roleBody('   '), ErrorCode.validation, /Name/],
      [{ ...roleBody('Ops'), nameCn: '' }, ErrorCode.validation, /Chinese name/],
      [{ ...roleBody('Ops'), nameEn: '' }, ErrorCode.validation, /English name/],
      [{ ...roleBody('Ops'), description: 'x'.repeat(10_000) }, ErrorCode.validation, /Description.*200/],
      [roleBody('Ops', ['/refundment/forwardRefundmentList', 'Refundment:Everything']), ErrorCode.validation, /Permissions/],
      [roleBody('Ops', ['Refundment:Downloads']), ErrorCode.business, /Refundment:Downloads.*screen/],
      [roleBody('Line\nbreak'), ErrorCode.validation, /control characters/],
    ];
    for (const [body, code, msg] of bad) {
      const res = await call(t.app, RolePath.add, { token: b.ownerToken, lang: 'en_US', body });
      expect(res.body.code, JSON.stringify(body).slice(0, 80)).toBe(code);
      expect(res.body.msg).toMatch(msg);
    }
    expect(await roleCount(b.m)).toBe(before);

    const zh = await call(t.app, RolePath.add, { token: b.ownerToken, body: roleBody('FINANCE') });
    expect(zh.body.msg).toBe('角色名称已存在');
    // Renaming another role onto a taken name is refused the same way.
    const other = await call<{ roleId: number }>(t.app, RolePath.add, { token: b.ownerToken, body: roleBody('Audit') });
    const rename = await call(t.app, RolePath.update, {
      token: b.ownerToken,
      lang: 'en_US',
      body: { ...roleBody('fInAnCe'), roleId: other.body.data.roleId },
    });
    expect(rename.body).toMatchObject({ code: ErrorCode.conflict, msg: 'Role name already exists' });
  });

  it("treats another business's role id as missing, and changes nothing there", async () => {
    const a = await business();
    const b = await business();
    const theirs = await call<{ roleId: number }>(t.app, RolePath.add, { token: b.ownerToken, body: roleBody('theirs') });
    for (const path of [RolePath.update, RolePath.delete]) {
      const res = await call(t.app, path, { token: a.ownerToken, body: { ...roleBody('mine'), roleId: theirs.body.data.roleId } });
      expect(res.body.code).toBe(ErrorCode.notFound);
    }
    expect((await roles(b.ownerToken)).list.find((r) => r.id === theirs.body.data.roleId)?.name).toBe('theirs');
  });

  it('refuses to delete a role in use, naming who holds it; deletes it once nobody does', async () => {
    const b = await business();
    const role = await call<{ roleId: number }>(t.app, RolePath.add, { token: b.ownerToken, body: roleBody('cashier') });
    const holder = await createAdmin(t.db, b.m, { roleId: role.body.data.roleId, loginName: 'cashier.amy' });
    const refused = await call(t.app, RolePath.delete, { token: b.ownerToken, lang: 'en_US', body: { roleId: role.body.data.roleId } });
    expect(refused.body).toMatchObject({ code: ErrorCode.business, msg: 'The role is in use and cannot be deleted. Held by: cashier.amy' });
    await t.db.updateTable('admins').set({ role_id: b.adminRoleId }).where('id', '=', holder.id).execute();
    expect((await call(t.app, RolePath.delete, { token: b.ownerToken, body: { roleId: role.body.data.roleId } })).body.code).toBe(0);
    expect((await roles(b.ownerToken)).list.map((r) => r.name)).toEqual(['administrator']);
  });

  it('gives the holders the new permissions on their next request, without signing in again', async () => {
    const b = await business();
    const role = await call<{ roleId: number }>(t.app, RolePath.add, { token: b.ownerToken, body: roleBody('viewer') });
    const member = await signIn(t.app, await createAdmin(t.db, b.m, { roleId: role.body.data.roleId }));
    const query = { from: '2026-01-01', to: '2026-01-31' };
    expect((await call(t.app, RefundPath.list, { token: member, query })).status).toBe(200);
    await call(t.app, RolePath.update, {
      token: b.ownerToken,
      body: { ...roleBody('viewer', ['/merchant/showMerchantDetails']), roleId: role.body.data.roleId },
    });
    expect((await call(t.app, RefundPath.list, { token: member, query })).status).toBe(403);
    const info = await call<{ moduleList: { menuList: string[] }[] }>(t.app, ApiPath.getInfo, { token: member });
    expect(info.body.data.moduleList.flatMap((mod) => mod.menuList)).toContain('/merchant/showMerchantDetails');
    expect(info.body.data.moduleList.flatMap((mod) => mod.menuList)).not.toContain('/refundment/forwardRefundmentList');
  });

  it('lets a member with Role:Edit grant only what they hold, and never change their own role', async () => {
    const b = await business();
    const editorRole = await createRole(t.db, b.m, { permissions: ['/role/findRoles', 'Role:Edit', '/refundment/forwardRefundmentList'] });
    const editor = await signIn(t.app, await createAdmin(t.db, b.m, { roleId: editorRole.id }));
    const before = await roleCount(b.m);
    const grab = await call(t.app, RolePath.add, {
      token: editor,
      lang: 'en_US',
      body: roleBody('grab', ['/refundment/forwardRefundmentList', '/admin/findManagers', 'Admin:Edit']),
    });
    expect(grab.status).toBe(403);
    expect(grab.body.msg).toBe('You cannot grant permissions you do not hold yourself: /admin/findManagers, Admin:Edit');
    expect(await roleCount(b.m)).toBe(before);

    const own = await call(t.app, RolePath.update, {
      token: editor,
      lang: 'en_US',
      body: { ...roleBody('self', ['/role/findRoles', 'Role:Edit', '/refundment/forwardRefundmentList']), roleId: editorRole.id },
    });
    expect(own.body.msg).toBe('You cannot change or delete a role you hold yourself');
    const list = await roles(editor);
    expect(list.list.find((r) => r.id === editorRole.id)?.lock).toBe('ownRole');
    expect(list.list.find((r) => r.isAdmin)?.lock).toBe('administrator');
    expect((await call(t.app, RolePath.add, { token: editor, body: roleBody('refund desk') })).body.code).toBe(0);
  });
});

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
    const b = await business();
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
    const b = await business();
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
    const b = await business();
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
    const b = await business();
    const other = await business();
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
    const b = await business();
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
