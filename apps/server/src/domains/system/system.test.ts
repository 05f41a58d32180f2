import { beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { createAdmin, createGateway, createMerchant, createRole, type AdminRow, type MerchantRow } from '../../../test/factories';
import { call, testAppForFile, login, signIn } from '../../../test/helpers';
import { DAY_MS } from '../../platform/time';

const t = testAppForFile();

type Reminder = { id: number; content: string };
type Page<T> = { list: T[]; total: number; capped: boolean; page: number; limit: number };
type Gateway = { gatewayNo: string; name: string; currency: string; status: number };

type ReminderTexts = { content_zh_cn?: string; content_zh_hk?: string; content_en?: string };

async function addReminder(
  merchant: MerchantRow,
  text: string,
  o: { adminId?: number | null; ageDays?: number; texts?: ReminderTexts } = {},
) {
  const row = await t.db
    .insertInto('reminders')
    .values({
      merchant_id: merchant.id,
      admin_id: o.adminId ?? null,
      content_zh_cn: `${text}（简）`,
      content_zh_hk: `${text}（繁）`,
      content_en: `${text} (en)`,
      created_at: t.clock.now() - (o.ageDays ?? 0) * DAY_MS,
      ...o.texts,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('message reminders', () => {
  it('lists unread reminders of the caller oldest first in the caller language, and marks them read', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const b = await createAdmin(t.db, m);
    const newer = await addReminder(m, 'newer', { ageDays: 1 });
    const older = await addReminder(m, 'older', { ageDays: 2 });
    const forA = await addReminder(m, 'only for a', { adminId: a.id });
    const forB = await addReminder(m, 'only for b', { adminId: b.id });
    const token = await signIn(t.app, a);

    const en = await call<Reminder[]>(t.app, ApiPath.reminders, { token, lang: 'en_US' });
    expect(en.body.data).toEqual([
      { id: older, content: 'older (en)' },
      { id: newer, content: 'newer (en)' },
      { id: forA, content: 'only for a (en)' },
    ]);
    const hk = await call<Reminder[]>(t.app, ApiPath.reminders, { token, lang: 'zh_HK' });
    expect(hk.body.data[0]?.content).toBe('older（繁）');

    const read = await call(t.app, readPath(older), { method: 'PUT', token });
    expect(read.body.code).toBe(0);
    // Marking twice is harmless.
    expect((await call(t.app, readPath(older), { method: 'PUT', token })).body.code).toBe(0);
    const after = await call<Reminder[]>(t.app, ApiPath.reminders, { token });
    expect(after.body.data.map((r) => r.id)).toEqual([newer, forA]);

    // Another admin's personal reminder is not visible and cannot be marked.
    const denied = await call(t.app, readPath(forB), { method: 'PUT', token, lang: 'en_US' });
    expect(denied.body).toEqual({ code: ErrorCode.notFound, msg: 'The record does not exist', data: null });
  });

  it("cannot mark another merchant's reminder read, and nothing is written", async () => {
    const m1 = await createMerchant(t.db);
    const m2 = await createMerchant(t.db);
    const a = await createAdmin(t.db, m1);
    const theirs = await addReminder(m2, 'theirs');
    const token = await signIn(t.app, a);
    const res = await call(t.app, readPath(theirs), { method: 'PUT', token });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(ErrorCode.notFound);
    const reads = await t.db.selectFrom('reminder_reads').selectAll().where('reminder_id', '=', theirs).execute();
    expect(reads).toEqual([]);
    const bad = await call(t.app, `/messageReminder/read/abc`, { method: 'PUT', token, lang: 'en_US' });
    expect(bad.body).toMatchObject({ code: ErrorCode.validation, msg: 'ID is invalid' });
  });

  it('falls back to Simplified Chinese, then English, when the caller language has no text', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const noEnglish = await addReminder(m, 'no en', { ageDays: 2, texts: { content_en: '' } });
    const englishOnly = await addReminder(m, 'en only', { ageDays: 1, texts: { content_zh_cn: '', content_zh_hk: '' } });
    const token = await signIn(t.app, a);
    expect((await call<Reminder[]>(t.app, ApiPath.reminders, { token, lang: 'en_US' })).body.data).toEqual([
      { id: noEnglish, content: 'no en（简）' },
      { id: englishOnly, content: 'en only (en)' },
    ]);
    expect((await call<Reminder[]>(t.app, ApiPath.reminders, { token, lang: 'zh_HK' })).body.data).toEqual([
      { id: noEnglish, content: 'no en（繁）' },
      { id: englishOnly, content: 'en only (en)' },
    ]);
  });

  it('returns at most 20 at a time', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    for (let i = 0; i < 25; i += 1) await addReminder(m, `r${i}`);
    const token = await signIn(t.app, a);
    expect((await call<Reminder[]>(t.app, ApiPath.reminders, { token })).body.data).toHaveLength(20);
  });
});

function readPath(id: number): string {
  return ApiPath.readReminder.replace(':id', String(id));
}

describe('announcements', () => {
  it('pages global and own-merchant announcements newest first, in the caller language', async () => {
    const m = await createMerchant(t.db);
    const other = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const now = t.clock.now();
    const mk = (merchantId: number | null, title: string, ageDays: number) => ({
      merchant_id: merchantId,
      title_zh_cn: `${title}-cn`,
      title_zh_hk: `${title}-hk`,
      title_en: `${title}-en`,
      content_zh_cn: 'c',
      content_zh_hk: 'h',
      content_en: 'e',
      published_at: now - ageDays * DAY_MS,
    });
    await t.db
      .insertInto('announcements')
      .values([
        mk(null, 'global-old', 10),
        mk(m.id, 'mine', 1),
        mk(other.id, 'theirs', 0),
        mk(null, 'global-new', 2),
        mk(null, 'future', -3),
      ])
      .execute();
    const token = await signIn(t.app, a);
    const p1 = await call<Page<{ title: string; publishedAt: string }>>(t.app, ApiPath.announcements, {
      token,
      lang: 'en_US',
      query: { page: '1', limit: '2' },
    });
    expect(p1.body.data.total).toBe(3);
    expect(p1.body.data.list.map((x) => x.title)).toEqual(['mine-en', 'global-new-en']);
    expect(p1.body.data.list[0]?.publishedAt).toBe(new Date(now - DAY_MS).toISOString());
    const p2 = await call<Page<{ title: string }>>(t.app, ApiPath.announcements, {
      token,
      lang: 'zh_HK',
      query: { page: '2', limit: '2' },
    });
    expect(p2.body.data).toMatchObject({ page: 2, limit: 2, total: 3, capped: false });
    expect(p2.body.data.list.map((x) => x.title)).toEqual(['global-old-hk']);

    const tooBig = await call(t.app, ApiPath.announcements, { token, lang: 'en_US', query: { limit: '5000' } });
    expect(tooBig.body).toMatchObject({ code: ErrorCode.validation, msg: 'Page size must not be greater than 50' });
  });
});

describe('merchant summary', () => {
  it("returns the caller's merchant", async () => {
    const m = await createMerchant(t.db, { name: 'Summary Test Ltd.' });
    const a = await createAdmin(t.db, m);
    const token = await signIn(t.app, a);
    const res = await call(t.app, ApiPath.merchantSummary, { token });
    expect(res.body.data).toEqual({
      merchantNo: m.merchantNo,
      name: 'Summary Test Ltd.',
      status: 40,
      contractStart: '2025-01-01',
      contractEnd: '2026-12-31',
      registeredAt: '2024-01-15T00:00:00.000Z',
      services: ['visa', 'mastercard'],
    });
  });
});

describe('gateways', () => {
  let m: MerchantRow;
  let other: MerchantRow;
  let g1: Awaited<ReturnType<typeof createGateway>>;
  let g2: Awaited<ReturnType<typeof createGateway>>;
  let foreign: Awaited<ReturnType<typeof createGateway>>;
  let limited: AdminRow;
  let full: AdminRow;

  beforeAll(async () => {
    m = await createMerchant(t.db);
    other = await createMerchant(t.db);
    g1 = await createGateway(t.db, m, { currency: 'USD' });
    g2 = await createGateway(t.db, m, { currency: 'EUR' });
    foreign = await createGateway(t.db, other, { currency: 'GBP' });
    const role = await createRole(t.db, m, { permissions: ['/merchant/showMerchantDetails'] });
    limited = await createAdmin(t.db, m, { roleId: role.id, gateways: [g1] });
    full = await createAdmin(t.db, m, { roleId: role.id });
  });

  it('a member limited to one gateway lists and reads only that one', async () => {
    const res = await login(t.app, m.merchantNo, limited.loginName, limited.password);
    const token = res.body.data.token;
    expect(res.body.data.currencyList.map((c) => c.code)).toEqual(['USD']);

    const list = await call<Gateway[]>(t.app, ApiPath.gateways, { token });
    expect(list.body.data.map((g) => g.gatewayNo)).toEqual([g1.gatewayNo]);

    const mine = await call<Gateway>(t.app, `/merchant/gateways/${g1.gatewayNo}`, { token });
    expect(mine.body).toMatchObject({ code: 0, data: { gatewayNo: g1.gatewayNo, currency: 'USD' } });

    const unassigned = await call(t.app, `/merchant/gateways/${g2.gatewayNo}`, { token, lang: 'en_US' });
    const theirs = await call(t.app, `/merchant/gateways/${foreign.gatewayNo}`, { token, lang: 'en_US' });
    const missing = await call(t.app, `/merchant/gateways/12345`, { token, lang: 'en_US' });
    for (const r of [unassigned, theirs, missing]) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ code: ErrorCode.notFound, msg: 'The record does not exist', data: null });
    }
  });

  it('an admin with every gateway sees all of its merchant and none of another', async () => {
    const token = await signIn(t.app, full);
    const list = await call<Gateway[]>(t.app, ApiPath.gateways, { token });
    expect(list.body.data.map((g) => g.gatewayNo).sort()).toEqual([g1.gatewayNo, g2.gatewayNo].sort());
    expect((await call(t.app, `/merchant/gateways/${foreign.gatewayNo}`, { token })).body.code).toBe(ErrorCode.notFound);
  });

  it('a member with an empty assignment sees no gateway', async () => {
    const role = await createRole(t.db, m, { permissions: ['/merchant/showMerchantDetails'] });
    const none = await createAdmin(t.db, m, { roleId: role.id, gateways: [] });
    await t.db.updateTable('admins').set({ all_gateways: 0 }).where('id', '=', none.id).execute();
    const token = await signIn(t.app, none);
    expect((await call<Gateway[]>(t.app, ApiPath.gateways, { token })).body.data).toEqual([]);
  });

  it('rejects a malformed gateway number as a validation error naming the field', async () => {
    const token = await signIn(t.app, full);
    const res = await call(t.app, '/merchant/gateways/abc', { token, lang: 'en_US' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: ErrorCode.validation, msg: 'Gateway number is invalid' });
  });
});

