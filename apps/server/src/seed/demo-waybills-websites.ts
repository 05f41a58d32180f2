import { PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import { WaybillStatus } from '@mbo/shared/waybills';
import { WebsiteStatus, WebsiteType } from '@mbo/shared/websites';
import type { Db } from '../db/database';
import type { OrderProductsTable, WaybillsTable } from '../db/types';
import type { Insertable } from 'kysely';
import { apportion, createRng, digits, oneOf, type Rng } from './trade-rng';

/*
 * Demo websites, order products and waybills (issue 11), deterministic for a given seed and `now`:
 * 100001 (physical goods) must give delivery proof ('either'); 100002 (digital services) none. The
 * products of the last 30 days' successful orders add up exactly to each order's amount with the
 * freight; the waybills of 100001 are mostly delivered for orders past their upload day, and about
 * half of those still within it wait for proof, so the "due in the next days" list has content.
 */
const DAY_MS = 86_400_000;
const BUSINESS_OFFSET_MS = 8 * 3_600_000;
const SETTLEMENT_DAYS = 7;
const PROOF_DAYS_BEFORE = 3;
const WINDOW_DAYS = 30;

type Goods = { no: string; name: string };
const GOODS: readonly Goods[] = [
  { no: 'HL-SH-1001', name: 'Linen shirt' },
  { no: 'HL-SH-1002', name: 'Oxford shirt' },
  { no: 'HL-TR-2001', name: 'Chino trousers' },
  { no: 'HL-BG-3001', name: 'Canvas tote bag' },
  { no: 'HL-BG-3002', name: 'Leather card holder' },
  { no: 'HL-AC-4001', name: 'Silk scarf' },
  { no: 'HL-AC-4002', name: 'Wool beanie' },
  { no: 'HL-SC-5001', name: 'Cotton socks (3 pairs)' },
];
const DIGITAL: readonly Goods[] = [
  { no: 'HD-LIC-01', name: 'Design suite licence (1 year)' },
  { no: 'HD-LIC-02', name: 'Font family licence' },
  { no: 'HD-SUB-01', name: 'Cloud storage 1 TB (monthly)' },
];

const CARRIERS: readonly { name: string; site: string; no: (rng: Rng) => string }[] = [
  { name: 'DHL Express', site: 'https://www.dhl.com/track', no: (r) => digits(r, 10) },
  { name: 'UPS', site: 'https://www.ups.com/track', no: (r) => `1Z${digits(r, 6)}A${digits(r, 9)}` },
  { name: 'SF Express', site: 'https://www.sf-express.com', no: (r) => `SF${digits(r, 12)}` },
  { name: 'China Post', site: 'https://www.ems.com.cn', no: (r) => `LK${digits(r, 9)}CN` },
  { name: 'Yun Express', site: 'https://www.yuntrack.com', no: (r) => `YT${digits(r, 16)}` },
];

const WEBSITES = [
  {
    merchantNo: '100001',
    url: 'https://shop.harbourline.example',
    type: WebsiteType.independent,
    amount: 8_650,
    currency: 'USD',
    store: '',
    status: WebsiteStatus.reviewed,
    reason: '',
    daysAgo: 200,
  },
  {
    merchantNo: '100001',
    url: 'https://eu.harbourline.example',
    type: WebsiteType.independent,
    amount: 7_900,
    currency: 'EUR',
    store: '',
    status: WebsiteStatus.reviewed,
    reason: '',
    daysAgo: 150,
  },
  {
    merchantNo: '100001',
    url: 'https://harbourline.shopplatform.example',
    type: WebsiteType.platformStore,
    amount: 4_500,
    currency: 'USD',
    store: 'https://shopplatform.example/stores/harbourline',
    status: WebsiteStatus.audited,
    reason: '',
    daysAgo: 12,
  },
  {
    merchantNo: '100001',
    url: 'https://outlet.harbourline.example',
    type: WebsiteType.independent,
    amount: 3_200,
    currency: 'GBP',
    store: '',
    status: WebsiteStatus.pending,
    reason: '',
    daysAgo: 2,
  },
  {
    merchantNo: '100001',
    url: 'http://sale.harbourline.example',
    type: WebsiteType.independent,
    amount: 2_000,
    currency: 'USD',
    store: '',
    status: WebsiteStatus.auditFailed,
    reason: 'No refund policy page; the site must use HTTPS',
    daysAgo: 30,
  },
  {
    merchantNo: '100001',
    url: 'https://old.harbourline.example',
    type: WebsiteType.independent,
    amount: 6_000,
    currency: 'USD',
    store: '',
    status: WebsiteStatus.disabled,
    reason: '',
    daysAgo: 400,
  },
  {
    merchantNo: '100002',
    url: 'https://digital.harbourline.example',
    type: WebsiteType.independent,
    amount: 29_900,
    currency: 'HKD',
    store: '',
    status: WebsiteStatus.reviewed,
    reason: '',
    daysAgo: 170,
  },
] as const;

/** Rows written 500 to a statement. */
async function inChunks<R>(rows: R[], insert: (chunk: R[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

function businessDayNumber(ms: number): number {
  return Math.floor((ms + BUSINESS_OFFSET_MS) / DAY_MS);
}

export async function seedWaybillsWebsites(
  db: Db,
  now: number,
  seed: number,
): Promise<{ websites: number; products: number; waybills: number }> {
  const rng = createRng(seed * 7919 + 11);
  const merchants = await db
    .selectFrom('merchants')
    .select(['id', 'merchant_no'])
    .where('merchant_no', 'in', ['100001', '100002'])
    .execute();
  const idOf = new Map(merchants.map((m) => [m.merchant_no, m.id]));
  const physical = idOf.get('100001');
  const digital = idOf.get('100002');
  if (physical !== undefined) await db.updateTable('merchants').set({ delivery_proof_type: 'either' }).where('id', '=', physical).execute();
  if (digital !== undefined) await db.updateTable('merchants').set({ delivery_proof_type: null }).where('id', '=', digital).execute();

  const sites = WEBSITES.flatMap((w) => {
    const merchantId = idOf.get(w.merchantNo);
    if (merchantId === undefined) return [];
    const at = now - w.daysAgo * DAY_MS;
    return [
      {
        merchant_id: merchantId,
        url: w.url,
        host: new URL(w.url).hostname,
        site_type: w.type,
        currency: w.currency,
        average_amount: w.amount,
        platform_store_url: w.store,
        status: w.status,
        fail_reason: w.reason,
        batch_id: null,
        checklist_confirmed_at: at,
        created_at: at,
        updated_at: at + DAY_MS,
      },
    ];
  });
  if (sites.length > 0) await db.insertInto('websites').values(sites).execute();

  const orders = await db
    .selectFrom('transactions')
    .select(['id', 'merchant_id', 'gateway_id', 'amount', 'currency', 'created_at'])
    .where('merchant_id', 'in', [physical ?? 0, digital ?? 0])
    .where('category', '=', TradeCategory.formal)
    .where('pay_status', '=', PayStatus.success)
    .where('created_at', '>=', now - WINDOW_DAYS * DAY_MS)
    .orderBy('id')
    .execute();

  const today = businessDayNumber(now);
  let products: Insertable<OrderProductsTable>[] = [];
  let freights: { transaction_id: number; merchant_id: number; currency: string; freight: number }[] = [];
  let waybills: Insertable<WaybillsTable>[] = [];
  const counts = { products: 0, waybills: 0 };
  // Each buffer is written once it holds 500 rows, and whatever is left at the end.
  const flush = async (force: boolean) => {
    const due = (rows: unknown[]) => rows.length >= 500 || force;
    if (due(products)) {
      await inChunks(products, (chunk) => db.insertInto('order_products').values(chunk).execute());
      counts.products += products.length;
      products = [];
    }
    if (due(freights)) {
      await inChunks(freights, (chunk) => db.insertInto('order_freights').values(chunk).execute());
      freights = [];
    }
    if (due(waybills)) {
      await inChunks(waybills, (chunk) => db.insertInto('waybills').values(chunk).execute());
      counts.waybills += waybills.length;
      waybills = [];
    }
  };

  for (const o of orders) {
    const isDigital = o.merchant_id === digital;
    const freight =
      isDigital || rng.next() < 0.4 || o.amount < 3_000 ? 0 : Math.min(Math.floor(o.amount / 5), 500 + Math.floor(rng.next() * 1_000));
    const n = isDigital ? 1 : 1 + Math.floor(rng.next() * 3);
    const shares = apportion(
      o.amount - freight,
      Array.from({ length: n }, () => 1 + rng.next() * 3),
    );
    shares.forEach((share, i) => {
      const goods = oneOf(rng, isDigital ? DIGITAL : GOODS);
      const two = share > 0 && share % 2 === 0 && rng.next() < 0.3;
      products.push({
        merchant_id: o.merchant_id,
        gateway_id: o.gateway_id,
        transaction_id: o.id,
        goods_no: goods.no,
        name: goods.name,
        currency: o.currency,
        price: two ? share / 2 : share,
        quantity: two ? 2 : 1,
        created_at: o.created_at + i,
      });
    });
    freights.push({ transaction_id: o.id, merchant_id: o.merchant_id, currency: o.currency, freight });

    if (!isDigital) {
      const lastUploadDay = businessDayNumber(o.created_at) + SETTLEMENT_DAYS - PROOF_DAYS_BEFORE;
      const roll = rng.next();
      const carrier = oneOf(rng, CARRIERS);
      const uploadedAt = Math.min(now - 3_600_000, o.created_at + (1 + Math.floor(rng.next() * 3)) * DAY_MS);
      const base = {
        merchant_id: o.merchant_id,
        gateway_id: o.gateway_id,
        transaction_id: o.id,
        trade_at: o.created_at,
        tracking_no: carrier.no(rng),
        carrier: carrier.name,
        carrier_sites: carrier.site,
        fail_reason: '',
        upload_count: 1,
        image_count: 0,
        uploaded_at: uploadedAt,
        created_at: uploadedAt,
      };
      if (lastUploadDay < today) {
        // Past the upload day: mostly delivered, a few still travelling or in trouble, some never uploaded.
        const checked = uploadedAt + 2 * DAY_MS;
        if (roll < 0.8) waybills.push({ ...base, status: WaybillStatus.delivered, checked_at: Math.min(checked, now) });
        else if (roll < 0.85) waybills.push({ ...base, status: WaybillStatus.inTransit, checked_at: Math.min(checked, now) });
        else if (roll < 0.88) waybills.push({ ...base, status: WaybillStatus.transportTooLong, checked_at: Math.min(checked, now) });
        else if (roll < 0.9)
          waybills.push({
            ...base,
            status: WaybillStatus.wrongNumber,
            checked_at: Math.min(checked, now),
            fail_reason: 'The carrier does not know this number',
          });
      } else if (uploadedAt > o.created_at && roll < (now - o.created_at > 2 * DAY_MS ? 0.92 : 0.4)) {
        // Still within the upload day: most older orders have proof waiting for review, the newest less so.
        waybills.push({ ...base, status: roll < 0.3 ? WaybillStatus.inTransit : WaybillStatus.pendingReview, checked_at: null });
      }
    }
    await flush(false);
  }
  await flush(true);
  return { websites: sites.length, ...counts };
}
