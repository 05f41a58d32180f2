import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@mbo/shared/envelope';
import { EXPORT_JOBS_PAGE } from '@mbo/shared/export-job-paths';
import { EXPORT_FILE_DAYS } from '@mbo/shared/export-jobs';
import { isLanguage, type TLanguage } from '@mbo/shared/i18n';
import { findMenu } from '@mbo/shared/permissions';
import type { Trx } from '../../db/database';
import { translate, type MessageParams } from '../../platform/i18n';
import { LEASE_HOLDER } from '../../platform/job-lease';
import type { MessageKey } from '../../platform/messages';
import { screenText } from '../../platform/screen-texts';
import { DAY_MS, MINUTE_MS } from '../../platform/time';
import { sendNotificationMails } from '../notifications/mail-sender';
import { notify, textsOf } from '../notifications/notify';
import { exportAsOwner, fileNameOf, ownerWhoMayRun, sizeText } from '../schedules/export-as-owner';
import * as repo from './repository';

/*
 * Making a background export (README.md). A node claims a queued export with one conditional update
 * (queued -> running, with its name), so an export is made once however many nodes look. The file is
 * made by the export route itself, run as the administrator who asked (schedules/export-as-owner.ts,
 * as scheduled reports do), read as a stream: every second the rows written so far are recorded, which
 * is also the heartbeat and the cancel check (the update matches only while the row is still running
 * for this node). A cancelled export stops its stream and stores nothing.
 */

export type ExportJobApp = Pick<FastifyInstance, 'db' | 'files' | 'notifier' | 'now' | 'inject' | 'log' | 'background'>;

/** Exports one node makes at once; the others wait in the queue. */
export const RUNNING_PER_NODE = 2;
/** Progress (and the heartbeat, and the cancel check) is written this often while an export runs. */
export const PROGRESS_MS = 1_000;
/** A running export whose node has not written for this long was on a node that stopped. */
export const STALE_AFTER_MS = 2 * MINUTE_MS;

/** A failure as stored: a message key, and its parameters as JSON on a second line. */
function stored(key: MessageKey, params: MessageParams = {}): string {
  return Object.keys(params).length === 0 ? key : `${key}\n${JSON.stringify(params)}`;
}

export function readStored(lang: TLanguage, text: string): string {
  if (text === '') return '';
  const [key, json] = text.split('\n', 2) as [string, string | undefined];
  return translate(lang, key as MessageKey, json ? (JSON.parse(json) as MessageParams) : {});
}

/** The list's name as its screen titles it. */
export function screenName(lang: TLanguage, screen: string): string {
  const menu = findMenu(screen);
  return menu ? screenText(lang, menu.titleKey) : screen;
}

/**
 * CSV lines ended in `chunk`, outside quoted cells (a quoted cell may hold a line break). `state`
 * carries whether the previous chunk ended inside quotes; an escaped quote ("") closes and reopens.
 */
export function countCsvLines(chunk: Buffer, state: { quoted: boolean }): number {
  let lines = 0;
  let i = 0;
  while (i < chunk.length) {
    const quote = chunk.indexOf(0x22, i);
    if (state.quoted) {
      if (quote < 0) break;
      state.quoted = false;
      i = quote + 1;
      continue;
    }
    const end = quote < 0 ? chunk.length : quote;
    for (let nl = chunk.indexOf(0x0a, i); nl >= 0 && nl < end; nl = chunk.indexOf(0x0a, nl + 1)) lines += 1;
    if (quote < 0) break;
    state.quoted = true;
    i = quote + 1;
  }
  return lines;
}

function tell(trx: Trx, job: repo.ExportJobRow, at: number, text: Parameters<typeof notify>[1]['text']) {
  return notify(trx, {
    merchantId: job.merchant_id,
    kind: 'exportReady',
    recipients: [job.admin_id],
    eventKey: `export-job:${job.id}`,
    text,
    link: EXPORT_JOBS_PAGE,
    at,
  });
}

