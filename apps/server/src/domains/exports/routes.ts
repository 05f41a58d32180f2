import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TLanguage } from '@mbo/shared/i18n';
import { ZEmptyData } from '@mbo/shared/envelope';
import {
  EXPORT_FILE_DAYS,
  EXPORT_JOBS_ACTIVE_MAX,
  EXPORT_JOBS_SHOWN,
  ZExportJobId,
  ZExportJobList,
  ZExportJobStart,
  type TExportJob,
  type TExportJobStatus,
} from '@mbo/shared/export-jobs';
import { ExportJobPath } from '@mbo/shared/export-job-paths';
import { findMenu } from '@mbo/shared/permissions';
import type { TExportFormat } from '@mbo/shared/list';
import { z } from 'zod';
import { ok, okResponse } from '../../platform/envelope';
import { businessError, forbiddenError } from '../../platform/errors';
import { FILE_RESPONSE } from '../../platform/export-route';
import { requireSession } from '../../platform/request-context';
import type { SessionContext } from '../../platform/session';
import { sendFile } from '../../platform/uploads';
import { checkExportFilters, exportRouteAt, holdsPermission } from '../schedules/export-as-owner';
import * as repo from './repository';
import { readStored, type ExportRunner } from './runner';

/**
 * Background exports (README.md): start one from a list's export buttons, see one's recent exports
 * with their progress, cancel, download. Every route answers the caller's own exports, in their merchant.
 */

const signedIn = { signedIn: true } as const;
const FILTER_KEYS = { badFilters: 'exportJob.badFilters', notExportable: 'exportJob.notExportable' } as const;

function toJob(r: repo.ExportJobRow, lang: TLanguage): TExportJob {
  return {
    id: Number(r.id),
    screen: r.screen,
    format: r.format as TExportFormat,
    status: r.status as TExportJobStatus,
    rowsWritten: r.rows_written === null ? null : Number(r.rows_written),
    expectedRows: r.expected_rows === null ? null : Number(r.expected_rows),
    size: Number(r.bytes_written),
    fileName: r.file_name,
    error: readStored(lang, r.error),
    createdAt: Number(r.created_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    expiresAt: r.status === 'done' && r.expires_at !== null ? Number(r.expires_at) : null,
  };
}

/** Every gateway of the file (null: all) is one the caller still sees. */
function scopeCovers(session: SessionContext, stored: string | null): boolean {
  const now = session.scope.gatewayIds;
  if (now === null) return true;
  if (stored === null) return false;
  const seen = new Set(now);
  return (JSON.parse(stored) as number[]).every((id) => seen.has(id));
}

export const exportJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const runner = app.exportRunner;

  app.post(
    ExportJobPath.start,
    { config: signedIn, schema: { body: ZExportJobStart, response: okResponse(z.object({ id: z.number() })) } },
    async (request) => {
      const session = requireSession(request);
      const body = request.body;
      const route = exportRouteAt(app, body.exportPath);
      if (!route || !findMenu(body.screen)) throw businessError('exportJob.notExportable');
      const permission = route.config?.permission;
      if (!permission || !(await holdsPermission(app, session.roleId, session.merchantId, permission)))
        throw forbiddenError('exportJob.forbidden');
      checkExportFilters(route, body.filters, request.lang, FILTER_KEYS);
      if ((await repo.countActive(app.db, session.adminId)) >= EXPORT_JOBS_ACTIVE_MAX)
        throw businessError('exportJob.tooMany', { max: EXPORT_JOBS_ACTIVE_MAX });
      const id = await repo.insertJob(app.db, {
        merchant_id: session.merchantId,
        admin_id: session.adminId,
        screen: body.screen,
        export_path: body.exportPath,
        filters: JSON.stringify(body.filters),
        format: body.format,
        language: request.lang,
        timezone: request.timezone,
        gateway_ids: session.scope.gatewayIds === null ? null : JSON.stringify(session.scope.gatewayIds),
        status: 'queued',
        runner: null,
        heartbeat_at: null,
        rows_written: null,
        expected_rows: body.expectedRows ?? null,
        storage_name: null,
        created_at: app.now(),
        started_at: null,
        finished_at: null,
        expires_at: null,
      });
      // This node starts it now when it has room; otherwise the next pass of any node does.
      app.background.run('background export pass', () => runner.pass());
      return ok(request, { id });
    },
  );

  app.get(ExportJobPath.list, { config: signedIn, schema: { response: okResponse(ZExportJobList) } }, async (request) => {
    const session = requireSession(request);
    const rows = await repo.listOwnJobs(app.db, session.merchantId, session.adminId, EXPORT_JOBS_SHOWN);
    return ok(request, { list: rows.map((r) => toJob(r, request.lang)) });
  });

  app.post(
    ExportJobPath.cancel,
    { config: signedIn, schema: { body: ZExportJobId, response: okResponse(ZEmptyData) } },
    async (request) => {
      const session = requireSession(request);
      const job = await repo.findOwnJob(app.db, session.merchantId, session.adminId, request.body.id);
      if (!job) throw businessError('exportJob.notFound');
      if (!(await repo.cancelJob(app.db, session.merchantId, session.adminId, job.id, app.now())))
        throw businessError('exportJob.notCancellable');
      // Made here: stopped at once; on another node: at its next progress write (within a second).
      runner.abort(Number(job.id));
      return ok(request, null);
    },
  );

  // The file holds what the caller's permission and gateways showed when it was made: both are checked again now.
  app.post(
    ExportJobPath.download,
    { config: signedIn, schema: { body: ZExportJobId, response: FILE_RESPONSE } },
    async (request, reply) => {
      const session = requireSession(request);
      const job = await repo.findOwnJob(app.db, session.merchantId, session.adminId, request.body.id);
      if (!job) throw businessError('exportJob.notFound');
      const permission = exportRouteAt(app, job.export_path)?.config?.permission;
      if (!permission || !(await holdsPermission(app, session.roleId, session.merchantId, permission)))
        throw forbiddenError('exportJob.forbidden');
      if (!scopeCovers(session, job.gateway_ids)) throw forbiddenError('exportJob.scopeChanged');
      if (job.status === 'queued' || job.status === 'running') throw businessError('exportJob.notReady');
      // Sent as it is read from storage: a file of hundreds of MB is never held whole.
      const content =
        job.status === 'done' && job.storage_name !== null && (job.expires_at ?? 0) > app.now()
          ? await app.files.getStream(app.db, job.storage_name)
          : null;
      if (!content) throw businessError('exportJob.fileGone', { days: EXPORT_FILE_DAYS });
      const type = job.content_type || 'application/octet-stream';
      return sendFile(reply, { type, name: job.file_name, disposition: 'attachment', bytes: Number(job.bytes_written) }, content);
    },
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's maker of background exports (domains/exports/runner.ts). */
    exportRunner: ExportRunner;
  }
}
