import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@mbo/shared/envelope';
import { REPORT_SCHEDULE_MENU, SIGNED_LINK_DAYS, type TScheduleFrequency } from '@mbo/shared/report-schedules';
import type { Trx } from '../../db/database';
import type { MailAttachment } from '../../platform/mail';
import type { MessageKey } from '../../platform/messages';
import { sendNotificationMails } from '../notifications/mail-sender';
import { notify, textsOf } from '../notifications/notify';
import { DAY_MS, MINUTE_MS } from '../../platform/time';
import { exportAsOwner, fileNameOf, ownerWhoMayRun, sizeText } from './export-as-owner';
import * as repo from './repository';
import { languageOf, readStoredMessage, storedMessage, timingFromRow } from './service';
import { linkKey, signedLink } from './signed-link';
import { dueSlot, runFilters } from './timing';

/*
 * Making and sending a run (README.md). A run is claimed first (a row unique per schedule and due
 * time), then the file is made by the export route itself, called in-process as the schedule's owner
 * with a session opened for that one call: the route checks the owner's permission and gateways as
 * they are now, exactly as it would for their own click, and refuses as it would refuse them.
 */

export type ScheduleApp = Pick<FastifyInstance, 'db' | 'files' | 'notifier' | 'appConfig' | 'now' | 'inject' | 'log'>;

/** Schedules taken per pass of the job; the rest wait for the next pass. */
const DUE_PER_PASS = 20;
/** A run still `running` this long after it started was left by a node that stopped. */
export const INTERRUPTED_AFTER_MS = 30 * MINUTE_MS;

/** One pass of the job: closes interrupted runs, removes files past their days, makes every due run. Returns the runs made. */
export async function runDueSchedules(app: ScheduleApp): Promise<number> {
  const now = app.now();
  await repo.closeInterruptedRuns(app.db, now - INTERRUPTED_AFTER_MS, storedMessage('schedule.run.interrupted'), now);
  for (const run of await repo.expiredFiles(app.db, now, 100)) {
    if (run.storage_name) await app.files.remove(app.db, run.storage_name);
    await repo.updateRun(app.db, run.id, { storage_name: null });
  }
  let made = 0;
  for (const s of await repo.dueSchedules(app.db, now, DUE_PER_PASS)) {
    const claimed = await claimDue(app, s, now);
    if (claimed === null) continue;
    await makeRun(app, s, claimed.runId, claimed.slot);
    made += 1;
  }
  return made;
}

/**
 * Claims the due run of a schedule: moves its next run past `now` (only if no other runner moved it)
 * and inserts the run for its slot (only if that slot has none), in one transaction. Null: another
 * runner has it.
 */
async function claimDue(app: ScheduleApp, s: repo.ScheduleRow, now: number): Promise<{ runId: number; slot: number } | null> {
  const seen = s.next_run_at;
  if (seen === null) return null;
  const { slot, next } = dueSlot(timingFromRow(s), seen, now);
  return app.db.transaction().execute(async (trx) => {
    if (!(await repo.advanceSchedule(trx, s.id, seen, next, now))) return null;
    const runId = await repo.claimRun(trx, { scheduleId: s.id, merchantId: s.merchant_id, dueAt: slot, manual: false }, now);
    return runId === undefined ? null : { runId, slot };
  });
}

/** "Run now": a run at this moment, besides the schedule's own slots. Null when the moment already has one. */
export async function claimManualRun(app: ScheduleApp, s: repo.ScheduleRow): Promise<number | null> {
  const runId = await repo.claimRun(app.db, { scheduleId: s.id, merchantId: s.merchant_id, dueAt: app.now(), manual: true }, app.now());
  return runId ?? null;
}

async function fail(app: ScheduleApp, s: repo.ScheduleRow, runId: number, error: string): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    await repo.updateRun(trx, runId, { status: 'failed', error, finished_at: app.now() });
    await tellOwner(trx, app.now(), s, runId, error);
  });
  await sendNotificationMails(app.db, app.notifier);
}

/** A failed run tells the schedule's owner (notifications/README.md), once per run. */
function tellOwner(trx: Trx, at: number, s: repo.ScheduleRow, runId: number, error: string) {
  return notify(trx, {
    merchantId: s.merchant_id,
    kind: 'reportFailed',
    recipients: [s.owner_admin_id],
    eventKey: `schedule-run:${runId}`,
    text: textsOf('notification.text.reportFailed', (lang) => ({ name: s.name, reason: readStoredMessage(lang, error) })),
    link: REPORT_SCHEDULE_MENU,
    at,
  });
}

