import { z } from 'zod';
import { dateRangeFilters } from './date-range';
import { opt, optText, zGatewayNoFilter } from './list';
import { defineList, field } from './list-fields';
import { zCode } from './trade-enums';
import { normalizeWebsiteUrl } from './websites';

/** Waybill screen (/waybill/waybillPage) and product screen (/productInfo/productPage): paths under /v3api. */
export const WaybillPath = {
  /** GET: successful transactions that need delivery proof, with their waybill. */
  list: '/waybill/list',
  /** POST: the list as CSV or XLSX. */
  export: '/waybill/export',
  /** GET: the merchant's delivery-proof type and what must be uploaded in the next days. */
  overview: '/waybill/overview',
  /** POST multipart (permission Waybill:Upload): tradeNo, trackingNo, carrier, carrierSites, then images. */
  upload: '/waybill/upload',
  /** POST multipart (Waybill:Upload): a CSV or XLSX batch file, checked without writing. */
  batchPreview: '/waybill/batch/preview',
  /** POST multipart (Waybill:Upload): the same file, its good rows stored. */
  batchCommit: '/waybill/batch/commit',
  /** GET ?format=csv|xlsx: the batch template. */
  template: '/waybill/batch/template',
  /** GET: one delivery-proof image. */
  file: '/waybill/file/:fileId',
  /** GET: products of the merchant's orders. */
  products: '/productInfo/list',
  /** POST: the product list as CSV or XLSX. */
  productsExport: '/productInfo/export',
} as const;

export const waybillFilePath = (fileId: number) => WaybillPath.file.replace(':fileId', String(fileId));

/** Spec §4 waybill states; `notUploaded` is the "transport not uploaded" label of a transaction without a waybill. */
export const WaybillStatus = {
  notUploaded: 0,
  pendingReview: 1,
  inTransit: 2,
  delivered: 3,
  notDelivered: 4,
  transportTooLong: 5,
  awaitingManualConfirmation: 6,
  deliveryInfoUnconfirmed: 7,
  wrongNumber: 8,
  noInformation: 9,
} as const;

/** The merchant's delivery-proof type (spec §4); null (no proof required) is stored as NULL. */
export const DELIVERY_PROOF_TYPES = ['image', 'tracking', 'either'] as const;
export type TDeliveryProofType = (typeof DELIVERY_PROOF_TYPES)[number];

/** Review states whose proof no longer counts as uploaded (rejected, or a wrong number): the merchant uploads again. */
export const REJECTED_STATUSES: readonly number[] = [WaybillStatus.deliveryInfoUnconfirmed, WaybillStatus.wrongNumber];

export function asProofType(value: string | null | undefined): TDeliveryProofType | null {
  return (DELIVERY_PROOF_TYPES as readonly string[]).includes(value ?? '') ? (value as TDeliveryProofType) : null;
}

/** Whether a waybill holds the proof the type requires (and it was not rejected). */
export function isUploaded(
  type: TDeliveryProofType | null,
  w: { tracking_no: string | null; image_count: number | null; status: number | null } | null,
): boolean {
  if (type === null) return true;
  if (!w || w.status === null || REJECTED_STATUSES.includes(w.status)) return false;
  const tracking = (w.tracking_no ?? '') !== '';
  const images = (w.image_count ?? 0) > 0;
  return type === 'image' ? images : type === 'tracking' ? tracking : tracking || images;
}

/** Spec §5/§9: delivery proof at least 3 days before the settlement date. */
export const PROOF_DAYS_BEFORE_SETTLEMENT = 3;
/** Images of one waybill (spec §9: 10 files of at most 10 MB). */
export const PROOF_MAX_FILES = 10;
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
export const PROOF_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp'] as const;
export const WAYBILL_BATCH_MAX_ROWS = 1000;
export const WAYBILL_BATCH_MAX_BYTES = 2 * 1024 * 1024;
export const CARRIER_SITES_MAX = 5;

