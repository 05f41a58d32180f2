import { describe, expect, it } from 'vitest';
import { NewsPath, newsDetailPath, newsReadPath, type TAnnouncementDetail, type TUnreadCount } from '@mbo/shared/announcements';
import { ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import type { TListPage } from '@mbo/shared/list';
import type { TAnnouncement } from '@mbo/shared/system';
import { MerchantPath, type TMerchantDetails } from '@mbo/shared/system-merchant';
import { createAdmin, createGateway, createMerchant, createPerson, createRole } from '../../../test/factories';
import { call, testAppForFile, signIn, signInBySso } from '../../../test/helpers';
import { nextIp } from '../../../test/onboarding';
import { PASSWORD_RECHECK_MAX_FAILURES } from '../../platform/attempt-limiter';

/*
 * Merchant details, the sign key and announcements read per administrator (issue 10), on SQLite and
 * PostgreSQL.
 */

const t = testAppForFile();

async function business() {
  const m = await createMerchant(t.db, { name: 'Lantern Goods Ltd.' });
  await t.db
    .updateTable('merchants')
    .set({
      contact: 'Mei Chan',
      document_type: 'businessLicence',
      document_no: 'BR-556677',
      industry: 'Books',
      city: 'Hong Kong',
      address: '8 Lantern Street',
      phone: '+852 2000 0000',
      fax: '+852 2000 0001',
      deduction_rate_bp: 275,
    })
    .where('id', '=', m.id)
    .execute();
  const usd = await createGateway(t.db, m);
  const eur = await createGateway(t.db, m, { currency: 'EUR' });
  await t.db.updateTable('gateways').set({ services: 'visa,mastercard,3ds' }).where('id', '=', usd.id).execute();
  await t.db
    .insertInto('merchant_bank_accounts')
    .values([
      {
        merchant_id: m.id,
        bank_name: 'Harbour Bank',
        holder: 'Lantern Goods Ltd.',
        account_no: '000111222333',
        currency: 'USD',
        is_default: 0,
        created_at: 1,
      },
      {
        merchant_id: m.id,
        bank_name: 'Harbour Bank',
        holder: 'Lantern Goods Ltd.',
        account_no: '999888777666',
        currency: 'HKD',
        is_default: 1,
        created_at: 2,
      },
    ])
    .execute();
  const owner = await createAdmin(t.db, m, { isOwner: true, personId: (await createPerson(t.db)).id });
  return { m, usd, eur, owner, ownerToken: await signIn(t.app, owner) };
}

describe('merchant details', () => {
  it('shows every spec §3 merchant field, the bank accounts masked with the default first, and the gateways with their services', async () => {
    const b = await business();
    const res = await call<TMerchantDetails>(t.app, MerchantPath.details, { token: b.ownerToken });
    expect(res.body.data).toMatchObject({
      merchantNo: b.m.merchantNo,
      name: 'Lantern Goods Ltd.',
      contact: 'Mei Chan',
      documentType: 'businessLicence',
      documentNo: 'BR-556677',
      industry: 'Books',
      region: 'overseas',
      city: 'Hong Kong',
      address: '8 Lantern Street',
      phone: '+852 2000 0000',
      fax: '+852 2000 0001',
      status: 40,
      contractStart: '2025-01-01',
      contractEnd: '2026-12-31',
      deductionRateBp: 275,
      signKeyMasked: '',
    });
    expect(res.body.data.bankAccounts.map((a) => [a.accountNoMasked, a.isDefault])).toEqual([
      ['********7666', true],
      ['********2333', false],
    ]);
    expect(JSON.stringify(res.body.data)).not.toContain('999888777666');
    expect(res.body.data.gateways).toEqual([
      {
        gatewayNo: b.usd.gatewayNo,
        name: `Gateway ${b.usd.gatewayNo}`,
        currency: 'USD',
        status: 1,
        services: ['visa', 'mastercard', '3ds'],
      },
      // A gateway without its own list shows the merchant's services.
      { gatewayNo: b.eur.gatewayNo, name: `Gateway ${b.eur.gatewayNo}`, currency: 'EUR', status: 1, services: ['visa', 'mastercard'] },
    ]);

    const role = await createRole(t.db, b.m, { permissions: ['/merchant/showMerchantDetails'] });
    const member = await signIn(t.app, await createAdmin(t.db, b.m, { roleId: role.id, gateways: [b.eur] }));
    const scoped = await call<TMerchantDetails>(t.app, MerchantPath.details, { token: member });
    expect(scoped.body.data.gateways.map((g) => g.gatewayNo)).toEqual([b.eur.gatewayNo]);
  });

  it('reveals the sign key only after the password, issues it once, and logs every reveal and every wrong password', async () => {
    const b = await business();
    const wrong = await call(t.app, MerchantPath.revealSignKey, { token: b.ownerToken, lang: 'en_US', body: { password: 'not-it' } });
    expect(wrong.body).toMatchObject({ code: ErrorCode.business, msg: 'The password is incorrect', data: null });
    const first = await call<{ signKey: string }>(t.app, MerchantPath.revealSignKey, {
      token: b.ownerToken,
      body: { password: b.owner.password },
    });
    expect(first.body.data.signKey).toMatch(/^[0-9a-f]{32}$/);
    const second = await call<{ signKey: string }>(t.app, MerchantPath.revealSignKey, {
      token: b.ownerToken,
      body: { password: b.owner.password },
    });
    expect(second.body.data.signKey).toBe(first.body.data.signKey);
    const details = await call<TMerchantDetails>(t.app, MerchantPath.details, { token: b.ownerToken });
    expect(details.body.data.signKeyMasked).toBe(`****************************${first.body.data.signKey.slice(-4)}`);
    expect(JSON.stringify(details.body.data)).not.toContain(first.body.data.signKey);

    const log = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'op_type', 'result', 'error', 'content', 'target', 'operator'])
      .where('merchant_id', '=', b.m.id)
      .where('action', '=', 'merchant.signKey.reveal')
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      {
        action: 'merchant.signKey.reveal',
        op_type: 'view',
        result: 0,
        error: 'signKey.wrongPassword',
        content: '',
        target: '',
        operator: b.owner.loginName,
      },
      {
        action: 'merchant.signKey.reveal',
        op_type: 'view',
        result: 1,
        error: '',
        content: 'signKey issued and revealed',
        target: `merchantNo=${b.m.merchantNo}`,
        operator: b.owner.loginName,
      },
      {
        action: 'merchant.signKey.reveal',
        op_type: 'view',
        result: 1,
        error: '',
        content: 'signKey revealed',
        target: `merchantNo=${b.m.merchantNo}`,
        operator: b.owner.loginName,
      },
    ]);
    for (const entry of log) expect(JSON.stringify(entry)).not.toContain(first.body.data.signKey);
  });

  it('stops reveals for 15 minutes after five wrong passwords in a row, refuses a system administrator session and a member without the operation', async () => {
    const b = await business();
    for (let i = 0; i < 5; i += 1) await call(t.app, MerchantPath.revealSignKey, { token: b.ownerToken, body: { password: `wrong-${i}` } });
    const locked = await call(t.app, MerchantPath.revealSignKey, {
      token: b.ownerToken,
      lang: 'en_US',
      body: { password: b.owner.password },
    });
    expect(locked.body.msg).toBe('Too many wrong passwords; try again in 15 minutes');
    t.clock.advance(16 * 60_000);
    const fresh = await signIn(t.app, b.owner);
    expect((await call(t.app, MerchantPath.revealSignKey, { token: fresh, body: { password: b.owner.password } })).body.code).toBe(0);

    const sso = await signInBySso(t, b.owner);
    const refused = await call(t.app, MerchantPath.revealSignKey, { token: sso, lang: 'en_US', body: { password: b.owner.password } });
    expect(refused.body.msg).toMatch(/system administrator/);
    const entry = await t.db
      .selectFrom('operation_logs')
      .select(['sys_admin', 'result'])
      .where('merchant_id', '=', b.m.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ sys_admin: 1, result: 0 });

    const role = await createRole(t.db, b.m, { permissions: ['/merchant/showMerchantDetails'] });
    const member = await createAdmin(t.db, b.m, { roleId: role.id });
    const res = await call(t.app, MerchantPath.revealSignKey, { token: await signIn(t.app, member), body: { password: member.password } });
    expect(res.status).toBe(403);
  });
});

