import { describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import type { TListPage } from '@mbo/shared/list';
import { RefundPath } from '@mbo/shared/refunds';
import { RolePath, type TRole } from '@mbo/shared/system-roles';
import { createAdmin, createRole, type MerchantRow } from '../../../test/factories';
import { business } from '../../../test/system-business';
import { call, testAppForFile, signIn } from '../../../test/helpers';

/*
 * Roles (issue 10) on SQLite and PostgreSQL: the permission editor's rules, what a role's holders may
 * do once it changes, and the grants a member may make. Administrators are admins.test.ts.
 */

const t = testAppForFile();

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
    const b = await business(t);
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
    const b = await business(t);
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
    const a = await business(t);
    const b = await business(t);
    const theirs = await call<{ roleId: number }>(t.app, RolePath.add, { token: b.ownerToken, body: roleBody('theirs') });
    for (const path of [RolePath.update, RolePath.delete]) {
      const res = await call(t.app, path, { token: a.ownerToken, body: { ...roleBody('mine'), roleId: theirs.body.data.roleId } });
      expect(res.body.code).toBe(ErrorCode.notFound);
    }
    expect((await roles(b.ownerToken)).list.find((r) => r.id === theirs.body.data.roleId)?.name).toBe('theirs');
  });

  it('refuses to delete a role in use, naming who holds it; deletes it once nobody does', async () => {
    const b = await business(t);
    const role = await call<{ roleId: number }>(t.app, RolePath.add, { token: b.ownerToken, body: roleBody('cashier') });
    const holder = await createAdmin(t.db, b.m, { roleId: role.body.data.roleId, loginName: 'cashier.amy' });
    const refused = await call(t.app, RolePath.delete, { token: b.ownerToken, lang: 'en_US', body: { roleId: role.body.data.roleId } });
    expect(refused.body).toMatchObject({ code: ErrorCode.business, msg: 'The role is in use and cannot be deleted. Held by: cashier.amy' });
    await t.db.updateTable('admins').set({ role_id: b.adminRoleId }).where('id', '=', holder.id).execute();
    expect((await call(t.app, RolePath.delete, { token: b.ownerToken, body: { roleId: role.body.data.roleId } })).body.code).toBe(0);
    expect((await roles(b.ownerToken)).list.map((r) => r.name)).toEqual(['administrator']);
  });

  it('gives the holders the new permissions on their next request, without signing in again', async () => {
    const b = await business(t);
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
    const b = await business(t);
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
