import type { Insertable, Selectable } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import type { ExportJobsTable } from '../../db/types';

/** All SQL of the background exports (README.md). Every read of a caller's export names their merchant and id. */

export type ExportJobRow = Selectable<ExportJobsTable>;

export function insertJob(db: DbOrTrx, row: Insertable<ExportJobsTable>): Promise<number> {
  return db
    .insertInto('export_jobs')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.id));
}

/** The caller's own export (their merchant, their id), or undefined. */
export function findOwnJob(db: DbOrTrx, merchantId: number, adminId: number, id: number): Promise<ExportJobRow | undefined> {
  return db
    .selectFrom('export_jobs')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('admin_id', '=', adminId)
    .executeTakeFirst();
}

export function findJob(db: DbOrTrx, id: number): Promise<ExportJobRow | undefined> {
  return db.selectFrom('export_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listOwnJobs(db: Db, merchantId: number, adminId: number, limit: number): Promise<ExportJobRow[]> {
  return db
    .selectFrom('export_jobs')
    .selectAll()
    .where('admin_id', '=', adminId)
    .where('merchant_id', '=', merchantId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countActive(db: DbOrTrx, adminId: number): Promise<number> {
  const r = await db
    .selectFrom('export_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admin_id', '=', adminId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The oldest queued exports (the runners' queue). */
export function queuedIds(db: Db, limit: number): Promise<number[]> {
  return db
    .selectFrom('export_jobs')
    .select('id')
    .where('status', '=', 'queued')
    .orderBy('id')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => Number(r.id)));
}

/** Takes a queued export for `runner`: one conditional update, so one node (and one pass) wins it. */
export async function claimJob(db: Db, id: number, runner: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('export_jobs')
    .set({ status: 'running', runner, heartbeat_at: now, started_at: now, rows_written: 0, bytes_written: 0 })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Progress of a running export, and its heartbeat. False: it is no longer running for this runner (cancelled, or taken as stale). */
export async function recordProgress(
  db: Db,
  id: number,
  runner: string,
  p: { rows: number | null; bytes: number },
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('export_jobs')
    .set({ rows_written: p.rows, bytes_written: p.bytes, heartbeat_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('runner', '=', runner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The name a running export's file is being written under (its part file until it is complete), for the sweep. */
export async function recordStorageName(db: Db, id: number, runner: string, storageName: string): Promise<void> {
  await db
    .updateTable('export_jobs')
    .set({ storage_name: storageName })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('runner', '=', runner)
    .execute();
}

/** Ends a running export of `runner` with `set`; false when it was no longer running for it (then nothing is written). */
export async function finishJob(db: DbOrTrx, id: number, runner: string, set: Partial<Insertable<ExportJobsTable>>): Promise<boolean> {
  const r = await db
    .updateTable('export_jobs')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('runner', '=', runner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The caller cancels a queued or running export of theirs. */
export async function cancelJob(db: Db, merchantId: number, adminId: number, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('export_jobs')
    .set({ status: 'cancelled', finished_at: now })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('admin_id', '=', adminId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Running exports whose node has not said it is alive since `before`: that node stopped. With the name its file had. */
export async function failStale(db: Db, before: number, error: string, now: number): Promise<{ id: number; storageName: string | null }[]> {
  const rows = await db
    .updateTable('export_jobs')
    .set({ status: 'failed', error, finished_at: now })
    .where('status', '=', 'running')
    .where('heartbeat_at', '<', before)
    .returning(['id', 'storage_name'])
    .execute();
  return rows.map((r) => ({ id: Number(r.id), storageName: r.storage_name }));
}

/** Finished exports whose file passed its days. */
export function expiredFiles(db: Db, now: number, limit: number) {
  return db
    .selectFrom('export_jobs')
    .select(['id', 'storage_name'])
    .where('status', '=', 'done')
    .where('expires_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markExpired(db: DbOrTrx, id: number): Promise<void> {
  await db.updateTable('export_jobs').set({ status: 'expired', storage_name: null }).where('id', '=', id).execute();
}

/** A closing node's running exports back to the queue, to be made again from the start by the next node that looks. */
export async function requeueRunning(db: Db, ids: number[], runner: string): Promise<void> {
  await db
    .updateTable('export_jobs')
    .set({ status: 'queued', runner: null, heartbeat_at: null, rows_written: null, bytes_written: 0, storage_name: null })
    .where('id', 'in', ids)
    .where('status', '=', 'running')
    .where('runner', '=', runner)
    .execute();
}