describe('login log list', () => {
  it("pages the caller merchant's attempts newest first, filters by outcome, and translates the reason", async () => {
    const m = await createMerchant(t.db);
    const other = await createMerchant(t.db);
    const role = await createRole(t.db, m, { permissions: ['/log/forwardLoginLogList'] });
    const a = await createAdmin(t.db, m, { roleId: role.id });
    const stranger = await createAdmin(t.db, other);
    await login(t.app, m.merchantNo, a.loginName, 'Wrong#Pass1');
    t.clock.advance(1000);
    await login(t.app, other.merchantNo, stranger.loginName, stranger.password);
    t.clock.advance(1000);
    const token = await signIn(t.app, a);

    type Log = { id: number; loginName: string; success: boolean; reason: string; createdAt: string; ip: string };
    const all = await call<Page<Log>>(t.app, ApiPath.loginLogs, { token, lang: 'en_US' });
    expect(all.body.code).toBe(0);
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.list.map((l) => [l.success, l.reason])).toEqual([
      [true, 'Logged in'],
      [false, 'Incorrect merchant number, login name or password'],
    ]);
    expect(all.body.data.list.every((l) => l.loginName === a.loginName)).toBe(true);

    const failed = await call<Page<Log>>(t.app, ApiPath.loginLogs, { token, query: { success: 'false' } });
    expect(failed.body.data.total).toBe(1);
    expect(failed.body.data.list[0]?.success).toBe(false);

    const bad = await call(t.app, ApiPath.loginLogs, { token, lang: 'en_US', query: { success: 'maybe' } });
    expect(bad.body).toMatchObject({ code: ErrorCode.validation });
    expect(bad.body.msg).toContain('Login result');
  });
});
