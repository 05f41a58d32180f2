import type { FastifyInstance } from 'fastify';
import { isLanguage, type TLanguage } from '@mbo/shared/i18n';
import { findMenu } from '@mbo/shared/permissions';
import {
  SCHEDULES_PER_MERCHANT_MAX,
  type TReportSchedule,
  type TReportScheduleCreate,
  type TScheduleFrequency,
  type TScheduleRun,
  type TScheduleSettings,
} from '@mbo/shared/report-schedules';
import { businessError, forbiddenError } from '../../platform/errors';
import { translate, type MessageParams } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import type { SessionContext } from '../../platform/session';
import { toIso } from '../../platform/time';
import { checkExportFilters, exportRouteAt, holdsPermission } from './export-as-owner';
import * as repo from './repository';
import { nextSlotAfter, type Timing } from './timing';

/** Rules of the scheduled reports (README.md): what may be scheduled, by whom, and how a schedule reads. */

type Filters = Record<string, string | number | boolean>;

/** A run's failure or a stop's reason as stored: a message key, and its parameters as JSON on a second line. */
export function storedMessage(key: MessageKey, params: MessageParams = {}): string {
  return Object.keys(params).length === 0 ? key : `${key}\n${JSON.stringify(params)}`;
}

export function readStoredMessage(lang: TLanguage, stored: string): string {
  if (stored === '') return '';
  const [key, json] = stored.split('\n', 2) as [string, string | undefined];
  return translate(lang, key as MessageKey, json ? (JSON.parse(json) as MessageParams) : {});
}

const FILTER_KEYS = { badFilters: 'schedule.badFilters', notExportable: 'schedule.notExportable' } as const;

function timingOf(s: TScheduleSettings): Timing {
  return {
    frequency: s.frequency,
    weekday: s.frequency === 'weekly' ? (s.weekday ?? null) : null,
    monthDay: s.frequency === 'monthly' ? (s.monthDay ?? null) : null,
    time: s.time,
    timezone: s.timezone,
  };
}

function settingsColumns(s: TScheduleSettings) {
  const t = timingOf(s);
  return {
    name: s.name,
    frequency: t.frequency,
    weekday: t.weekday,
    month_day: t.monthDay,
    time: t.time,
    timezone: t.timezone,
    recipients: JSON.stringify([...new Set(s.recipients)]),
    format: s.format,
  };
}

/** A new schedule of the caller's: the export must be one they may make now, with filters it accepts. */
export async function createSchedule(
  app: FastifyInstance,
  session: SessionContext,
  lang: TLanguage,
  body: TReportScheduleCreate,
): Promise<number> {
  const route = exportRouteAt(app, body.exportPath);
  if (!route || !findMenu(body.screen)) throw businessError('schedule.notExportable');
  const permission = route.config?.permission;
  if (!permission || !(await holdsPermission(app, session.roleId, session.merchantId, permission)))
    throw forbiddenError('schedule.exportForbidden');
  checkExportFilters(route, body.filters, lang, FILTER_KEYS);
  const now = app.now();
  return app.db.transaction().execute(async (trx) => {
    if ((await repo.countSchedules(trx, session.merchantId)) >= SCHEDULES_PER_MERCHANT_MAX)
      throw businessError('schedule.tooMany', { max: SCHEDULES_PER_MERCHANT_MAX });
    return repo.insertSchedule(trx, {
      merchant_id: session.merchantId,
      owner_admin_id: session.adminId,
      screen: body.screen,
      export_path: body.exportPath,
      filters: JSON.stringify(body.filters),
      ...settingsColumns(body),
      language: lang,
      status: 'active',
      next_run_at: nextSlotAfter(timingOf(body), now),
      created_at: now,
      updated_at: now,
    });
  });
}

/** The caller's own schedule (any other, of this merchant or not, is refused alike). */
export async function ownSchedule(app: FastifyInstance, session: SessionContext, id: number): Promise<repo.ScheduleWithOwner> {
  const s = await repo.findSchedule(app.db, session.merchantId, id);
  if (!s) throw businessError('schedule.notFound');
  if (s.owner_admin_id !== session.adminId) throw forbiddenError('schedule.notOwner');
  return s;
}

