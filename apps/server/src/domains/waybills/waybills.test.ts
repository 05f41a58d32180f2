import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import type { TListPage } from '@mbo/shared/list';
import {
  WaybillPath,
  WaybillStatus,
  waybillFilePath,
  type TProduct,
  type TWaybillOverview,
  type TWaybillUploaded,
} from '@mbo/shared/waybills';
import { createAdmin, createGateway, createMerchant, createRole, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { bmpFile, exeFile, jpegFile, multipartBody, pngFile, storedFileCount, type Upload } from '../../../test/files';
import { call, signIn, type TestContext } from '../../../test/helpers';
import { opsHarness } from '../../../test/ops-harness';
import { createWaybillWorld, DAY0, HOUR, waybillCalls, type WaybillWorld } from '../../../test/waybill-world';
import { runWaybillReminders } from '../../jobs/waybill-reminders';
import { findDeliveryProofFlags } from '../funds/proof-holds';
import { toMajorString } from '@mbo/shared/money';
import { exportCells } from '../../platform/export-cells';
import { translate } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import { setProofType } from './repository';

/*
 * Waybills: the list of transactions needing delivery proof, a single upload and its checks, review
 * and the funds flags, the export, products, and the deadlines as the clock moves. Batch uploads are
 * batch-upload.test.ts.
 */

let world: WaybillWorld;
let t: TestContext;
let merchant: MerchantRow;
let gateway: GatewayRow;
let token: string;

beforeAll(async () => {
  world = await createWaybillWorld();
  ({ t, merchant, gateway, token } = world);
});
afterAll(async () => {
  await t.close();
});

const { trade, batch, list } = waybillCalls(() => world);

async function upload(fields: Record<string, string>, files: Upload[] = [], tok = token) {
  const { payload, headers } = multipartBody(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}${WaybillPath.upload}`,
    headers: { ...headers, 'x-auth-token': tok, lang: 'en_US' },
    payload,
  });
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: TWaybillUploaded }>() };
}

describe('waybill list and single upload', () => {
  it('lists successful transactions needing proof, with their settlement and upload-by dates', async () => {
    const tx = await trade();
    const row = (await list({ tradeNo: tx.tradeNo }))[0]!;
    expect(row).toMatchObject({
      status: WaybillStatus.notUploaded,
      settlementDate: '2026-03-17',
      lastUploadDate: '2026-03-14',
      daysLeft: 4,
      uploaded: false,
      images: [],
    });
    const overview = await call<TWaybillOverview>(t.app, WaybillPath.overview, { token });
    expect(overview.body.data.deliveryProofType).toBe('either');
  });

  it('stores a tracking number and images checked by content; pending review; the images can be opened', async () => {
    const tx = await trade();
    const res = await upload({ tradeNo: tx.tradeNo, trackingNo: '1z999aa10123456784', carrier: 'ups', carrierSites: '' }, [
      { name: 'proof.png', content: pngFile() },
      // A JPEG named .pdf is a JPEG: the content decides.
      { name: 'receipt.pdf', content: jpegFile() },
      { name: 'scan.bmp', content: bmpFile() },
    ]);
    expect(res.body).toMatchObject({ code: 0, data: { status: WaybillStatus.pendingReview, imageCount: 3, reusedOn: [] } });
    const row = (await list({ tradeNo: tx.tradeNo }))[0]!;
    expect(row).toMatchObject({
      trackingNo: '1Z999AA10123456784',
      carrier: 'UPS',
      carrierSites: ['https://www.ups.com/track'],
      uploaded: true,
    });
    expect(row.images.map((i) => i.name)).toEqual(['proof.png', 'receipt.pdf', 'scan.bmp']);
    const file = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${waybillFilePath(row.images[1]!.id)}`,
      headers: { 'x-auth-token': token },
    });
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.equals(jpegFile())).toBe(true);
  });

  it('refuses a renamed non-image, an 11th file and an 11 MB file, storing nothing', async () => {
    const tx = await trade();
    const before = await storedFileCount(t, merchant.id);
    const renamed = await upload({ tradeNo: tx.tradeNo }, [
      { name: 'ok.png', content: pngFile() },
      { name: 'photo.jpg', content: exeFile() },
    ]);
    expect(renamed.body.code).not.toBe(0);
    expect(renamed.body.msg).toContain('photo.jpg');
    const eleven = await upload(
      { tradeNo: tx.tradeNo },
      Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, content: pngFile() })),
    );
    expect(eleven.status).toBeLessThan(500);
    expect(eleven.body.msg).toContain('At most 10');
    const big = await upload({ tradeNo: tx.tradeNo }, [
      { name: 'big.png', content: Buffer.concat([pngFile(), Buffer.alloc(11 * 1024 * 1024)]) },
    ]);
    expect(big.status).toBeLessThan(500);
    expect(big.body.msg).toContain('10 MB');
    expect(await storedFileCount(t, merchant.id)).toBe(before);
    expect((await list({ tradeNo: tx.tradeNo }))[0]!.status).toBe(WaybillStatus.notUploaded);

    // 10 files in all per transaction: 6 now, then 5 more is one too many.
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `a${i}.png`, content: pngFile() }));
    expect((await upload({ tradeNo: tx.tradeNo }, six)).body.code).toBe(0);
    const five = six.slice(0, 5);
    expect((await upload({ tradeNo: tx.tradeNo }, five)).body.msg).toContain('At most 10');
  });

  it('answers another merchant’s transaction as not found', async () => {
    const other = await createMerchant(t.db);
    await setProofType(t.db, other.id, 'either');
    const tx = await trade(0, other, await createGateway(t.db, other));
    const res = await upload({ tradeNo: tx.tradeNo, trackingNo: 'AB123456789CN', carrier: 'China Post' });
    expect(res.body.code).toBe(1004);
    expect((await list({ tradeNo: tx.tradeNo })).length).toBe(0);
  });

  it('validates tracking numbers and flags one reused on another transaction', async () => {
    const tx = await trade();
    const bad: [string, string, string][] = [
      ['https://track.example.com/1', 'Other', 'web address'],
      ['buyer@example.com', 'Other', 'email'],
      ['+85291234567', 'Other', 'phone'],
      ['ABC 12345', 'Other', 'without spaces'],
      ['运单12345', 'Other', 'without spaces'],
      ['123456789', 'UPS', 'format of UPS'],
      ['1Z999AA10123456784', '', 'logistics company'],
    ];
    for (const [no, carrier, words] of bad) {
      const res = await upload({ tradeNo: tx.tradeNo, trackingNo: no, carrier });
      expect(res.body.code, no).not.toBe(0);
      expect(res.body.msg, no).toContain(words);
    }
    const first = await trade();
    expect((await upload({ tradeNo: first.tradeNo, trackingNo: 'YT2408812345678', carrier: 'Yun Express' })).body.code).toBe(0);
    const again = await upload({ tradeNo: tx.tradeNo, trackingNo: 'YT2408812345678', carrier: 'Yun Express' });
    expect(again.body.data.reusedOn).toEqual([first.tradeNo]);
    expect((await list({ tradeNo: first.tradeNo }))[0]!.reusedTracking).toBe(true);
  });

  it('requires what the merchant’s proof type asks, and shows nothing for a merchant without proof', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const tok = await signIn(t.app, await createAdmin(t.db, m));
    const tx = await trade(0, m, g);
    expect(await list({}, tok)).toEqual([]);
    expect((await upload({ tradeNo: tx.tradeNo, trackingNo: 'AB123456789CN', carrier: 'China Post' }, [], tok)).body.msg).toContain(
      'does not need',
    );
    await setProofType(t.db, m.id, 'image');
    expect((await upload({ tradeNo: tx.tradeNo, trackingNo: 'AB123456789CN', carrier: 'China Post' }, [], tok)).body.msg).toContain(
      'images',
    );
    await setProofType(t.db, m.id, 'tracking');
    expect((await upload({ tradeNo: tx.tradeNo }, [{ name: 'p.png', content: pngFile() }], tok)).body.msg).toContain('tracking number');
    expect((await upload({ tradeNo: tx.tradeNo, trackingNo: 'AB123456789CN', carrier: 'China Post' }, [], tok)).body.code).toBe(0);
  });

  it('needs Waybill:Upload to upload', async () => {
    const role = await createRole(t.db, merchant, { permissions: ['/waybill/waybillPage'] });
    const viewer = await signIn(t.app, await createAdmin(t.db, merchant, { roleId: role.id }));
    const tx = await trade();
    expect((await upload({ tradeNo: tx.tradeNo }, [{ name: 'p.png', content: pngFile() }], viewer)).body.code).toBe(403);
    expect((await batch('commit', 'w.csv', `${tx.tradeNo},AB123456789CN,China Post`, viewer)).body.code).toBe(403);
  });
});

