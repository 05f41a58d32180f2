import { z } from 'zod';
import { EXPORT_FORMATS } from './list';
import { ZEmail } from './onboarding';
import { isKnownTimezone } from './timezones';

/**
 * Scheduled reports (issue 48 §3), screen /reportSchedule/showSchedules under System: a list export,
 * the daily or monthly report or the ledger entries, made daily, weekly or monthly at a time in a
 * timezone and mailed to chosen addresses. Paths under /v3api.
 */
export const ReportSchedulePath = {
  /** GET: the merchant's schedules. */
  list: '/reportSchedule/list',
  /** GET ?id=: one schedule with its latest runs. */
  detail: '/reportSchedule/detail',
  /** POST ZReportScheduleCreate (ReportSchedule:Edit and the export's own permission). */
  create: '/reportSchedule/create',
  /** POST {id, ...settings}: when and to whom (the owner; ReportSchedule:Edit). */
  update: '/reportSchedule/update',
  /** POST {id, active}: pause, or resume (a stopped schedule too, once its owner may export again). */
  enable: '/reportSchedule/enable',
  /** POST {id}: delete a schedule with its runs and files. */
  delete: '/reportSchedule/delete',
  /** POST {id}: make and send the report now, once. */
  runNow: '/reportSchedule/runNow',
  /** POST {id}: the file of one run, again (the schedule's owner). */
  runFile: '/reportSchedule/runFile',
  /** GET ?r=&e=&s=: the file of a run through the signed link of its mail (public; HMAC and expiry checked). */
  signedFile: '/reportSchedule/file',
} as const;

/** The screen (menu url) of the scheduled reports. */
export const REPORT_SCHEDULE_MENU = '/reportSchedule/showSchedules';

export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type TScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/** active: runs when due; paused: by a person; stopped: its owner may no longer make the export (why in stopReason). */
export const SCHEDULE_STATUSES = ['active', 'paused', 'stopped'] as const;
export type TScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** running: claimed and being made; sent: mailed; failed: not sent (why in error). */
export const RUN_STATUSES = ['running', 'sent', 'failed'] as const;
export type TRunStatus = (typeof RUN_STATUSES)[number];

/** How a sent run reached its recipients: the file attached, or a signed link (a file over the attachment limit). */
export const RUN_DELIVERIES = ['attached', 'link'] as const;
export type TRunDelivery = (typeof RUN_DELIVERIES)[number];

/** The day of month that means "the last day of the month". */
export const LAST_DAY_OF_MONTH = -1;
export const SCHEDULE_NAME_MAX = 60;
export const SCHEDULE_RECIPIENTS_MAX = 10;
/** Schedules per merchant. */
export const SCHEDULES_PER_MERCHANT_MAX = 50;
/** A signed link (and the file it leads to) is valid this long. */
export const SIGNED_LINK_DAYS = 7;
/** Runs shown on a schedule's page. */
export const RUNS_SHOWN = 50;

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The list's filters as its export button would send them (format aside): plain values only. */
const ZFilterValue = z.union([z.string().max(500), z.number(), z.boolean()]);
export const ZScheduleFilters = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/), ZFilterValue)
  .refine((f) => Object.keys(f).length <= 30 && !('format' in f), 'validation.invalid');

/** When and to whom: what a schedule's owner may change later. */
export const ZScheduleSettings = z
  .object({
    name: z.string().trim().min(1).max(SCHEDULE_NAME_MAX),
    frequency: z.enum(SCHEDULE_FREQUENCIES),
    /** 0 Sunday .. 6 Saturday; weekly only. */
    weekday: z.number().int().min(0).max(6).optional(),
    /** 1..28, or -1 for the last day of the month; monthly only. */
    monthDay: z
      .number()
      .int()
      .min(LAST_DAY_OF_MONTH)
      .max(28)
      .refine((d) => d !== 0)
      .optional(),
    /** HH:mm in `timezone`. */
    time: z.string().regex(TIME_RE),
    timezone: z.string().max(64).refine(isKnownTimezone),
    recipients: z.array(ZEmail).min(1).max(SCHEDULE_RECIPIENTS_MAX),
    format: z.enum(EXPORT_FORMATS),
  })
  .superRefine((s, ctx) => {
    if (s.frequency === 'weekly' && s.weekday === undefined)
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'validation.required' });
    if (s.frequency === 'monthly' && s.monthDay === undefined)
      ctx.addIssue({ code: 'custom', path: ['monthDay'], message: 'validation.required' });
  });
export type TScheduleSettings = z.infer<typeof ZScheduleSettings>;

export const ZReportScheduleCreate = z.intersection(
  ZScheduleSettings,
  z.object({
    /** The export's POST route, as the list's export button calls it (without /v3api). */
    exportPath: z.string().regex(/^\/[A-Za-z0-9/_-]{1,100}$/),
    /** The list's screen (its menu url), where the schedule was made. */
    screen: z.string().regex(/^\/[A-Za-z0-9/_-]{1,100}$/),
    filters: ZScheduleFilters,
  }),
);
export type TReportScheduleCreate = z.infer<typeof ZReportScheduleCreate>;

export const ZReportScheduleUpdate = z.intersection(ZScheduleSettings, z.object({ id }));
export const ZReportScheduleId = z.object({ id });
export const ZReportScheduleEnable = z.object({ id, active: z.boolean() });
export const ZReportScheduleDetailQuery = z.object({ id });
export const ZSignedFileQuery = z.object({
  r: id,
  e: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  s: z.string().regex(/^[0-9a-f]{64}$/),
});

export const ZReportSchedule = z.object({
  id: z.number(),
  name: z.string(),
  screen: z.string(),
  exportPath: z.string(),
  filters: z.record(z.string(), ZFilterValue),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  weekday: z.number().nullable(),
  monthDay: z.number().nullable(),
  time: z.string(),
  timezone: z.string(),
  recipients: z.array(z.string()),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(SCHEDULE_STATUSES),
  /** Why a stopped schedule stopped, in the reader's language ('' otherwise). */
  stopReason: z.string(),
  ownerLoginName: z.string(),
  /** The caller owns it: may change it, run it and download its files. */
  mine: z.boolean(),
  /** ISO time of the next run ('' when not active). */
  nextRunAt: z.string(),
  lastRun: z.object({ status: z.enum(RUN_STATUSES), at: z.string(), error: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TReportSchedule = z.infer<typeof ZReportSchedule>;

export const ZScheduleRun = z.object({
  id: z.number(),
  /** ISO time the run was due (or asked for, by "run now"). */
  dueAt: z.string(),
  manual: z.boolean(),
  status: z.enum(RUN_STATUSES),
  /** Why it failed, in the reader's language. */
  error: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  delivery: z.enum(RUN_DELIVERIES).nullable(),
  /** The file is still kept (and the caller may download it). */
  hasFile: z.boolean(),
  finishedAt: z.string(),
});
export type TScheduleRun = z.infer<typeof ZScheduleRun>;

export const ZReportScheduleList = z.object({ list: z.array(ZReportSchedule) });
export const ZReportScheduleDetail = z.object({ schedule: ZReportSchedule, runs: z.array(ZScheduleRun) });
export type TReportScheduleDetail = z.infer<typeof ZReportScheduleDetail>;