/** Stops the schedule and fails the run with the same reason (the owner's screen shows it). */
async function stop(app: ScheduleApp, s: repo.ScheduleRow, runId: number, key: MessageKey): Promise<void> {
  await repo.stopSchedule(app.db, s.id, key, app.now());
  await fail(app, s, runId, storedMessage(key));
}

/** Makes the file of a claimed run and mails it; every outcome is written on the run. */
export async function makeRun(app: ScheduleApp, s: repo.ScheduleRow, runId: number, slot: number): Promise<void> {
  try {
    const owner = await ownerWhoMayRun(app.db, s.owner_admin_id, s.merchant_id);
    if (!owner) return await stop(app, s, runId, 'schedule.stop.ownerDisabled');
    const { filters, period } = runFilters(
      JSON.parse(s.filters) as Record<string, string>,
      s.frequency as TScheduleFrequency,
      slot,
      s.timezone,
    );
    const { res } = await exportAsOwner(
      app,
      owner,
      s.export_path,
      { ...filters, format: s.format },
      {
        lang: languageOf(s),
        timezone: s.timezone,
        ip: 'scheduled-report',
        userAgent: `report schedule ${s.id}`,
      },
    );
    if (String(res.headers['content-type'] ?? '').includes('application/json')) {
      const envelope = res.json<{ code: number; msg: string }>();
      if (envelope.code === ErrorCode.unauthorized) return await stop(app, s, runId, 'schedule.stop.ownerDisabled');
      if (envelope.code === ErrorCode.forbidden) return await stop(app, s, runId, 'schedule.stop.noPermission');
      return await fail(app, s, runId, storedMessage('schedule.run.exportRefused', { reason: envelope.msg }));
    }
    if (res.statusCode !== 200) return await fail(app, s, runId, storedMessage('schedule.run.failed'));
    const content = res.rawPayload;
    const fileName = fileNameOf(res.headers['content-disposition'] as string | undefined, `report.${s.format}`);
    const contentType = String(res.headers['content-type'] ?? 'application/octet-stream');
    const stored = await app.files.put(app.db, s.merchant_id, content);
    const expiresAt = app.now() + SIGNED_LINK_DAYS * DAY_MS;
    const attached = content.length <= app.appConfig.reportAttachMaxMb * 1024 * 1024;
    await repo.updateRun(app.db, runId, {
      file_name: fileName,
      content_type: contentType,
      storage_name: stored.storageName,
      file_size: content.length,
      file_expires_at: expiresAt,
      delivery: attached ? 'attached' : 'link',
    });
    const attachment: MailAttachment = { filename: fileName, contentType, storageName: stored.storageName, size: content.length };
    const params = {
      name: s.name,
      period,
      merchantName: owner.merchant_name,
      merchantNo: owner.merchant_no,
      fileName,
      owner: owner.login_name,
      link: `${app.appConfig.appUrl}${REPORT_SCHEDULE_MENU}`,
      size: sizeText(content.length),
      days: SIGNED_LINK_DAYS,
      ...(attached
        ? {}
        : { fileLink: signedLink(app.appConfig.appUrl, await linkKey(app.db, app.appConfig.reportLinkKey), runId, expiresAt) }),
    };
    const failed: string[] = [];
    let error = '';
    for (const to of JSON.parse(s.recipients) as string[]) {
      const sent = attached
        ? await app.notifier.mail.send(to, languageOf(s), 'scheduledReport', params, [attachment])
        : await app.notifier.mail.send(to, languageOf(s), 'scheduledReportLink', params);
      if (sent.status === 'failed') {
        failed.push(to);
        error = await repo.mailError(app.db, sent.id);
      }
    }
    if (failed.length > 0) return await fail(app, s, runId, storedMessage('schedule.run.mailFailed', { to: failed.join(', '), error }));
    await repo.updateRun(app.db, runId, { status: 'sent', error: '', finished_at: app.now() });
  } catch (error) {
    app.log.error({ err: error, scheduleId: s.id, runId }, 'scheduled report failed');
    await fail(app, s, runId, storedMessage('schedule.run.failed'));
  }
}