/** Carriers whose tracking-number format is known; any other carrier name is accepted with the general rule. */
export const CARRIERS = [
  { code: 'UPS', name: 'UPS', site: 'https://www.ups.com/track', pattern: /^1Z[0-9A-Z]{16}$/ },
  { code: 'FEDEX', name: 'FedEx', site: 'https://www.fedex.com/fedextrack', pattern: /^(\d{12}|\d{15}|\d{20}|\d{22})$/ },
  { code: 'DHL', name: 'DHL Express', site: 'https://www.dhl.com/track', pattern: /^\d{10}$/ },
  { code: 'USPS', name: 'USPS', site: 'https://tools.usps.com/go/TrackConfirmAction', pattern: /^(9[2-5]\d{20}|\d{20}|[A-Z]{2}\d{9}US)$/ },
  { code: 'CHINAPOST', name: 'China Post', site: 'https://www.ems.com.cn', pattern: /^[A-Z]{2}\d{9}CN$/ },
  { code: 'EMS', name: 'EMS', site: 'https://www.ems.com.cn', pattern: /^E[A-Z]\d{9}[A-Z]{2}$/ },
  { code: 'HKPOST', name: 'Hongkong Post', site: 'https://www.hongkongpost.hk', pattern: /^[A-Z]{2}\d{9}HK$/ },
  { code: 'SF', name: 'SF Express', site: 'https://www.sf-express.com', pattern: /^SF\d{12,13}$/ },
] as const;

export function findCarrier(name: string) {
  const key = name.trim().toUpperCase().replace(/[\s-]/g, '');
  return CARRIERS.find((c) => c.code === key || c.name.toUpperCase().replace(/[\s-]/g, '') === key);
}

export const TRACKING_ERRORS = ['required', 'notPrintable', 'length', 'url', 'email', 'phone', 'carrierFormat'] as const;
export type TTrackingError = (typeof TRACKING_ERRORS)[number];

/**
 * The tracking-number rule: 5 to 40 printable ASCII characters without spaces, not a web address, an
 * email address or a phone number, and in the carrier's format where it is known. Null when valid.
 */
export function checkTrackingNumber(raw: string, carrier: string): TTrackingError | null {
  const no = raw.trim();
  if (no === '') return 'required';
  if (!/^[\x21-\x7e]+$/.test(no)) return 'notPrintable';
  if (no.length < 5 || no.length > 40) return 'length';
  if (no.includes('@')) return 'email';
  if (/:\/\/|^www\./i.test(no) || /\.(com|net|org|cn|hk|io)(\/|$)/i.test(no)) return 'url';
  if (/^\+\d{6,15}$/.test(no) || /^\+?\(?\d{1,4}\)?([-.]\d{2,5}){2,4}$/.test(no)) return 'phone';
  const known = findCarrier(carrier);
  if (known && !known.pattern.test(no.toUpperCase())) return 'carrierFormat';
  return null;
}

/** Carrier tracking sites: at most 5 http(s) URLs, comma separated; null when one is not a URL. */
export function parseCarrierSites(raw: string): string[] | null {
  const parts = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length > CARRIER_SITES_MAX) return null;
  const out: string[] = [];
  for (const p of parts) {
    const n = normalizeWebsiteUrl(p);
    if (!n) return null;
    if (!out.includes(n.url)) out.push(n.url);
  }
  return out;
}

export const ZWaybillImage = z.object({ id: z.number().int(), name: z.string(), size: z.number().int() });

/** Waybill status query (spec §2), declared once (list-fields.ts): the successful transactions that need delivery proof. */
export const WAYBILLS = defineList({
  fields: {
    tradeNo: field.text('waybills.tradeNo'),
    merchantOrderNo: field.text(undefined, { file: true }),
    gatewayNo: field.text('waybills.gatewayNo'),
    currency: field.text(undefined, { file: true }),
    amount: field.money('waybills.amount'),
    tradeAt: field.time('waybills.tradeAt'),
    /** Business dates (YYYY-MM-DD, UTC+08:00). */
    settlementDate: field.data(z.string(), undefined, { file: true }),
    lastUploadDate: field.data(z.string(), 'waybills.lastUploadDate'),
    /** Days left to upload (negative: the deadline passed), counted in business days from today. */
    daysLeft: field.data(z.number().int()),
    trackingNo: field.text('waybills.trackingNo'),
    carrier: field.text('waybills.carrier'),
    carrierSites: field.data(z.array(z.string()), 'waybills.carrierSites'),
    uploadedAt: field.timeOrNull('waybills.uploadedAt'),
    status: field.code('waybills.status', 'waybills.statuses'),
    checkedAt: field.timeOrNull('waybills.checkedAt'),
    failReason: field.text('waybills.failReason'),
    images: field.data(z.array(ZWaybillImage), 'waybills.images'),
    uploadCount: field.count('waybills.uploadCount'),
    /** Proof is stored as the merchant's delivery-proof type requires (and was not rejected). */
    uploaded: field.data(z.boolean()),
    /** The tracking number is also on another transaction of the merchant. */
    reusedTracking: field.data(z.boolean(), 'waybills.reused'),
  },
  ...dateRangeFilters({
    gatewayNo: zGatewayNoFilter,
    tradeNo: optText(64),
    trackingNo: optText(40),
    /** WaybillStatus code; 0 is "transport not uploaded". */
    status: opt(zCode(WaybillStatus)),
    /** Only what must still be uploaded within this many days (0: due today). */
    dueWithinDays: opt(z.coerce.number().int().min(0).max(30)),
  }),
  days: 30,
});
export const { query: ZWaybillListQuery, exportBody: ZWaybillExportBody, row: ZWaybill, page: ZWaybillPage } = WAYBILLS;
export type TWaybillListQuery = z.infer<typeof ZWaybillListQuery>;
export type TWaybill = z.infer<typeof ZWaybill>;

