import type { Generated } from 'kysely';

/* Exports run in the background (migration 0037; domains/exports/README.md). */

export interface ExportJobsTable {
  id: Generated<number>;
  merchant_id: number;
  /** Who asked: the export runs with this administrator's permission and gateways as they are when it runs. */
  admin_id: number;
  /** The list's screen (menu url) the export was asked on. */
  screen: string;
  /** The export's POST route without /v3api. */
  export_path: string;
  /** JSON of the body the export button posts, without `format`. */
  filters: string;
  format: string;
  /** Language and timezone of the file's texts and dates (the asker's, when asked). */
  language: string;
  timezone: string;
  /** JSON of the asker's gateway ids when asked (null: all gateways); a download needs at least these now. */
  gateway_ids: string | null;
  /** queued, running, done, failed, cancelled or expired. */
  status: string;
  /** The node running it; its heartbeat says it is still alive. */
  runner: string | null;
  heartbeat_at: number | null;
  rows_written: number | null;
  expected_rows: number | null;
  bytes_written: Generated<number>;
  /** Message key (with JSON params after a newline) of why it failed. */
  error: Generated<string>;
  file_name: Generated<string>;
  content_type: Generated<string>;
  /** The file in platform/storage.ts; null when there is none (not made, cancelled, removed). */
  storage_name: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** The file is kept until then (done only). */
  expires_at: number | null;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface ExportJobTables {
  export_jobs: ExportJobsTable;
}
