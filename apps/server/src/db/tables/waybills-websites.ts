import type { Generated } from 'kysely';

/* Delivery proof (waybills, their files and reminders, the ordered products) and the websites a merchant sells through. */

/** Tracking number, carrier and delivery proof of one transaction (migration 0011). */
export interface WaybillsTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  transaction_id: number;
  tracking_no: Generated<string>;
  carrier: Generated<string>;
  /** Carrier tracking websites, comma separated. */
  carrier_sites: Generated<string>;
  /** WaybillStatus code. */
  status: number;
  fail_reason: Generated<string>;
  checked_at: number | null;
  upload_count: Generated<number>;
  image_count: Generated<number>;
  /** 1 when the tracking number is also on another transaction of the merchant. */
  reused_tracking: Generated<number>;
  uploaded_at: number;
  created_at: number;
  /** The transaction's time (created_at), copied at the first upload: a status filter seeks it (migration 0039). */
  trade_at: number;
}

export interface WaybillFilesTable {
  id: Generated<number>;
  waybill_id: number;
  merchant_id: number;
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  storage_name: string;
  created_at: number;
}

export interface WaybillRemindersTable {
  merchant_id: number;
  /** YYYY-MM-DD business day (UTC+08:00) of the last upload day the reminder was about. */
  due_day: string;
  created_at: number;
}

export interface OrderProductsTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  transaction_id: number;
  goods_no: string;
  name: string;
  currency: string;
  /** Minor units of `currency`, per item. */
  price: number;
  quantity: number;
  created_at: number;
}

export interface OrderFreightsTable {
  transaction_id: number;
  merchant_id: number;
  currency: string;
  /** Minor units; may be 0. */
  freight: number;
}

export interface WebsiteBatchesTable {
  id: Generated<number>;
  merchant_id: number;
  admin_id: number | null;
  /** 'single' or 'batch'. */
  kind: string;
  file_name: Generated<string>;
  line_count: number;
  accepted_count: number;
  error_count: number;
  duplicate_count: number;
  /** WebsiteUploadOutcome. */
  outcome: string;
  mail_id: number | null;
  created_at: number;
}

export interface WebsitesTable {
  id: Generated<number>;
  merchant_id: number;
  /** Normalised URL (scheme and host in lower case, no default port, no fragment). */
  url: string;
  host: string;
  /** WebsiteType code. */
  site_type: number;
  currency: Generated<string>;
  /** Minor units of `currency`; null when not given. */
  average_amount: number | null;
  platform_store_url: Generated<string>;
  /** WebsiteStatus code. */
  status: number;
  fail_reason: Generated<string>;
  batch_id: number | null;
  checklist_confirmed_at: number;
  created_at: number;
  updated_at: number;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface WaybillWebsiteTables {
  waybills: WaybillsTable;
  waybill_files: WaybillFilesTable;
  waybill_reminders: WaybillRemindersTable;
  order_products: OrderProductsTable;
  order_freights: OrderFreightsTable;
  website_batches: WebsiteBatchesTable;
  websites: WebsitesTable;
}
