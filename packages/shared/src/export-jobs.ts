import { z } from 'zod';
import { EXPORT_FORMATS } from './list';
import { ZScheduleFilters } from './report-schedules';

/** A finished export's file is kept this long, then removed. */
export const EXPORT_FILE_DAYS = 7;
/** Exports shown in the list (the newest). */
export const EXPORT_JOBS_SHOWN = 30;
/** Exports of one administrator queued or running at once. */
export const EXPORT_JOBS_ACTIVE_MAX = 3;

export const EXPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled', 'expired'] as const;
export type TExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ZExportJobStart = z.object({
  /** The export's POST route, as the list's export button calls it (without /v3api). */
  exportPath: z.string().regex(/^\/[A-Za-z0-9/_-]{1,100}$/),
  /** The list's screen (its menu url): names the export in the list. */
  screen: z.string().regex(/^\/[A-Za-z0-9/_-]{1,100}$/),
  /** The body the export button posts, without `format`. */
  filters: ZScheduleFilters,
  format: z.enum(EXPORT_FORMATS),
  /** The list's exact row count as the screen showed it, when it had one (shown as the expected total). */
  expectedRows: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type TExportJobStart = z.infer<typeof ZExportJobStart>;

export const ZExportJobId = z.object({ id });

export const ZExportJob = z.object({
  id: z.number(),
  screen: z.string(),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_JOB_STATUSES),
  /** Rows written so far (CSV: counted as they are written; XLSX: known when finished). */
  rowsWritten: z.number().nullable(),
  /** The list's total when the screen knew it exactly, else null. */
  expectedRows: z.number().nullable(),
  /** Bytes of the file so far (running) or of the file (done). */
  size: z.number(),
  fileName: z.string(),
  /** Why it failed, in the caller's language ('' otherwise). */
  error: z.string(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  /** Until when the file is kept (done only). */
  expiresAt: z.number().nullable(),
});
export type TExportJob = z.infer<typeof ZExportJob>;

export const ZExportJobList = z.object({ list: z.array(ZExportJob) });
export type TExportJobList = z.infer<typeof ZExportJobList>;
