import { describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { AdminStatus } from '@mbo/shared/merchants';
import type { TInvitation, TInvitationInfo } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { createAdmin, createGateway, createMerchant, createPerson, createRole } from '../../../test/factories';
import { call, login, signIn, type LoginData } from '../../../test/helpers';
import { linkIn } from '../../../test/mail-server';
import { testAppWithMailForFile, uniqueEmail } from '../../../test/onboarding';
import { DAY_MS } from '../../platform/time';

const { t, mail } = testAppWithMailForFile();

async function ownerOfNewMerchant() {
  const m = await createMerchant(t.db, { name: 'Harbour Lights Ltd.' });
  const gateway = await createGateway(t.db, m);
  const person = await createPerson(t.db);
  const owner = await createAdmin(t.db, m, { personId: person.id, isOwner: true });
  const member = await createRole(t.db, m, { name: 'support', permissions: ['/merTradeMgr/initTradeRecordPage'] });
  return { m, gateway, owner, token: await signIn(t.app, owner), memberRoleId: member.id };
}

describe('inviting an administrator', () => {
  it('mails a 7-day link; accepting sets name and password, the admin becomes normal and can sign in', async () => {
    const o = await ownerOfNewMerchant();
    const email = uniqueEmail('invitee');
    const res = await call<TInvitation>(t.app, OnboardingPath.invite, {
      token: o.token,
      lang: 'en_US',
      body: { email, roleId: o.memberRoleId, gatewayNos: [o.gateway.gatewayNo] },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ email, loginName: email });
    expect(Date.parse(res.body.data.expiresAt) - t.clock.now()).toBe(7 * DAY_MS);
    const pending = await t.db.selectFrom('admins').selectAll().where('id', '=', res.body.data.adminId).executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ status: AdminStatus.invitationPending, is_owner: 0, all_gateways: 0, person_id: null });

    const invitation = mail.last(email);
    expect(invitation.subject).toBe('You are invited to administer Harbour Lights Ltd.');
    expect(invitation.text).toContain(`merchant number ${o.m.merchantNo}, login name ${email}`);
    const { token } = linkIn(invitation, '/acceptInvitation');

    const info = await call<TInvitationInfo>(t.app, OnboardingPath.invitationInfo, { query: { token } });
    expect(info.body.data).toMatchObject({ merchantNo: o.m.merchantNo, merchantName: 'Harbour Lights Ltd.', email, loginName: email });
    // No password works before acceptance.
    expect((await login(t.app, o.m.merchantNo, email, 'Anything@1')).body.code).not.toBe(0);

    const mismatch = await call(t.app, OnboardingPath.acceptInvitation, {
      lang: 'en_US',
      body: { token, name: 'Kit Lee', password: 'Welcome@2026', confirmPassword: 'Welcome@2027' },
    });
    expect(mismatch.body).toMatchObject({ code: ErrorCode.validation, msg: 'Confirm password: The two passwords differ' });
    const accepted = await call<LoginData>(t.app, OnboardingPath.acceptInvitation, {
      body: { token, name: 'Kit Lee', password: 'Welcome@2026', confirmPassword: 'Welcome@2026' },
    });
    expect(accepted.body.code).toBe(0);
    expect(accepted.body.data.userInfo).toMatchObject({ adminId: res.body.data.adminId, accountType: 'member', loginName: email });
    expect(accepted.body.data.kycInfo).toMatchObject({ currBusinessId: o.m.id, currBusinessStatus: 40, isInitialLogin: 0 });
    const admin = await t.db.selectFrom('admins').selectAll().where('id', '=', res.body.data.adminId).executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ status: AdminStatus.normal, name: 'Kit Lee' });
    expect(admin.person_id).not.toBeNull();

    expect((await login(t.app, o.m.merchantNo, email, 'Welcome@2026')).body.code).toBe(0);
    const twice = await call(t.app, OnboardingPath.acceptInvitation, {
      lang: 'en_US',
      body: { token, name: 'Kit Lee', password: 'Welcome@2026', confirmPassword: 'Welcome@2026' },
    });
    expect(twice.body.msg).toBe('The invitation link is invalid or has already been used');
    const again = await call(t.app, OnboardingPath.invite, { token: o.token, lang: 'en_US', body: { email, roleId: o.memberRoleId } });
    expect(again.body).toMatchObject({ code: ErrorCode.conflict, msg: 'An administrator with this email address already exists' });
  });

  it('answers an expired link with the §8 message, marks the invitation expired, and a resend works', async () => {
    const o = await ownerOfNewMerchant();
    const email = uniqueEmail('late');
    const inv = await call<TInvitation>(t.app, OnboardingPath.invite, { token: o.token, body: { email, roleId: o.memberRoleId } });
    const { token } = linkIn(mail.last(email), '/acceptInvitation');
    t.clock.advance(7 * DAY_MS + 1000);
    const body = { token, name: 'Late Comer', password: 'Welcome@2026', confirmPassword: 'Welcome@2026' };
    const texts = [];
    for (const lang of ['zh_CN', 'zh_HK', 'en_US'] as const)
      texts.push((await call(t.app, OnboardingPath.acceptInvitation, { lang, body })).body.msg);
    expect(texts).toEqual([
      '接受邀请失败：链接已过期，请联系管理员重新发送',
      '接受邀請失敗：連結已過期，請聯絡管理員重新發送',
      'Invitation acceptance failed: link expired, ask an administrator to resend',
    ]);
    expect((await call(t.app, OnboardingPath.invitationInfo, { query: { token } })).body.code).toBe(ErrorCode.business);
    const admin = await t.db.selectFrom('admins').select('status').where('id', '=', inv.body.data.adminId).executeTakeFirstOrThrow();
    expect(admin.status).toBe(AdminStatus.invitationExpired);

    const owner = await signIn(t.app, o.owner);
    const resent = await call(t.app, OnboardingPath.resendInvitation, { token: owner, body: { adminId: inv.body.data.adminId } });
    expect(resent.body.code).toBe(0);
    const fresh = linkIn(mail.last(email), '/acceptInvitation').token;
    expect((await call(t.app, OnboardingPath.acceptInvitation, { body: { ...body, token: fresh } })).body.code).toBe(0);
  });

  it('needs Admin:Invite, and only an administrator may grant the administrator role', async () => {
    const o = await ownerOfNewMerchant();
    const plain = await createAdmin(t.db, o.m, { roleId: o.memberRoleId });
    const denied = await call(t.app, OnboardingPath.invite, {
      token: await signIn(t.app, plain),
      body: { email: uniqueEmail(), roleId: o.memberRoleId },
    });
    expect(denied.status).toBe(403);

    // The inviter holds what the member role grants: nobody grants a permission they lack (system/admins-service.ts).
    const inviterRole = await createRole(t.db, o.m, {
      permissions: ['/admin/findManagers', 'Admin:Invite', '/merTradeMgr/initTradeRecordPage'],
    });
    const inviter = await signIn(t.app, await createAdmin(t.db, o.m, { roleId: inviterRole.id }));
    const adminRole = await t.db
      .selectFrom('roles')
      .select('id')
      .where('merchant_id', '=', o.m.id)
      .where('is_admin', '=', 1)
      .executeTakeFirstOrThrow();
    const escalate = await call(t.app, OnboardingPath.invite, { token: inviter, body: { email: uniqueEmail(), roleId: adminRole.id } });
    expect(escalate.status).toBe(403);
    expect(
      (await call(t.app, OnboardingPath.invite, { token: inviter, body: { email: uniqueEmail(), roleId: o.memberRoleId } })).body.code,
    ).toBe(0);

    const other = await ownerOfNewMerchant();
    const foreignRole = await call(t.app, OnboardingPath.invite, {
      token: inviter,
      body: { email: uniqueEmail(), roleId: other.memberRoleId },
    });
    expect(foreignRole.body.code).toBe(ErrorCode.notFound);
    const foreignGateway = await call(t.app, OnboardingPath.invite, {
      token: inviter,
      body: { email: uniqueEmail(), roleId: o.memberRoleId, gatewayNos: [other.gateway.gatewayNo] },
    });
    expect(foreignGateway.body.code).toBe(ErrorCode.notFound);
  });

  it('links an invited person who already has an account, so one code sign-in reaches both businesses', async () => {
    const o = await ownerOfNewMerchant();
    const person = await createPerson(t.db);
    const m2 = await createMerchant(t.db);
    await createAdmin(t.db, m2, { personId: person.id, isOwner: true });
    await call(t.app, OnboardingPath.invite, { token: o.token, body: { email: person.email, roleId: o.memberRoleId } });
    const { token } = linkIn(mail.last(person.email), '/acceptInvitation');
    const accepted = await call<LoginData>(t.app, OnboardingPath.acceptInvitation, {
      body: { token, name: 'Returning', password: 'Welcome@2026', confirmPassword: 'Welcome@2026' },
    });
    expect(accepted.body.data.moreBusinessNameList.map((b) => b.businessId).sort()).toEqual([o.m.id, m2.id].sort());
    const info = await call<LoginData>(t.app, ApiPath.getInfo, { token: accepted.body.data.token });
    expect(info.body.data.moreBusinessNameList.find((b) => b.current)?.businessId).toBe(o.m.id);
  });
});