describe('review, flags and reminders', () => {
  it('moves a waybill through review by operator commands; the funds flags follow', async () => {
    const { ops } = opsHarness(t);
    const tx = await trade();
    const none = await trade();
    await upload({ tradeNo: tx.tradeNo, trackingNo: 'AB123456783CN', carrier: 'China Post' });
    let flags = await findDeliveryProofFlags(t.db, merchant.id, [tx.id, none.id]);
    expect(flags.get(tx.id)).toEqual({ uploaded: true, delivered: false });
    expect(flags.get(none.id)).toEqual({ uploaded: false, delivered: false });

    expect((await ops('waybill:status', tx.tradeNo, '--status', 'in-transit')).out).toContain('pending-review -> in-transit');
    const rejected = await ops('waybill:reject', tx.tradeNo, '--reason', 'Number not found at the carrier');
    expect(rejected.out).toContain('delivery-info-unconfirmed');
    expect((await list({ tradeNo: tx.tradeNo }))[0]).toMatchObject({ failReason: 'Number not found at the carrier', uploaded: false });
    expect((await findDeliveryProofFlags(t.db, merchant.id, [tx.id])).get(tx.id)?.uploaded).toBe(false);
    await upload({ tradeNo: tx.tradeNo, trackingNo: 'AB123456784CN', carrier: 'China Post' });
    expect((await ops('waybill:approve', tx.tradeNo)).out).toContain('-> delivered');
    const row = (await list({ tradeNo: tx.tradeNo }))[0]!;
    expect(row.status).toBe(WaybillStatus.delivered);
    expect(row.checkedAt).not.toBeNull();
    flags = await findDeliveryProofFlags(t.db, merchant.id, [tx.id]);
    expect(flags.get(tx.id)).toEqual({ uploaded: true, delivered: true });
    expect((await upload({ tradeNo: tx.tradeNo }, [{ name: 'p.png', content: pngFile() }])).body.msg).toContain('confirmed');
    expect((await ops('waybill:approve', 'NOSUCH1')).code).toBe(2);

    const other = await createMerchant(t.db);
    expect((await findDeliveryProofFlags(t.db, other.id, [tx.id])).size).toBe(0);
    expect((await ops('merchant:delivery-proof', '--merchant', other.merchantNo, '--type', 'bogus')).code).toBe(2);
    expect((await ops('merchant:delivery-proof', '--merchant', other.merchantNo, '--type', 'none')).code).toBe(0);
  });

  it('filters by waybill status, newest transaction first, page after page, with the count', async () => {
    // A merchant of its own: the other tests' waybills stay out of the counts.
    const { ops } = opsHarness(t);
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    await setProofType(t.db, m.id, 'either');
    const tok = await signIn(t.app, await createAdmin(t.db, m));
    const trades = [];
    for (const day of [0, 1, 2, 2, 3, 25]) trades.push(await trade(day, m, g));
    const [a, b, c, d, e, april] = trades;
    for (const [i, tx] of [a, c, d, e, april].entries())
      expect((await upload({ tradeNo: tx!.tradeNo, trackingNo: `AB12345678${i}CN`, carrier: 'China Post' }, [], tok)).body.code).toBe(0);
    expect((await ops('waybill:status', e!.tradeNo, '--status', 'in-transit')).code).toBe(0);
    const page = async (status: number, query: Record<string, string> = {}) => {
      const res = await call<TListPage<{ tradeNo: string }>>(t.app, WaybillPath.list, {
        token: tok,
        query: { from: '2026-03-01', to: '2026-03-31', limit: '2', status: String(status), ...query },
      });
      expect(res.body.code, res.body.msg).toBe(0);
      return { ...res.body.data, list: res.body.data.list.map((r) => r.tradeNo) };
    };
    // c and d share their time: the later id first.
    const first = await page(WaybillStatus.pendingReview);
    expect(first).toMatchObject({ list: [d!.tradeNo, c!.tradeNo], total: 3, capped: false });
    const second = await page(WaybillStatus.pendingReview, { after: first.nextCursor! });
    expect(second).toMatchObject({ list: [a!.tradeNo], nextCursor: null });
    expect(await page(WaybillStatus.inTransit)).toMatchObject({ list: [e!.tradeNo], total: 1 });
    expect(await page(WaybillStatus.notUploaded)).toMatchObject({ list: [b!.tradeNo], total: 1 });
    expect(await page(WaybillStatus.pendingReview, { tradeNo: c!.tradeNo })).toMatchObject({ list: [c!.tradeNo], total: 1 });
    expect(await page(WaybillStatus.inTransit, { tradeNo: c!.tradeNo })).toMatchObject({ list: [], total: 0 });
    const inApril = await page(WaybillStatus.pendingReview, { from: '2026-04-01', to: '2026-04-30' });
    expect(inApril).toMatchObject({ list: [april!.tradeNo], total: 1 });
    const file = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${WaybillPath.export}`,
      headers: { 'x-auth-token': tok, lang: 'en_US' },
      payload: { format: 'csv', from: '2026-03-01', to: '2026-03-31', status: WaybillStatus.pendingReview },
    });
    const lines = file.body.split('\r\n').filter(Boolean).slice(1);
    expect(lines.map((l) => l.split(',')[0])).toEqual([d!.tradeNo, c!.tradeNo, a!.tradeNo]);
  });

  it('exports the list with its dates', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${WaybillPath.export}`,
      headers: { 'x-auth-token': token, lang: 'en_US' },
      payload: { format: 'csv', from: '2026-03-01', to: '2026-03-31' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Upload by');
    expect(res.body).toContain('2026-03-17,2026-03-14');
    // Every header is a text of the catalog, none a key left untranslated.
    const header = res.body.replace(/^\uFEFF/, '').split('\r\n')[0]!;
    expect(header).not.toMatch(/waybillCol\./);
    expect(header.split(',')).toHaveLength(18);
  });
});

describe('products', () => {
  it('lists the goods of each order with the freight (0 allowed) and a decimal total, scoped to the merchant', async () => {
    const tx = await trade();
    const free = await trade();
    const base = { merchant_id: merchant.id, gateway_id: gateway.id, currency: 'USD', created_at: DAY0 + 10 * HOUR };
    await t.db
      .insertInto('order_products')
      .values([
        { ...base, transaction_id: tx.id, goods_no: 'SKU-1', name: 'Linen shirt', price: 3999, quantity: 2 },
        { ...base, transaction_id: tx.id, goods_no: 'SKU-2', name: 'Canvas bag', price: 1250, quantity: 1 },
        { ...base, transaction_id: free.id, goods_no: 'SKU-3', name: 'Gift card', price: 5000, quantity: 1 },
      ])
      .execute();
    await t.db
      .insertInto('order_freights')
      .values([
        { transaction_id: tx.id, merchant_id: merchant.id, currency: 'USD', freight: 800 },
        { transaction_id: free.id, merchant_id: merchant.id, currency: 'USD', freight: 0 },
      ])
      .execute();
    const res = await call<TListPage<TProduct>>(t.app, WaybillPath.products, {
      token,
      query: { from: '2026-03-01', to: '2026-03-31', tradeNo: tx.tradeNo },
    });
    expect(res.body.data.list.map((p) => [p.goodsNo, p.quantity, p.freight, p.orderTotal])).toEqual([
      ['SKU-2', 1, 800, '100.48'],
      ['SKU-1', 2, 800, '100.48'],
    ]);
    const gift = await call<TListPage<TProduct>>(t.app, WaybillPath.products, {
      token,
      query: { from: '2026-03-01', to: '2026-03-31', name: 'gift' },
    });
    expect(gift.body.data.list[0]).toMatchObject({ freight: 0, orderTotal: '50.00' });
    const other = await signIn(t.app, await createAdmin(t.db, await createMerchant(t.db)));
    const none = await call<TListPage<TProduct>>(t.app, WaybillPath.products, {
      token: other,
      query: { from: '2026-03-01', to: '2026-03-31' },
    });
    expect(none.body.data.list).toEqual([]);
  });

  it("exports the same rows as the list, each line its row, under the screen's titles", async () => {
    const q = { from: '2026-03-01', to: '2026-03-31' };
    const list = await call<TListPage<TProduct>>(t.app, WaybillPath.products, { token, query: { ...q, limit: '50' } });
    expect(list.body.data.nextCursor).toBeNull();
    expect(list.body.data.list.length).toBeGreaterThan(2);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${WaybillPath.productsExport}`,
      headers: { 'x-auth-token': token, lang: 'en_US', timezone: 'Asia/Shanghai' },
      payload: { format: 'csv', ...q },
    });
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .replace(/\r\n$/, '')
      .split('\r\n');
    expect(header).toBe(
      'Transaction order number,Merchant order number,Goods number,Name,Currency,Price,Quantity,Freight,Order total,Order status,Transaction time',
    );
    const c = exportCells('en', 'Asia/Shanghai');
    expect(lines.map((l) => l.split(','))).toEqual(
      list.body.data.list.map((r) => [
        r.tradeNo,
        r.merchantOrderNo,
        r.goodsNo,
        r.name,
        r.currency,
        toMajorString(r.price, r.currency),
        String(r.quantity),
        toMajorString(r.freight, r.currency),
        r.orderTotal,
        translate('en', `trade.payStatus.${r.orderStatus}` as MessageKey),
        c.time(Date.parse(r.tradeAt))?.text,
      ]),
    );
  });
});

describe('deadlines (the clock moves forward)', () => {
  it('lists what is due in the next days and writes one reminder per merchant and day', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    await setProofType(t.db, m.id, 'either');
    const due = await trade(0, m, g); // proof by 03-14
    await trade(5, m, g); // proof by 03-19: not yet due
    t.clock.set(Date.UTC(2026, 2, 12, 2)); // 2026-03-12 10:00 +08:00
    const tok = await signIn(t.app, await createAdmin(t.db, m));
    const overview = await call<TWaybillOverview>(t.app, WaybillPath.overview, { token: tok });
    expect(overview.body.data).toMatchObject({
      dueSoonTotal: 1,
      dueSoon: [{ tradeNo: due.tradeNo, lastUploadDate: '2026-03-14', daysLeft: 2 }],
    });
    expect((await list({ dueWithinDays: '2' }, tok)).map((r) => r.tradeNo)).toEqual([due.tradeNo]);
    expect(await runWaybillReminders(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    // Told through the notification centre (issue 50 §5).
    const told = await t.db.selectFrom('notifications').select('params').where('merchant_id', '=', m.id).execute();
    expect(told.map((r) => (JSON.parse(r.params) as { text: { en: string } }).text.en)).toEqual([
      expect.stringContaining('1 transaction(s) need a tracking number or delivery proof by 2026-03-14'),
    ]);
    await runWaybillReminders(t.db, t.clock.now() + HOUR);
    expect((await t.db.selectFrom('notifications').select('id').where('merchant_id', '=', m.id).execute()).length).toBe(1);
  });

  it('enforces the 3-day rule in UTC+08:00 business days, on both sides of midnight', async () => {
    const tx = await trade(1); // business day 2026-03-11: settles 03-18, proof by 03-15
    const late = await trade(1);
    t.clock.set(Date.UTC(2026, 2, 15, 15, 59, 59)); // 2026-03-15 23:59:59 +08:00
    const tok = await signIn(t.app, await createAdmin(t.db, merchant));
    expect((await list({ tradeNo: tx.tradeNo }, tok))[0]!.daysLeft).toBe(0);
    expect((await upload({ tradeNo: tx.tradeNo }, [{ name: 'p.png', content: pngFile() }], tok)).body.code).toBe(0);
    t.clock.set(Date.UTC(2026, 2, 15, 16, 0, 0)); // 2026-03-16 00:00:00 +08:00
    const res = await upload({ tradeNo: late.tradeNo }, [{ name: 'p.png', content: pngFile() }], tok);
    expect(res.body.code).not.toBe(0);
    expect(res.body.msg).toContain('2026-03-15');
    expect((await list({ tradeNo: late.tradeNo }, tok))[0]!.daysLeft).toBe(-1);
  });
});
