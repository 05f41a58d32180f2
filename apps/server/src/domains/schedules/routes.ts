import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { ZEmptyData } from '@mbo/shared/envelope';
import {
  REPORT_SCHEDULE_MENU,
  ReportSchedulePath,
  RUNS_SHOWN,
  SIGNED_LINK_DAYS,
  ZReportScheduleCreate,
  ZReportScheduleDetail,
  ZReportScheduleDetailQuery,
  ZReportScheduleEnable,
  ZReportScheduleId,
  ZReportScheduleList,
  ZReportScheduleUpdate,
  ZScheduleRun,
  ZSignedFileQuery,
} from '@mbo/shared/report-schedules';
import { z } from 'zod';
import { ok, okResponse } from '../../platform/envelope';
import { businessError, forbiddenError } from '../../platform/errors';
import { FILE_RESPONSE } from '../../platform/export-route';
import { requireSession } from '../../platform/request-context';
import { sendFile } from '../../platform/uploads';
import * as repo from './repository';
import { claimManualRun, makeRun } from './runner';
import * as service from './service';
import { linkKey, signatureMatches } from './signed-link';

/** Scheduled reports (README.md): the merchant's schedules, the owner's changes, "run now", a run's file and the signed link of a mail. */

const SCREEN = { permission: REPORT_SCHEDULE_MENU } as const;
const EDIT = { permission: 'ReportSchedule:Edit' } as const;

export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  async function sendRunFile(reply: FastifyReply, run: repo.RunRow) {
    const content = run.storage_name !== null ? await app.files.get(app.db, run.storage_name) : null;
    if (!content) throw businessError('schedule.fileGone', { days: SIGNED_LINK_DAYS });
    const type = run.content_type || 'application/octet-stream';
    return sendFile(reply, { type, name: run.file_name, disposition: 'attachment' }, content);
  }

  app.get(ReportSchedulePath.list, { config: SCREEN, schema: { response: okResponse(ZReportScheduleList) } }, async (request) => {
    const session = requireSession(request);
    const rows = await repo.listSchedules(app.db, session.merchantId);
    const last = await repo.latestRuns(
      app.db,
      rows.map((r) => r.id),
    );
    return ok(request, { list: rows.map((r) => service.toSchedule(r, last.get(r.id), request.lang, session.adminId)) });
  });

  app.get(
    ReportSchedulePath.detail,
    { config: SCREEN, schema: { querystring: ZReportScheduleDetailQuery, response: okResponse(ZReportScheduleDetail) } },
    async (request) => {
      const session = requireSession(request);
      const s = await repo.findSchedule(app.db, session.merchantId, request.query.id);
      if (!s) throw businessError('schedule.notFound');
      const runs = await repo.listRuns(app.db, s.id, RUNS_SHOWN);
      const mine = s.owner_admin_id === session.adminId;
      return ok(request, {
        schedule: service.toSchedule(s, runs[0], request.lang, session.adminId),
        runs: runs.map((r) => service.toRun(r, request.lang, mine)),
      });
    },
  );

  app.post(
    ReportSchedulePath.create,
    { config: EDIT, schema: { body: ZReportScheduleCreate, response: okResponse(z.object({ id: z.number() })) } },
    async (request) => ok(request, { id: await service.createSchedule(app, requireSession(request), request.lang, request.body) }),
  );

  app.post(
    ReportSchedulePath.update,
    { config: EDIT, schema: { body: ZReportScheduleUpdate, response: okResponse(ZEmptyData) } },
    async (request) => {
      const { id, ...settings } = request.body;
      await service.updateSchedule(app, requireSession(request), id, settings);
      return ok(request, null);
    },
  );

  app.post(
    ReportSchedulePath.enable,
    { config: EDIT, schema: { body: ZReportScheduleEnable, response: okResponse(ZEmptyData) } },
    async (request) => {
      await service.enableSchedule(app, requireSession(request), request.body.id, request.body.active);
      return ok(request, null);
    },
  );

  app.post(
    ReportSchedulePath.delete,
    { config: EDIT, schema: { body: ZReportScheduleId, response: okResponse(ZEmptyData) } },
    async (request) => {
      await service.deleteSchedule(app, requireSession(request), request.body.id);
      return ok(request, null);
    },
  );

  // The run is made while the caller waits: the answer says whether it was sent, and why not.
  app.post(
    ReportSchedulePath.runNow,
    { config: EDIT, schema: { body: ZReportScheduleId, response: okResponse(ZScheduleRun) } },
    async (request) => {
      const session = requireSession(request);
      const s = await service.ownSchedule(app, session, request.body.id);
      if (await repo.hasRunningRun(app.db, s.id)) throw businessError('schedule.runRunning');
      const runId = await claimManualRun(app, s);
      if (runId === null) throw businessError('schedule.runRunning');
      await makeRun(app, s, runId, app.now());
      const run = await repo.findRun(app.db, runId);
      return ok(request, service.toRun(run!, request.lang, true));
    },
  );

  // A run's file again, for the schedule's owner: it holds what their gateways showed.
  app.post(
    ReportSchedulePath.runFile,
    { config: SCREEN, schema: { body: ZReportScheduleId, response: FILE_RESPONSE } },
    async (request, reply) => {
      const session = requireSession(request);
      const run = await repo.findRun(app.db, request.body.id);
      const s = run && (await repo.findSchedule(app.db, session.merchantId, run.schedule_id));
      if (!run || !s) throw businessError('schedule.notFound');
      if (s.owner_admin_id !== session.adminId) throw forbiddenError('schedule.notOwner');
      return sendRunFile(reply, run);
    },
  );

  // The link of a mail whose file was too large to attach: no session, the signature and the expiry decide.
  app.get(
    ReportSchedulePath.signedFile,
    { config: { public: true }, schema: { querystring: ZSignedFileQuery, response: FILE_RESPONSE } },
    async (request, reply) => {
      const { r, e, s } = request.query;
      const key = await linkKey(app.db, app.appConfig.reportLinkKey);
      if (!signatureMatches(key, r, e, s)) throw forbiddenError('schedule.linkInvalid');
      if (e <= app.now()) throw businessError('schedule.linkExpired', { days: SIGNED_LINK_DAYS });
      const run = await repo.findRun(app.db, r);
      if (!run || run.file_expires_at !== e) throw businessError('schedule.fileGone', { days: SIGNED_LINK_DAYS });
      return sendRunFile(reply, run);
    },
  );
};
