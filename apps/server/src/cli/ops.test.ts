import { describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { createAdmin, createMerchant, createPerson } from '../../test/factories';
import { opsOf } from '../../test/ops-harness';
import { call, type LoginData, testAppForFile } from '../../test/helpers';
import { validProfile } from '../../test/kyc-profile';
import { createApplicant, nextIp, uniqueEmail, uniqueMobile } from '../../test/onboarding';
import { multipartBody, pdfFile, pngFile } from '../../test/files';
import { API_BASE } from '@mbo/shared/api-paths';

/*
 * The operator commands run in-process against the test database (SQLite or PostgreSQL), with mail
 * and SMS kept in the outbox tables, exactly as `npm run ops -- ...` runs them from a shell.
 */

const t = testAppForFile({ config: { appUrl: 'https://ops.example.test' } });
const ops = opsOf(t);

async function submittedApplicant() {
  const a = await createApplicant(t);
  const up = async (field: string, name: string, content: Buffer) => {
    const { payload, headers } = multipartBody({ businessId: String(a.businessId), field }, [{ name, content }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${OnboardingPath.kycUpload}`,
      headers: { ...headers, 'x-auth-token': a.token },
      payload,
    });
    return res.json<{ data: { fileId: number }[] }>().data.map((f) => f.fileId);
  };
  const profile = validProfile({
    documentFileIds: await up('businessDocuments', 'cert.pdf', pdfFile()),
    idPhotoFileIds: await up('idPhotos', 'id.png', pngFile()),
  });
  for (const step of ['business', 'industry', 'bank', 'owners', 'declaration'] as const) {
    await call(t.app, OnboardingPath.kycSaveDraft, { token: a.token, body: { businessId: a.businessId, step, data: profile[step] } });
  }
  expect((await call(t.app, OnboardingPath.kycSubmit, { token: a.token, body: { businessId: a.businessId } })).body.code).toBe(0);
  return a;
}

describe('npm run ops', () => {
  it('lists every onboarding command in --help', async () => {
    const { code, out } = await ops('--help');
    expect(code).toBe(0);
    for (const name of [
      'mail:list',
      'mail:show',
      'sms:list',
      'kyc:list',
      'kyc:show',
      'kyc:approve',
      'kyc:reject',
      'admin:invite',
      'sso:ticket',
    ]) {
      expect(out).toContain(name);
    }
    expect((await ops('kyc:reject', '--help')).out).toBe('Usage: npm run ops -- kyc:reject <businessId> --reason "..."');
  });

  it('reviews KYC: list, show, approve (activates and mails), reject with a reason', async () => {
    const a = await submittedApplicant();
    const b = await submittedApplicant();
    const list = await ops('kyc:list', '--state', 'underReview');
    expect(list.out).toContain(`business ${a.businessId}`);
    expect(list.out).toContain(a.merchantNo);

    const show = await ops('kyc:show', String(a.businessId));
    expect(show.code).toBe(0);
    expect(show.out).toContain('review state: underReview');
    expect(show.out).toContain('"legalName": "Kowloon Lantern Trading Limited"');
    expect(show.out).toMatch(/businessDocuments\s+application\/pdf/);

    const approved = await ops('kyc:approve', String(a.businessId));
    expect(approved.out).toContain(`gateway ${a.merchantNo}01`);
    const info = await call<LoginData>(t.app, ApiPath.getInfo, { token: a.token });
    expect(info.body.data.kycInfo).toMatchObject({ currBusinessStatus: MerchantStatus.normal, isInitialLogin: 0 });
    const again = await ops('kyc:approve', String(a.businessId));
    expect(again).toMatchObject({ code: 1, err: 'error: The profile is not under review' });

    expect((await ops('kyc:reject', String(b.businessId))).code).toBe(2);
    const rejected = await ops('kyc:reject', String(b.businessId), '--reason', 'Registration number does not match the certificate');
    expect(rejected.code).toBe(0);
    const status = await call<{ reviewState: string; rejectReason: string }>(t.app, OnboardingPath.kycStatus, {
      token: b.token,
      query: { businessId: String(b.businessId) },
    });
    expect(status.body.data).toMatchObject({ reviewState: 'rejected', rejectReason: 'Registration number does not match the certificate' });

    const mails = await ops('mail:list', '--to', b.email);
    expect(mails.out).toMatch(/outbox .* was not approved/);
    const id = /#(\d+)/.exec(mails.out)?.[1] ?? '';
    const shown = await ops('mail:show', id);
    expect(shown.out).toContain('Registration number does not match the certificate');
    expect(shown.out).toContain('https://ops.example.test/activate');
    expect((await ops('kyc:show', '999999')).code).toBe(2);
  });

  it('invites an administrator and prints an SSO link that works once', async () => {
    const m = await createMerchant(t.db);
    const person = await createPerson(t.db);
    const owner = await createAdmin(t.db, m, { personId: person.id, isOwner: true });
    const email = uniqueEmail('ops');
    const invited = await ops('admin:invite', '--merchant', m.merchantNo, '--email', email);
    expect(invited.code).toBe(0);
    expect(invited.out).toContain(`invited ${email}`);
    const admin = await t.db
      .selectFrom('admins')
      .select(['status'])
      .where('merchant_id', '=', m.id)
      .where('login_name', '=', email)
      .executeTakeFirstOrThrow();
    expect(admin.status).toBe(AdminStatus.invitationPending);
    const mail = await t.db.selectFrom('mail_outbox').select('text_body').where('to_addr', '=', email).executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('https://ops.example.test/acceptInvitation?token=');
    expect((await ops('admin:invite', '--merchant', m.merchantNo, '--email', uniqueEmail(), '--role', 'nope')).code).toBe(2);

    const sso = await ops('sso:ticket', '--merchant', m.merchantNo);
    const ticket = /ticket=([A-Za-z0-9_-]+)/.exec(sso.out)?.[1];
    expect(sso.out).toMatch(/^https:\/\/ops\.example\.test\/sso\?ticket=/);
    const first = await call<LoginData>(t.app, OnboardingPath.loginBySysAdmin, { body: { ticket } });
    expect(first.body.data.userInfo).toMatchObject({ adminId: owner.id, sysAdmin: true });
    expect((await call(t.app, OnboardingPath.loginBySysAdmin, { body: { ticket } })).body.code).not.toBe(0);
  });

  it('lists SMS with their text', async () => {
    const mobile = uniqueMobile();
    await call(t.app, OnboardingPath.captchaSms, { ip: nextIp(), body: { purpose: 'signup', channel: 'sms', target: mobile } });
    const { out } = await ops('sms:list', '--to', mobile);
    expect(out).toMatch(new RegExp(`outbox .* \\${mobile} +【商户后台】您的注册验证码为 \\d{6}`));
  });
});