export async function updateSchedule(
  app: FastifyInstance,
  session: SessionContext,
  id: number,
  settings: TScheduleSettings,
): Promise<void> {
  const s = await ownSchedule(app, session, id);
  const now = app.now();
  await repo.updateSchedule(app.db, s.id, {
    ...settingsColumns(settings),
    next_run_at: s.status === 'active' ? nextSlotAfter(timingOf(settings), now) : null,
    updated_at: now,
  });
}

/** Pause, or resume: a stopped schedule resumes only when its owner may make the export again (the caller is the owner, so signed in). */
export async function enableSchedule(app: FastifyInstance, session: SessionContext, id: number, active: boolean): Promise<void> {
  const s = await ownSchedule(app, session, id);
  const now = app.now();
  if (!active) {
    await repo.updateSchedule(app.db, s.id, { status: 'paused', stop_reason: '', next_run_at: null, updated_at: now });
    return;
  }
  const permission = exportRouteAt(app, s.export_path)?.config?.permission;
  if (!permission || !(await holdsPermission(app, session.roleId, session.merchantId, permission)))
    throw businessError('schedule.stillStopped');
  await repo.updateSchedule(app.db, s.id, {
    status: 'active',
    stop_reason: '',
    next_run_at: nextSlotAfter(timingFromRow(s), now),
    updated_at: now,
  });
}

export async function deleteSchedule(app: FastifyInstance, session: SessionContext, id: number): Promise<void> {
  const s = await ownSchedule(app, session, id);
  const files = await repo.storedFilesOf(app.db, s.id);
  await app.db.transaction().execute((trx) => repo.deleteSchedule(trx, s.id));
  // The rows first: a file whose removal fails is an orphan on disk, never a run that points nowhere.
  for (const name of files) await app.files.remove(app.db, name);
}

export function timingFromRow(s: repo.ScheduleRow): Timing {
  return { frequency: s.frequency as TScheduleFrequency, weekday: s.weekday, monthDay: s.month_day, time: s.time, timezone: s.timezone };
}

export function languageOf(s: repo.ScheduleRow): TLanguage {
  return isLanguage(s.language) ? s.language : 'zhCn';
}

export function toSchedule(s: repo.ScheduleWithOwner, last: repo.RunRow | undefined, lang: TLanguage, adminId: number): TReportSchedule {
  return {
    id: s.id,
    name: s.name,
    screen: s.screen,
    exportPath: s.export_path,
    filters: JSON.parse(s.filters) as Filters,
    frequency: s.frequency as TScheduleFrequency,
    weekday: s.weekday,
    monthDay: s.month_day,
    time: s.time,
    timezone: s.timezone,
    recipients: JSON.parse(s.recipients) as string[],
    format: s.format === 'xlsx' ? 'xlsx' : 'csv',
    status: s.status === 'paused' || s.status === 'stopped' ? s.status : 'active',
    stopReason: readStoredMessage(lang, s.stop_reason),
    ownerLoginName: s.owner_login_name,
    mine: s.owner_admin_id === adminId,
    nextRunAt: s.status === 'active' && s.next_run_at !== null ? toIso(s.next_run_at) : '',
    lastRun: last
      ? { status: runStatus(last.status), at: toIso(last.finished_at ?? last.started_at), error: readStoredMessage(lang, last.error) }
      : null,
    createdAt: toIso(s.created_at),
  };
}

function runStatus(status: string): TScheduleRun['status'] {
  return status === 'sent' || status === 'failed' ? status : 'running';
}

export function toRun(r: repo.RunRow, lang: TLanguage, mayDownload: boolean): TScheduleRun {
  return {
    id: r.id,
    dueAt: toIso(r.due_at),
    manual: r.manual === 1,
    status: runStatus(r.status),
    error: readStoredMessage(lang, r.error),
    fileName: r.file_name,
    fileSize: Number(r.file_size),
    delivery: r.delivery === 'attached' || r.delivery === 'link' ? r.delivery : null,
    hasFile: mayDownload && r.storage_name !== null,
    finishedAt: r.finished_at !== null ? toIso(r.finished_at) : '',
  };
}
