import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import type { TListPage } from '@mbo/shared/list';
import { WebsitePath, WebsiteStatus, type TWebsite, type TWebsiteUploadResult } from '@mbo/shared/websites';
import { createAdmin, createMerchant, createRole } from '../../../test/factories';
import { multipartBody, pngFile } from '../../../test/files';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { shopForFile } from '../../../test/signed-in-shop';
import { opsHarness } from '../../../test/ops-harness';
import { findUsableWebsiteHosts } from './repository';

const CHECKLIST = { refundPolicy: true, contactInfo: true, termsOfService: true, shippingPolicy: true, testOrdersAllowed: true };

const t = testAppForFile();
const shop = shopForFile(t);

async function upload(name: string, content: string | Buffer, o: { tok?: string; checklist?: unknown } = {}) {
  const fields = o.checklist === undefined ? { checklist: JSON.stringify(CHECKLIST) } : { checklist: JSON.stringify(o.checklist) };
  const { payload, headers } = multipartBody(
    fields,
    [{ name, content: Buffer.isBuffer(content) ? content : Buffer.from(content) }],
    'file',
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}${WebsitePath.upload}`,
    headers: { ...headers, 'x-auth-token': o.tok ?? shop.token, lang: 'en_US' },
    payload,
  });
  await t.app.background.idle();
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: TWebsiteUploadResult }>() };
}

async function list(tok = shop.token, query: Record<string, string> = {}) {
  const res = await call<TListPage<TWebsite>>(t.app, WebsitePath.list, { token: tok, query });
  expect(res.body.code).toBe(0);
  return res.body.data.list;
}

describe('websites', () => {
  it('adds one website after the checklist, normalised, pending review, and mails the review team', async () => {
    const res = await call<TWebsiteUploadResult>(t.app, WebsitePath.add, {
      token: shop.token,
      lang: 'en_US',
      body: { url: 'HTTPS://Shop.Example.COM:443/', type: 1, averageAmount: '35.50', currency: 'USD', checklist: CHECKLIST },
    });
    expect(res.body.code).toBe(0);
    // No SMTP_URL in tests: the mail waits in the outbox, the outcome says so.
    expect(res.body.data.outcome).toBe('noMail');
    expect(res.body.data.accepted).toBe(1);
    const rows = await list();
    expect(rows[0]).toMatchObject({ url: 'https://shop.example.com', averageAmount: 3550, currency: 'USD', status: WebsiteStatus.pending });
    const mail = await t.db.selectFrom('mail_outbox').select(['to_addr', 'text_body']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.to_addr).toBe(t.config.websiteReviewEmail);
    expect(mail.text_body).toContain('https://shop.example.com');

    const again = await call<TWebsiteUploadResult>(t.app, WebsitePath.add, {
      token: shop.token,
      body: { url: 'https://shop.example.com', type: 1, averageAmount: '1', currency: 'USD', checklist: CHECKLIST },
    });
    expect(again.body.data.outcome).toBe('duplicate');
  });

  it('refuses an add without every checklist item, a bad URL, or a platform store without its URL', async () => {
    const base = { url: 'https://a.example.com', type: 1, averageAmount: '1', currency: 'USD', checklist: CHECKLIST };
    for (const body of [
      { ...base, checklist: { ...CHECKLIST, testOrdersAllowed: false } },
      { ...base, url: 'ftp://a.example.com' },
      { ...base, url: 'a.example.com' },
      { ...base, type: 2 },
      { ...base, averageAmount: '1,5' },
    ]) {
      const res = await call(t.app, WebsitePath.add, { token: shop.token, lang: 'en_US', body });
      expect(res.status).toBeLessThan(500);
      expect(res.body.code).not.toBe(0);
    }
  });

  it('lands the good lines of a batch and reports the bad one; the same batch again is a duplicate upload', async () => {
    const file =
      'url,type,averageAmount,currency,platformStoreUrl\r\nhttps://one.example.com,independent,10.00,USD\r\nhttp://two.example.com/shop/,platform,20,EUR,https://store.example.net/two\r\nwww.three.example.com\r\n"https://four.example.com/a,b",independent,5,USD\r\nhttps://one.example.com/#top\r\nhttps://five.example.com,,3,USD\r\n';
    const first = await upload('sites.csv', file);
    expect(first.body.code).toBe(0);
    const r = first.body.data;
    expect(r.outcome).toBe('noMail');
    expect(r.accepted).toBe(3);
    expect(r.errors).toBe(2);
    expect(r.duplicates).toBe(1);
    expect(r.lines.find((l) => l.line === 4)).toMatchObject({ result: 'error', error: 'badUrl' });
    expect(r.lines.find((l) => l.line === 4)?.message).toContain('Line 4');
    expect(r.lines.find((l) => l.line === 6)).toMatchObject({ result: 'duplicate', url: 'https://one.example.com' });
    expect(r.lines.find((l) => l.line === 7)).toMatchObject({ result: 'error', error: 'emptyColumn' });
    const urls = (await list()).map((w) => w.url);
    expect(urls).toEqual(
      expect.arrayContaining(['https://one.example.com', 'http://two.example.com/shop/', 'https://four.example.com/a,b']),
    );

    const second = await upload('sites.csv', file);
    expect(second.body.data.outcome).toBe('dataError');
    expect(second.body.data.accepted).toBe(0);
    const onlyGood = await upload('again.txt', 'https://one.example.com\nhttps://four.example.com/a,b\n');
    expect(onlyGood.body.data.outcome).toBe('duplicate');
    expect(onlyGood.body.data.message).toContain('Duplicate');
  });

  it('answers a data error when no line is good, and refuses files that are not text or miss the checklist', async () => {
    const bad = await upload('bad.txt', 'not a url\nftp://x.example.com\n');
    expect(bad.body.data.outcome).toBe('dataError');
    expect(bad.body.data.errors).toBe(2);
    const image = await upload('sites.csv', pngFile());
    expect(image.body.code).not.toBe(0);
    expect(image.body.msg).toContain('not a TXT or CSV');
    const noChecklist = await upload('x.txt', 'https://x.example.com', { checklist: { refundPolicy: true } });
    expect(noChecklist.body.msg).toContain('Confirm');
    const empty = await upload('x.txt', '\n\n');
    expect(empty.body.code).not.toBe(0);
    const big = await upload('big.txt', Buffer.alloc(1024 * 1024 + 10, 'a'));
    expect(big.status).toBeLessThan(500);
    expect(big.body.code).not.toBe(0);
  });

  it('needs Website:Upload and Website:Add, and shows a merchant only its own websites', async () => {
    const role = await createRole(t.db, shop.merchant, { permissions: ['/merwebsit/showWebsitLimit'] });
    const viewer = await signIn(t.app, await createAdmin(t.db, shop.merchant, { roleId: role.id }));
    expect((await upload('x.txt', 'https://v.example.com', { tok: viewer })).body.code).toBe(403);
    const add = await call(t.app, WebsitePath.add, {
      token: viewer,
      body: { url: 'https://v.example.com', type: 1, averageAmount: '1', currency: 'USD', checklist: CHECKLIST },
    });
    expect(add.body.code).toBe(403);
    expect((await list(viewer)).length).toBeGreaterThan(0);

    const other = await createMerchant(t.db);
    const otherToken = await signIn(t.app, await createAdmin(t.db, other));
    expect(await list(otherToken)).toEqual([]);
  });

  it('moves a website through review by operator commands; only reviewed ones are usable hosts', async () => {
    const { ops } = opsHarness(t);
    const w = (await list()).find((x) => x.url === 'https://shop.example.com')!;
    expect(await findUsableWebsiteHosts(t.db, shop.merchant.id)).toEqual([]);
    expect((await ops('website:pass', String(w.id))).out).toContain('pending -> audited');
    expect((await ops('website:pass', String(w.id))).out).toContain('audited -> reviewed');
    expect(await findUsableWebsiteHosts(t.db, shop.merchant.id)).toEqual(['shop.example.com']);
    expect((await ops('website:pass', String(w.id))).code).not.toBe(0);
    await ops('website:disable', String(w.id));
    expect(await findUsableWebsiteHosts(t.db, shop.merchant.id)).toEqual([]);

    const two = (await list()).find((x) => x.url === 'http://two.example.com/shop/')!;
    expect((await ops('website:fail', String(two.id))).code).toBe(2);
    await ops('website:fail', String(two.id), '--reason', 'No refund policy page');
    expect((await list(shop.token, { status: String(WebsiteStatus.auditFailed) }))[0]).toMatchObject({
      failReason: 'No refund policy page',
    });
    expect((await ops('website:list', '--merchant', shop.merchant.merchantNo)).out).toContain('audit-failed');
  });

  it('exports the list as CSV', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${WebsitePath.export}`,
      headers: { 'x-auth-token': shop.token, lang: 'en_US' },
      payload: { format: 'csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('https://one.example.com');
    expect(res.headers['content-disposition']).toContain('websites_');
    // A line per listed website, under eight translated headers.
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]!.split(',')).toHaveLength(8);
    expect(lines[0]).not.toMatch(/websiteCol\./);
    const list = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${WebsitePath.list}?limit=50`,
      headers: { 'x-auth-token': shop.token },
    });
    expect(lines.length - 1).toBe((JSON.parse(list.body) as { data: { total: number } }).data.total);
  });
});

describe('batch parser robustness', () => {
  const require = createRequire(import.meta.url);
  const spectrumDir = path.join(path.dirname(require.resolve('csv-spectrum/package.json')), 'csvs');
  const naughty = JSON.parse(fs.readFileSync(require.resolve('big-list-of-naughty-strings/blns.json'), 'utf8')) as string[];

  it('answers every CSV edge case of csv-spectrum with a per-line report, never a 5xx', async () => {
    for (const name of fs.readdirSync(spectrumDir)) {
      const res = await upload(name, fs.readFileSync(path.join(spectrumDir, name)));
      expect(res.status, name).toBeLessThan(500);
      if (res.body.code === 0) {
        const r = res.body.data;
        expect(r.accepted + r.errors + r.duplicates, name).toBe(r.lines.length);
      }
    }
  });

  it('reports each naughty string as a line, in CSV and in text files', async () => {
    const lines = naughty.filter((s) => !/[\r\n]/.test(s)).slice(0, 400);
    for (const [name, content] of [
      ['naughty.txt', lines.join('\n')],
      ['naughty.csv', lines.map((s) => `"${s.replace(/"/g, '""')}"`).join('\r\n')],
    ] as const) {
      const res = await upload(name, content);
      expect(res.status, name).toBeLessThan(500);
      if (res.body.code === 0) {
        const r = res.body.data;
        expect(r.accepted + r.errors + r.duplicates).toBe(r.lines.length);
        for (const l of r.lines) expect(['accepted', 'error', 'duplicate']).toContain(l.result);
      }
    }
  });
});
