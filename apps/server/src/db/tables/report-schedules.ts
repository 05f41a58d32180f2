import type { Generated } from 'kysely';

/* Scheduled reports (migration 0025; domains/schedules/README.md): the schedules and their runs. */

export interface ReportSchedulesTable {
  id: Generated<number>;
  merchant_id: number;
  /** Who made it: the export runs with this administrator's permissions and gateways as they are at run time. */
  owner_admin_id: number;
  name: string;
  /** The list's screen (menu url) the schedule was made on. */
  screen: string;
  /** The export's POST route without /v3api. */
  export_path: string;
  /** JSON of the list's filters as its export button sends them, without `format`. */
  filters: string;
  format: string;
  /** daily, weekly or monthly. */
  frequency: string;
  /** 0 Sunday .. 6 Saturday (weekly). */
  weekday: number | null;
  /** 1..28 or -1 for the last day (monthly). */
  month_day: number | null;
  /** HH:mm in `timezone`. */
  time: string;
  timezone: string;
  /** JSON array of addresses. */
  recipients: string;
  /** Language of the mail and of the file's texts (the maker's, when made). */
  language: string;
  /** active, paused or stopped. */
  status: string;
  /** Message key of why a stopped schedule stopped. */
  stop_reason: Generated<string>;
  /** Next due time; null when not active. */
  next_run_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ReportScheduleRunsTable {
  id: Generated<number>;
  schedule_id: number;
  merchant_id: number;
  /** The slot this run is for (unique with schedule_id), or the time of a "run now". */
  due_at: number;
  manual: Generated<number>;
  /** running, sent or failed. */
  status: string;
  /** Message key (with JSON params after a newline) or the export's own refusal text. */
  error: Generated<string>;
  file_name: Generated<string>;
  content_type: Generated<string>;
  /** The file in platform/storage.ts; null once removed (or never made). */
  storage_name: string | null;
  file_size: Generated<number>;
  /** attached or link. */
  delivery: string | null;
  /** The file (and its signed link) is kept until then. */
  file_expires_at: number | null;
  started_at: number;
  finished_at: number | null;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface ReportScheduleTables {
  report_schedules: ReportSchedulesTable;
  report_schedule_runs: ReportScheduleRunsTable;
}