describe('sign-key reveal through the attempt limiter', () => {
  it('checks at most five of 40 parallel wrong passwords, then refuses even the right one for 15 minutes', async () => {
    const b = await business();
    const reveal = (password: string, token = b.ownerToken) =>
      call<{ signKey: string }>(t.app, MerchantPath.revealSignKey, { token, lang: 'en_US', ip: nextIp(), body: { password } });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => reveal(`wrong-${i}`)));
    const checked = answers.filter((r) => r.body.msg === 'The password is incorrect').length;
    const refused = answers.filter((r) => r.body.msg === 'Too many wrong passwords; try again in 15 minutes').length;
    expect(checked).toBe(PASSWORD_RECHECK_MAX_FAILURES);
    expect(refused).toBe(40 - checked);

    // Per person, whichever session asks; the sign-in itself is not locked by it.
    const again = await signIn(t.app, b.owner);
    expect((await reveal(b.owner.password, again)).body.msg).toBe('Too many wrong passwords; try again in 15 minutes');
    t.clock.advance(15 * 60_000 + 1);
    expect((await reveal(b.owner.password, await signIn(t.app, b.owner))).body.data.signKey).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('announcements read per administrator', () => {
  it('counts unread announcements, shows one, marks it read for that administrator only', async () => {
    const b = await business();
    const other = await createMerchant(t.db);
    const now = t.clock.now();
    const text = (title: string) => ({
      title_zh_cn: `${title} 简`,
      title_zh_hk: `${title} 繁`,
      title_en: title,
      content_zh_cn: '内容',
      content_zh_hk: '內容',
      content_en: 'Body',
    });
    const rows = await t.db
      .insertInto('announcements')
      .values([
        { ...text('Everyone'), merchant_id: null, published_at: now - 1000 },
        { ...text('Ours'), merchant_id: b.m.id, published_at: now - 500 },
        { ...text('Theirs'), merchant_id: other.id, published_at: now - 500 },
        { ...text('Tomorrow'), merchant_id: b.m.id, published_at: now + 86_400_000 },
      ])
      .returning('id')
      .execute();
    const [everyone, ours, theirs, tomorrow] = rows.map((r) => r.id);
    const colleague = await signIn(t.app, await createAdmin(t.db, b.m));

    const unread = async (token: string) => (await call<TUnreadCount>(t.app, NewsPath.unreadCount, { token })).body.data.unread;
    const base = await unread(b.ownerToken);
    const detail = await call<TAnnouncementDetail>(t.app, newsDetailPath(ours!), { token: b.ownerToken, lang: 'zh_HK' });
    expect(detail.body.data).toMatchObject({ id: ours, title: 'Ours 繁', content: '內容', read: false });
    expect((await call(t.app, newsReadPath(ours!), { method: 'PUT', token: b.ownerToken })).body.code).toBe(0);
    expect((await call(t.app, newsReadPath(ours!), { method: 'PUT', token: b.ownerToken })).body.code).toBe(0);
    expect(await unread(b.ownerToken)).toBe(base - 1);
    expect(await unread(colleague)).toBe(base);
    expect((await call<TAnnouncementDetail>(t.app, newsDetailPath(ours!), { token: b.ownerToken })).body.data.read).toBe(true);
    expect((await call<TAnnouncementDetail>(t.app, newsDetailPath(everyone!), { token: b.ownerToken })).body.data.read).toBe(false);

    for (const hidden of [theirs!, tomorrow!]) {
      expect((await call(t.app, newsDetailPath(hidden), { token: b.ownerToken })).body.code).toBe(ErrorCode.notFound);
      expect((await call(t.app, newsReadPath(hidden), { method: 'PUT', token: b.ownerToken })).body.code).toBe(ErrorCode.notFound);
    }
    const list = await call<TListPage<TAnnouncement>>(t.app, ApiPath.announcements, { token: b.ownerToken, query: { limit: '50' } });
    expect(list.body.data.list.filter((x) => [everyone, ours].includes(x.id)).map((x) => [x.title, x.read])).toEqual([
      ['Ours 简', true],
      ['Everyone 简', false],
    ]);
    const reads = await t.db.selectFrom('announcement_reads').select('announcement_id').execute();
    expect(reads.map((r) => Number(r.announcement_id))).toEqual([ours]);
  });
});
