import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/database';
import type { ReportScheduleRunsTable, ReportSchedulesTable } from '../../db/types';

/** All SQL of the scheduled reports (README.md). Every read of a merchant's schedules names the merchant. */

export type ScheduleRow = Selectable<ReportSchedulesTable>;
export type RunRow = Selectable<ReportScheduleRunsTable>;
export type ScheduleWithOwner = ScheduleRow & { owner_login_name: string };

export async function countSchedules(db: DbOrTrx, merchantId: number): Promise<number> {
  const row = await db
    .selectFrom('report_schedules')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSchedule(db: DbOrTrx, values: Insertable<ReportSchedulesTable>): Promise<number> {
  const row = await db.insertInto('report_schedules').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

function withOwner(db: DbOrTrx) {
  return db
    .selectFrom('report_schedules as s')
    .innerJoin('admins as a', 'a.id', 's.owner_admin_id')
    .selectAll('s')
    .select('a.login_name as owner_login_name');
}

export function listSchedules(db: DbOrTrx, merchantId: number): Promise<ScheduleWithOwner[]> {
  return withOwner(db).where('s.merchant_id', '=', merchantId).orderBy('s.id', 'desc').execute();
}

export function findSchedule(db: DbOrTrx, merchantId: number, id: number): Promise<ScheduleWithOwner | undefined> {
  return withOwner(db).where('s.merchant_id', '=', merchantId).where('s.id', '=', id).executeTakeFirst();
}

export function findScheduleById(db: DbOrTrx, id: number): Promise<ScheduleRow | undefined> {
  return db.selectFrom('report_schedules').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The latest run of each schedule. */
export async function latestRuns(db: DbOrTrx, scheduleIds: readonly number[]): Promise<Map<number, RunRow>> {
  if (scheduleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('report_schedule_runs')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('report_schedule_runs')
        .select((e) => e.fn.max('id').as('id'))
        .where('schedule_id', 'in', scheduleIds)
        .groupBy('schedule_id'),
    )
    .execute();
  return new Map(rows.map((r) => [r.schedule_id, r]));
}

export function listRuns(db: DbOrTrx, scheduleId: number, limit: number): Promise<RunRow[]> {
  return db
    .selectFrom('report_schedule_runs')
    .selectAll()
    .where('schedule_id', '=', scheduleId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findRun(db: DbOrTrx, id: number): Promise<RunRow | undefined> {
  return db.selectFrom('report_schedule_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateSchedule(
  db: DbOrTrx,
  id: number,
  values: Partial<Omit<Insertable<ReportSchedulesTable>, 'id' | 'merchant_id' | 'owner_admin_id'>>,
): Promise<void> {
  await db.updateTable('report_schedules').set(values).where('id', '=', id).execute();
}

/** Stops a schedule (its owner may no longer make the export): it is not due again until resumed. */
export async function stopSchedule(db: DbOrTrx, id: number, reason: string, now: number): Promise<void> {
  await db
    .updateTable('report_schedules')
    .set({ status: 'stopped', stop_reason: reason, next_run_at: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The stored files of a schedule's runs (to remove with it). */
export async function storedFilesOf(db: DbOrTrx, scheduleId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('report_schedule_runs')
    .select('storage_name')
    .where('schedule_id', '=', scheduleId)
    .where('storage_name', 'is not', null)
    .execute();
  return rows.map((r) => r.storage_name!);
}

export async function deleteSchedule(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('report_schedule_runs').where('schedule_id', '=', id).execute();
  await db.deleteFrom('report_schedules').where('id', '=', id).execute();
}

/** Active schedules due at `now`, the longest overdue first. */
export function dueSchedules(db: DbOrTrx, now: number, limit: number): Promise<ScheduleRow[]> {
  return db
    .selectFrom('report_schedules')
    .selectAll()
    .where('status', '=', 'active')
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Moves a due schedule on to `next`, if it is still due at `seen` (no other runner moved it first):
 * one conditional update, which only one of several runners can win.
 */
export async function advanceSchedule(db: DbOrTrx, id: number, seen: number, next: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('report_schedules')
    .set({ next_run_at: next, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('next_run_at', '=', seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The run of a schedule for one due time, or undefined when that due time already has its run (the unique key). */
export async function claimRun(
  db: DbOrTrx,
  s: { scheduleId: number; merchantId: number; dueAt: number; manual: boolean },
  now: number,
): Promise<number | undefined> {
  const row = await db
    .insertInto('report_schedule_runs')
    .values({
      schedule_id: s.scheduleId,
      merchant_id: s.merchantId,
      due_at: s.dueAt,
      manual: s.manual ? 1 : 0,
      status: 'running',
      started_at: now,
    })
    .onConflict((oc) => oc.columns(['schedule_id', 'due_at']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function hasRunningRun(db: DbOrTrx, scheduleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('report_schedule_runs')
    .select('id')
    .where('schedule_id', '=', scheduleId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateRun(db: DbOrTrx, id: number, values: Partial<Omit<Insertable<ReportScheduleRunsTable>, 'id'>>): Promise<void> {
  await db.updateTable('report_schedule_runs').set(values).where('id', '=', id).execute();
}

/** Runs still `running` since before `cutoff`: their node stopped mid-run. They are closed as failed, never made again. */
export async function closeInterruptedRuns(db: DbOrTrx, cutoff: number, error: string, now: number): Promise<number> {
  const result = await db
    .updateTable('report_schedule_runs')
    .set({ status: 'failed', error, finished_at: now })
    .where('status', '=', 'running')
    .where('started_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Runs whose kept file is past its expiry. */
export function expiredFiles(db: DbOrTrx, now: number, limit: number): Promise<{ id: number; storage_name: string | null }[]> {
  return db
    .selectFrom('report_schedule_runs')
    .select(['id', 'storage_name'])
    .where('file_expires_at', '<=', now)
    .where('storage_name', 'is not', null)
    .limit(limit)
    .execute();
}

/** The owner as the run finds them now: may they still sign in (status normal, of this merchant, the merchant open)? */
export function ownerState(db: DbOrTrx, adminId: number) {
  return db
    .selectFrom('admins as a')
    .where('a.id', '=', adminId)
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .selectAll('a')
    .select(['m.status as merchant_status', 'm.name as merchant_name', 'm.merchant_no'])
    .executeTakeFirst();
}

/** Why a mail recorded as failed was not delivered. */
export async function mailError(db: DbOrTrx, mailId: number): Promise<string> {
  const row = await db.selectFrom('mail_outbox').select('error').where('id', '=', mailId).executeTakeFirst();
  return row?.error ?? '';
}

/** The stored secret named `name`, made with `fresh` by whichever node asks first (the others then read it). */
export async function serverKey(db: DbOrTrx, name: string, fresh: () => string, now: number): Promise<string> {
  await db
    .insertInto('server_keys')
    .values({ name, secret: fresh(), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_keys').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
  return row.secret;
}