export type ExportRunner = {
  name: string;
  /** Fails stale runs, claims queued exports up to this node's share and starts them (in app.background). Returns the ids started. */
  pass: () => Promise<number[]>;
  /** Stops an export this node is making (its row already says cancelled). */
  abort: (id: number) => void;
  /** Stops every export of this node and puts them back in the queue (the server is closing). */
  close: () => Promise<void>;
};

export function createExportRunner(app: ExportJobApp, name = `${LEASE_HOLDER}:exports`): ExportRunner {
  const running = new Map<number, AbortController>();
  let closing = false;

  async function fail(job: repo.ExportJobRow, key: MessageKey, params: MessageParams = {}): Promise<void> {
    const error = stored(key, params);
    const told = await app.db.transaction().execute(async (trx) => {
      if (!(await repo.finishJob(trx, job.id, name, { status: 'failed', error, finished_at: app.now() }))) return false;
      await tell(
        trx,
        job,
        app.now(),
        textsOf('notification.text.exportFailed', (lang) => ({ name: screenName(lang, job.screen), reason: readStored(lang, error) })),
      );
      return true;
    });
    if (told) await sendNotificationMails(app.db, app.notifier);
  }

  async function make(job: repo.ExportJobRow, controller: AbortController): Promise<void> {
    const owner = await ownerWhoMayRun(app.db, job.admin_id, job.merchant_id);
    if (!owner) return fail(job, 'exportJob.failed.noPermission');
    const lang: TLanguage = isLanguage(job.language) ? job.language : 'zhCn';
    const body = { ...(JSON.parse(job.filters) as Record<string, unknown>), format: job.format };
    const { res, revoke } = await exportAsOwner(app, owner, job.export_path, body, {
      lang,
      timezone: job.timezone,
      ip: 'background-export',
      userAgent: `background export ${job.id}`,
      stream: { signal: controller.signal },
    });
    const csv = job.format === 'csv';
    const quotes = { quoted: false };
    let bytes = 0;
    let lines = 0;
    const rows = () => (csv ? Math.max(0, lines - 1) : null);
    let writing = false;
    const progress = setInterval(() => {
      if (writing) return;
      writing = true;
      repo
        .recordProgress(app.db, job.id, name, { rows: rows(), bytes }, app.now())
        .then((alive) => {
          if (!alive) controller.abort();
        })
        .catch((error: unknown) => app.log.warn({ err: error, exportJobId: job.id }, 'export progress not recorded'))
        .finally(() => {
          writing = false;
        });
    }, PROGRESS_MS);
    // The file's bytes go to storage as the export writes them, counted on the way; storage keeps
    // nothing of a stream that fails or is stopped (a cancel closes the answer and aborts the signal).
    async function* measured(stream: AsyncIterable<Buffer>) {
      for await (const chunk of stream) {
        bytes += chunk.length;
        if (csv) lines += countCsvLines(chunk, quotes);
        yield chunk;
      }
    }
    try {
      if (String(res.headers['content-type'] ?? '').includes('application/json')) {
        // A refusal (an envelope, small): read whole for its reason.
        const parts: Buffer[] = [];
        for await (const chunk of res.stream()) parts.push(chunk as Buffer);
        clearInterval(progress);
        const envelope = JSON.parse(Buffer.concat(parts).toString('utf8')) as { code: number; msg: string };
        if (envelope.code === ErrorCode.forbidden || envelope.code === ErrorCode.unauthorized)
          return await fail(job, 'exportJob.failed.noPermission');
        return await fail(job, 'exportJob.failed.refused', { reason: envelope.msg });
      }
      if (res.statusCode !== 200) {
        res.raw.res.destroy();
        return await fail(job, 'exportJob.failed.error');
      }
      const file = await app.files.putStream(app.db, job.merchant_id, measured(res.stream()), {
        signal: controller.signal,
        // Recorded before the first byte: if this node stops, the sweep removes what it had written.
        onName: (storageName) => repo.recordStorageName(app.db, job.id, name, storageName),
      });
      clearInterval(progress);
      const at = app.now();
      const done = await app.db.transaction().execute(async (trx) => {
        const finished = await repo.finishJob(trx, job.id, name, {
          status: 'done',
          rows_written: rows(),
          bytes_written: file.size,
          file_name: fileNameOf(res.headers['content-disposition'] as string | undefined, `export.${job.format}`),
          content_type: String(res.headers['content-type'] ?? 'application/octet-stream'),
          storage_name: file.storageName,
          finished_at: at,
          expires_at: at + EXPORT_FILE_DAYS * DAY_MS,
        });
        if (!finished) return false;
        const counted = rows();
        await tell(
          trx,
          job,
          at,
          textsOf('notification.text.exportReady', (l) => ({
            name: screenName(l, job.screen),
            rows: counted === null ? '-' : counted.toLocaleString('en-US'),
            size: sizeText(file.size),
            days: EXPORT_FILE_DAYS,
          })),
        );
        return true;
      });
      // Cancelled (or taken as stale) while the file was being stored: it is not kept.
      if (!done) await app.files.remove(app.db, file.storageName);
      else await sendNotificationMails(app.db, app.notifier);
    } catch (error) {
      if (controller.signal.aborted) return;
      app.log.error({ err: error, exportJobId: job.id }, 'background export failed');
      await fail(job, 'exportJob.failed.error');
    } finally {
      clearInterval(progress);
      await revoke();
    }
  }

  function start(job: repo.ExportJobRow): void {
    const controller = new AbortController();
    running.set(job.id, controller);
    app.background.run('background export', async () => {
      try {
        await make(job, controller);
      } catch (error) {
        app.log.error({ err: error, exportJobId: job.id }, 'background export failed');
        await fail(job, 'exportJob.failed.error');
      } finally {
        running.delete(job.id);
        // A place freed: the next queued export starts at once rather than at the next tick.
        if (!closing) app.background.run('background export pass', () => pass());
      }
    });
  }

  async function pass(): Promise<number[]> {
    const started: number[] = [];
    if (closing) return started;
    const free = RUNNING_PER_NODE - running.size;
    if (free <= 0) return started;
    for (const id of await repo.queuedIds(app.db, free * 2)) {
      if (running.size >= RUNNING_PER_NODE) break;
      if (!(await repo.claimJob(app.db, id, name, app.now()))) continue;
      const job = await repo.findJob(app.db, id);
      if (!job) continue;
      started.push(id);
      start(job);
    }
    return started;
  }

  return {
    name,
    pass,
    abort(id) {
      running.get(id)?.abort();
    },
    async close() {
      closing = true;
      const ids = [...running.keys()];
      for (const controller of running.values()) controller.abort();
      // Made again from the start by the next node that looks (nothing of it was stored).
      if (ids.length > 0) await repo.requeueRunning(app.db, ids, name);
    },
  };
}

/** The housekeeping pass (leased, one node): stale runs failed, what they had written removed, and told; files past their days removed. */
export async function sweepExportJobs(app: Pick<ExportJobApp, 'db' | 'files' | 'notifier' | 'now'>): Promise<void> {
  const now = app.now();
  const stale = await repo.failStale(app.db, now - STALE_AFTER_MS, stored('exportJob.failed.interrupted'), now);
  for (const { id, storageName } of stale) {
    // What the stopped node had written of the file (its part), or the file if it stopped after storing it.
    if (storageName) await app.files.remove(app.db, storageName);
    const job = await repo.findJob(app.db, id);
    if (!job) continue;
    await app.db.transaction().execute((trx) =>
      tell(
        trx,
        job,
        now,
        textsOf('notification.text.exportFailed', (lang) => ({ name: screenName(lang, job.screen), reason: readStored(lang, job.error) })),
      ),
    );
  }
  if (stale.length > 0) await sendNotificationMails(app.db, app.notifier);
  for (const job of await repo.expiredFiles(app.db, now, 100)) {
    if (job.storage_name) await app.files.remove(app.db, job.storage_name);
    await repo.markExpired(app.db, Number(job.id));
  }
}