export const ZWaybillOverview = z.object({
  deliveryProofType: z.enum(DELIVERY_PROOF_TYPES).nullable(),
  /** Transactions still without proof whose last upload day is within the next 3 days, soonest first (at most 10). */
  dueSoon: z.array(z.object({ tradeNo: z.string(), lastUploadDate: z.string(), daysLeft: z.number().int() })),
  dueSoonTotal: z.number().int(),
});
export type TWaybillOverview = z.infer<typeof ZWaybillOverview>;

/** The text fields of a single upload (multipart). */
export const ZWaybillUploadFields = z.object({
  tradeNo: z.string().trim().min(1).max(64),
  trackingNo: z.string().trim().max(60).default(''),
  carrier: z.string().trim().max(64).default(''),
  carrierSites: z.string().trim().max(1600).default(''),
});

export const ZWaybillUploaded = z.object({
  tradeNo: z.string(),
  status: z.number().int(),
  imageCount: z.number().int(),
  /** Other transactions of the merchant that carry the same tracking number. */
  reusedOn: z.array(z.string()),
});
export type TWaybillUploaded = z.infer<typeof ZWaybillUploaded>;

export const WAYBILL_ROW_ERRORS = [
  'columns',
  'tradeNotFound',
  'notRequired',
  'deadlinePassed',
  'delivered',
  'carrierRequired',
  'imageRequired',
  'badSites',
  ...TRACKING_ERRORS,
] as const;
export type TWaybillRowError = (typeof WAYBILL_ROW_ERRORS)[number];

export const ZWaybillBatchRow = z.object({
  row: z.number().int(),
  tradeNo: z.string(),
  trackingNo: z.string(),
  carrier: z.string(),
  result: z.enum(['accepted', 'error', 'duplicate']),
  error: z.enum(WAYBILL_ROW_ERRORS).nullable(),
  message: z.string(),
  /** Accepted, but the tracking number is also on another transaction. */
  reused: z.boolean(),
});
export type TWaybillBatchRow = z.infer<typeof ZWaybillBatchRow>;

export const ZWaybillBatchResult = z.object({
  committed: z.boolean(),
  accepted: z.number().int(),
  errors: z.number().int(),
  duplicates: z.number().int(),
  rows: z.array(ZWaybillBatchRow),
});
export type TWaybillBatchResult = z.infer<typeof ZWaybillBatchResult>;

export const ZWaybillTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
export const ZWaybillFileParams = z.object({ fileId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/* Products (spec §3), declared once (list-fields.ts): the goods of each order, with the order's freight and total. */

export const PRODUCTS = defineList({
  fields: {
    id: field.data(z.number().int()),
    tradeNo: field.text('products.tradeNo'),
    merchantOrderNo: field.text('products.merchantOrderNo'),
    goodsNo: field.text('products.goodsNo'),
    name: field.text('products.name'),
    currency: field.text(undefined, { file: true }),
    /** Minor units per item. */
    price: field.money('products.price'),
    quantity: field.count('products.quantity'),
    /** The order's freight (minor units, may be 0) and total (items plus freight), as decimal text in major units. */
    freight: field.money('products.freight'),
    orderTotal: field.data(z.string(), 'products.orderTotal'),
    orderStatus: field.code('products.orderStatus', 'tradeEnum.payStatus'),
    tradeAt: field.time('products.tradeAt'),
  },
  ...dateRangeFilters({
    gatewayNo: zGatewayNoFilter,
    tradeNo: optText(64),
    goodsNo: optText(64),
    name: optText(100),
  }),
  days: 30,
});
export const { query: ZProductListQuery, exportBody: ZProductExportBody, page: ZProductPage } = PRODUCTS;
export type TProductListQuery = z.infer<typeof ZProductListQuery>;
export type TProduct = z.infer<typeof PRODUCTS.row>;
