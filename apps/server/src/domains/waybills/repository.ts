import { sql, type Insertable } from 'kysely';
import type { TListPaging } from '@mbo/shared/list';
import { PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import {
  PRODUCTS,
  REJECTED_STATUSES,
  WAYBILLS,
  WaybillStatus,
  type TDeliveryProofType,
  type TProductListQuery,
  type TWaybillListQuery,
} from '@mbo/shared/waybills';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import type { WaybillFilesTable } from '../../db/types';
import { type ExportReader } from '../../platform/export-reader';
import { keysetBatches } from '../../platform/keyset-walk';
import { keysetPage, type Seek } from '../../platform/list';
import { selectFields, type FieldRow } from '../../platform/list-fields';
import { inScope, type Scope } from '../../platform/scope';

type Range = { fromMs: number; toMs: number };

/** The same rule in SQL over the `w` alias (left joined: no waybill is not uploaded). */
function uploadedSql(type: TDeliveryProofType) {
  const proof =
    type === 'image'
      ? sql<boolean>`w.image_count > 0`
      : type === 'tracking'
        ? sql<boolean>`w.tracking_no <> ''`
        : sql<boolean>`(w.image_count > 0 or w.tracking_no <> '')`;
  return sql<boolean>`(w.id is not null and w.status not in (${sql.join(REJECTED_STATUSES)}) and ${proof})`;
}

export async function setProofType(db: DbOrTrx, merchantId: number, type: TDeliveryProofType | null): Promise<void> {
  await db.updateTable('merchants').set({ delivery_proof_type: type }).where('id', '=', merchantId).execute();
}

/** Transactions that need shipping proof: successful formal payments of the scope. */
function needingProof(db: DbOrTrx, scope: Scope) {
  return db
    .selectFrom('transactions as t')
    .leftJoin('waybills as w', 'w.transaction_id', 't.id')
    .where(inScope(scope, 't'))
    .where('t.category', '=', TradeCategory.formal)
    .where('t.pay_status', '=', PayStatus.success);
}

export type WaybillFilters = Omit<TWaybillListQuery, 'page' | 'limit' | 'after'>;
/** The merchant's proof type, and the range of the due-soon filter (null: no such filter). */
type ProofOpts = { type: TDeliveryProofType; due: Range | null };

/**
 * A status of an uploaded waybill (not "not uploaded"): its rows are found in waybills_status_idx, in
 * the list's order, by the waybill's copy of the transaction's time (trade_at, migration 0039), instead
 * of walking every payment of the range and looking up its waybill (6 months of a rare status: 1.4 s
 * on SQLite; 150-310 ms on PostgreSQL).
 */
function uploadedStatus(f: WaybillFilters): number | null {
  return f.status !== undefined && f.status !== WaybillStatus.notUploaded ? f.status : null;
}

/** The list's time: the transaction's, or the waybill's copy of it under a status filter. */
function timeOf(f: WaybillFilters) {
  return uploadedStatus(f) === null ? ('t.created_at' as const) : ('w.trade_at' as const);
}

/**
 * `seekTo` (a next page's cursor time) replaces the range's upper end, so the index seek starts at the
 * cursor (as the transactions list does: SQLite does not seek on the row-value condition alone).
 */
function filtered(db: Db, scope: Scope, f: WaybillFilters, range: Range, o: ProofOpts, seekTo: number | null = null) {
  const status = uploadedStatus(f);
  const time = timeOf(f);
  const atCursor = seekTo !== null && seekTo < range.toMs;
  return (
    needingProof(db, scope)
      .where(time, '>=', range.fromMs)
      .where(time, atCursor ? '<=' : '<', atCursor ? (seekTo ?? 0) : range.toMs)
      .$if(f.tradeNo !== undefined, (qb) => qb.where('t.trade_no', '=', f.tradeNo ?? ''))
      .$if(f.trackingNo !== undefined, (qb) => qb.where('w.tracking_no', '=', f.trackingNo ?? ''))
      // No waybill: on the unique column of the join, which PostgreSQL reads as an anti-join (on `w.id` it
      // judged one row would match, sorted the whole range's payments first: 7.9 s for 6 months).
      .$if(f.status === WaybillStatus.notUploaded, (qb) => qb.where('w.transaction_id', 'is', null))
      .$if(status !== null, (qb) => qb.where(inScope(scope, 'w')).where('w.status', '=', status ?? 0))
      .$if(o.due !== null, (qb) =>
        qb
          .where('t.created_at', '>=', o.due?.fromMs ?? 0)
          .where('t.created_at', '<', o.due?.toMs ?? 0)
          .where(sql<boolean>`not ${uploadedSql(o.type)}`),
      )
  );
}

/**
 * What the list counts. Under a status filter, the waybills alone in waybills_status_idx: a waybill is
 * only made for a payment that needs proof (findTradeForUpload), and carries that payment's merchant,
 * gateway and time. Joined to the payments, PostgreSQL hashed every payment of the merchant for the
 * count (6 months of status 3: 290 ms).
 */
function counted(db: Db, scope: Scope, f: WaybillFilters, range: Range, o: ProofOpts) {
  const status = uploadedStatus(f);
  if (status === null || f.tradeNo !== undefined || o.due !== null) return filtered(db, scope, f, range, o);
  return db
    .selectFrom('waybills as w')
    .where(inScope(scope, 'w'))
    .where('w.status', '=', status)
    .where('w.trade_at', '>=', range.fromMs)
    .where('w.trade_at', '<', range.toMs)
    .$if(f.trackingNo !== undefined, (qb) => qb.where('w.tracking_no', '=', f.trackingNo ?? ''));
}

function withColumns(qb: ReturnType<typeof needingProof>) {
  return selectFields(qb.innerJoin('gateways as g', 'g.id', 't.gateway_id'), WAYBILLS.fields, 't', {
    gatewayNo: 'g.gateway_no',
    tradeAt: 't.created_at',
    trackingNo: 'w.tracking_no',
    carrier: 'w.carrier',
    carrierSites: 'w.carrier_sites',
    uploadedAt: 'w.uploaded_at',
    status: 'w.status',
    checkedAt: 'w.checked_at',
    failReason: 'w.fail_reason',
    uploadCount: 'w.upload_count',
    reusedTracking: 'w.reused_tracking',
    waybillId: 'w.id',
    imageCount: 'w.image_count',
  });
}

export type WaybillRow = FieldRow<typeof WAYBILLS.fields>;

/** Under a status filter the sort is the waybill's copy of (transaction time, transaction id): the same values. */
function waybillList(db: Db, scope: Scope, f: WaybillFilters, range: Range, o: ProofOpts) {
  const byWaybill = uploadedStatus(f) !== null;
  return {
    rows: (seek: Seek | null) => withColumns(filtered(db, scope, f, range, o, seek?.value ?? null)),
    sort: {
      column: timeOf(f),
      id: byWaybill ? ('w.transaction_id' as const) : ('t.id' as const),
      direction: 'desc',
      value: (r: WaybillRow) => Number(r.tradeAt),
    },
  } as const;
}

export function listWaybills(db: Db, scope: Scope, q: WaybillFilters & TListPaging, range: Range, o: ProofOpts) {
  return keysetPage(db, waybillList(db, scope, q, range, o), q, { count: () => counted(db, scope, q, range, o) });
}

export function iterateWaybills(db: Db, scope: Scope, f: WaybillFilters, range: Range, o: ProofOpts, reader: (() => ExportReader) | null) {
  return keysetBatches(waybillList(db, scope, f, range, o), { reader });
}

/** Transactions without the required proof made in `range` (their last upload day is near), soonest first. */
export function listDueSoon(db: Db, scope: Scope, type: TDeliveryProofType, range: Range, limit: number) {
  return needingProof(db, scope)
    .where('t.created_at', '>=', range.fromMs)
    .where('t.created_at', '<', range.toMs)
    .where(sql<boolean>`not ${uploadedSql(type)}`)
    .select(['t.trade_no', 't.created_at'])
    .orderBy('t.created_at', 'asc')
    .orderBy('t.id', 'asc')
    .limit(limit)
    .execute();
}

export async function countDueSoon(db: DbOrTrx, scope: Scope, type: TDeliveryProofType, range: Range): Promise<number> {
  const row = await needingProof(db, scope)
    .where('t.created_at', '>=', range.fromMs)
    .where('t.created_at', '<', range.toMs)
    .where(sql<boolean>`not ${uploadedSql(type)}`)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listImages(db: DbOrTrx, merchantId: number, waybillIds: number[]) {
  if (waybillIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('waybill_files')
    .select(['id', 'waybill_id', 'original_name', 'size'])
    .where('merchant_id', '=', merchantId)
    .where('waybill_id', 'in', waybillIds)
    .orderBy('id')
    .execute();
}

/** The transaction (in scope, needing proof) with its waybill, for an upload. */
export function findTradeForUpload(db: DbOrTrx, scope: Scope, tradeNo: string) {
  return needingProof(db, scope)
    .where('t.trade_no', '=', tradeNo)
    .select([
      't.id',
      't.merchant_id',
      't.gateway_id',
      't.trade_no',
      't.created_at',
      'w.id as waybill_id',
      'w.tracking_no',
      'w.carrier',
      'w.carrier_sites',
      'w.status',
      'w.image_count',
    ])
    .executeTakeFirst();
}

export type UploadTarget = NonNullable<Awaited<ReturnType<typeof findTradeForUpload>>>;

export async function insertWaybill(
  trx: Trx,
  t: UploadTarget,
  v: { trackingNo: string; carrier: string; carrierSites: string; now: number },
): Promise<number> {
  const row = await trx
    .insertInto('waybills')
    .values({
      merchant_id: t.merchant_id,
      gateway_id: t.gateway_id,
      transaction_id: t.id,
      trade_at: t.created_at,
      tracking_no: v.trackingNo,
      carrier: v.carrier,
      carrier_sites: v.carrierSites,
      status: WaybillStatus.pendingReview,
      checked_at: null,
      upload_count: 1,
      image_count: 0,
      uploaded_at: v.now,
      created_at: v.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new upload on an existing waybill: back to review, unless it was confirmed delivered meanwhile (false). */
export async function updateWaybillUpload(
  trx: Trx,
  waybillId: number,
  v: { trackingNo: string; carrier: string; carrierSites: string; now: number },
): Promise<boolean> {
  const res = await trx
    .updateTable('waybills')
    .set({
      tracking_no: v.trackingNo,
      carrier: v.carrier,
      carrier_sites: v.carrierSites,
      status: WaybillStatus.pendingReview,
      fail_reason: '',
      checked_at: null,
      upload_count: sql<number>`upload_count + 1`,
      uploaded_at: v.now,
    })
    .where('id', '=', waybillId)
    .where('status', '<>', WaybillStatus.delivered)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Adds images if the waybill still has room for them (false when another upload filled it). */
export async function addImages(trx: Trx, waybillId: number, files: Insertable<WaybillFilesTable>[], max: number): Promise<boolean> {
  if (files.length === 0) return true;
  const res = await trx
    .updateTable('waybills')
    .set({ image_count: sql<number>`image_count + ${files.length}` })
    .where('id', '=', waybillId)
    .where(sql<boolean>`image_count + ${files.length} <= ${max}`)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await trx.insertInto('waybill_files').values(files).execute();
  return true;
}

/** Other transactions of the merchant whose waybill carries the same tracking number; flags them all. */
export async function flagTrackingReuse(trx: Trx, merchantId: number, waybillId: number, trackingNo: string): Promise<string[]> {
  if (trackingNo === '') {
    await trx.updateTable('waybills').set({ reused_tracking: 0 }).where('id', '=', waybillId).execute();
    return [];
  }
  const others = await trx
    .selectFrom('waybills as w')
    .innerJoin('transactions as t', 't.id', 'w.transaction_id')
    .select(['w.id', 't.trade_no'])
    .where('w.merchant_id', '=', merchantId)
    .where('w.tracking_no', '=', trackingNo)
    .where('w.id', '<>', waybillId)
    .limit(20)
    .execute();
  if (others.length > 0) {
    await trx
      .updateTable('waybills')
      .set({ reused_tracking: 1 })
      .where('id', 'in', [waybillId, ...others.map((o) => o.id)])
      .execute();
  } else {
    await trx.updateTable('waybills').set({ reused_tracking: 0 }).where('id', '=', waybillId).execute();
  }
  return others.map((o) => o.trade_no);
}

export function findImage(db: DbOrTrx, scope: Scope, fileId: number) {
  return db
    .selectFrom('waybill_files as f')
    .innerJoin('waybills as w', 'w.id', 'f.waybill_id')
    .select(['f.id', 'f.original_name', 'f.mime', 'f.storage_name'])
    .where('f.id', '=', fileId)
    .where(inScope(scope, 'w'))
    .executeTakeFirst();
}

/** Operator commands: the waybill of a transaction number (across merchants; at most two so a clash is noticed). */
export function findWaybillsByTradeNo(db: DbOrTrx, tradeNo: string, merchantId?: number) {
  return db
    .selectFrom('waybills as w')
    .innerJoin('transactions as t', 't.id', 'w.transaction_id')
    .select(['w.id', 'w.status', 'w.merchant_id', 't.trade_no'])
    .where('t.trade_no', '=', tradeNo)
    .$if(merchantId !== undefined, (qb) => qb.where('w.merchant_id', '=', merchantId ?? 0))
    .limit(2)
    .execute();
}

export async function moveWaybillStatus(
  db: DbOrTrx,
  id: number,
  from: readonly number[],
  to: { status: number; fail_reason: string; checked_at: number },
): Promise<boolean> {
  const res = await db.updateTable('waybills').set(to).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Merchants that need proof (the reminder job). */
export function listMerchantsNeedingProof(db: Db) {
  return db.selectFrom('merchants').select(['id', 'delivery_proof_type']).where('delivery_proof_type', 'is not', null).execute();
}

/** Claims the day's reminder of a merchant: false when it was already written. */
export async function claimReminderDay(trx: Trx, merchantId: number, day: string, now: number): Promise<boolean> {
  const res = await trx
    .insertInto('waybill_reminders')
    .values({ merchant_id: merchantId, due_day: day, created_at: now })
    .onConflict((oc) => oc.columns(['merchant_id', 'due_day']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/* Products */

export type ProductFilters = Omit<TProductListQuery, 'page' | 'limit' | 'after'>;

function productsFiltered(db: Db, scope: Scope, f: ProductFilters, range: Range) {
  return db
    .selectFrom('order_products as p')
    .innerJoin('transactions as t', 't.id', 'p.transaction_id')
    .where(inScope(scope, 'p'))
    .where('p.created_at', '>=', range.fromMs)
    .where('p.created_at', '<', range.toMs)
    .$if(f.tradeNo !== undefined, (qb) => qb.where('t.trade_no', '=', f.tradeNo ?? ''))
    .$if(f.goodsNo !== undefined, (qb) => qb.where('p.goods_no', '=', f.goodsNo ?? ''))
    .$if(f.name !== undefined, (qb) =>
      qb.where(sql<boolean>`lower(p.name) like ${`%${(f.name ?? '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`),
    );
}

/** Where the product fields are read (the order's total in minor units, for its decimal text). */
const PRODUCT_SOURCES = {
  tradeNo: 't.trade_no',
  merchantOrderNo: 't.merchant_order_no',
  freight: sql`coalesce(of.freight, 0)`,
  orderStatus: 't.pay_status',
  tradeAt: 'p.created_at',
  orderTotalMinor: sql`(select coalesce(sum(op.price * op.quantity), 0) from order_products op where op.transaction_id = p.transaction_id) + coalesce(of.freight, 0)`,
};

function productList(db: Db, scope: Scope, f: ProductFilters, range: Range) {
  return {
    rows: () =>
      selectFields(
        productsFiltered(db, scope, f, range).leftJoin('order_freights as of', 'of.transaction_id', 'p.transaction_id'),
        PRODUCTS.fields,
        'p',
        PRODUCT_SOURCES,
      ),
    sort: { column: 'p.created_at', id: 'p.id', direction: 'desc', value: (r: ProductRow) => Number(r.tradeAt) },
  } as const;
}

export type ProductRow = FieldRow<typeof PRODUCTS.fields>;

export function listProducts(db: Db, scope: Scope, q: ProductFilters & TListPaging, range: Range) {
  return keysetPage(db, productList(db, scope, q, range), q, { count: productsFiltered(db, scope, q, range) });
}

export function iterateProducts(db: Db, scope: Scope, f: ProductFilters, range: Range, reader: (() => ExportReader) | null) {
  return keysetBatches(productList(db, scope, f, range), { reader });
}
