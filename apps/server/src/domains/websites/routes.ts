import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '@mbo/shared/envelope';
import { ZShopChecklist } from '@mbo/shared/kyc';
import {
  WEBSITE_BATCH_MAX_BYTES,
  WEBSITE_BATCH_MAX_LINES,
  WebsitePath,
  WEBSITES,
  ZWebsiteAdd,
  ZWebsiteUploadResult,
} from '@mbo/shared/websites';
import { ok, okResponse } from '../../platform/envelope';
import { AppError, businessError } from '../../platform/errors';
import { defineExport, registerExport } from '../../platform/export-route';
import { mapPage } from '../../platform/list';
import { rowMapper } from '../../platform/list-fields';
import { registerList } from '../../platform/list-route';
import { multipartError, multipartOptions, type UploadLimits } from '../../platform/multipart';
import { requireSession } from '../../platform/request-context';
import { parseUpload } from '../../platform/upload-parse';
import { cleanFileName } from '../../platform/uploads';
import * as repo from './repository';
import * as service from './service';

/** A batch file: one TXT or CSV file and the checklist field. */
const BATCH_UPLOAD: UploadLimits = {
  fileBytes: WEBSITE_BATCH_MAX_BYTES,
  files: 1,
  fields: 3,
  fieldBytes: 1000,
  tooLarge: 'website.fileTooLarge',
};

const toWebsite = rowMapper(WEBSITES.fields);

/** Declared with the module so an export worker finds it (defineExport). */
const websiteExport = defineExport({
  path: WebsitePath.export,
  permission: '/merwebsit/showWebsitLimit',
  list: WEBSITES,
  file: { name: 'websites', sheet: 'export.websites' },
  columns: { codes: { type: 'websiteType', status: 'websiteStatus' } },
  batches: (b, { db, scope, reader }) => repo.iterateWebsites(db, scope, b, reader),
});

export const websiteRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, multipartOptions(BATCH_UPLOAD));
  const deps = () => ({ db: app.db, notifier: app.notifier, reviewEmail: app.appConfig.websiteReviewEmail });

  registerList(app, {
    path: WebsitePath.list,
    permission: '/merwebsit/showWebsitLimit',
    of: WEBSITES,
    list: async (q, { db, scope }) => mapPage(await repo.listWebsites(db, scope, q), toWebsite),
  });

  app.post(
    WebsitePath.add,
    { config: { permission: 'Website:Add' }, schema: { body: ZWebsiteAdd, response: okResponse(ZWebsiteUploadResult) } },
    async (request) => {
      const session = requireSession(request);
      const result = await service.submitWebsites(deps(), session.scope, session.adminId, {
        kind: 'single',
        fileName: '',
        records: [service.recordOfAdd(request.body)],
        lang: request.lang,
        now: app.now(),
      });
      return ok(request, result);
    },
  );

  /**
   * Batch upload: multipart with the `checklist` field (JSON of the five confirmations) first, then one
   * TXT (a URL per line) or CSV file. Each line lands or is reported; the answer is the batch's outcome.
   */
  app.post(
    WebsitePath.upload,
    { config: { permission: 'Website:Upload' }, schema: { response: okResponse(ZWebsiteUploadResult) } },
    async (request) => {
      const session = requireSession(request);
      if (!request.isMultipart()) throw new AppError('error.unsupportedMediaType', ErrorCode.validation);
      const fields: Record<string, string> = {};
      let file: { name: string; content: Buffer } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
            continue;
          }
          file = { name: cleanFileName(part.filename), content: await part.toBuffer() };
        }
      } catch (error) {
        throw multipartError(error, BATCH_UPLOAD);
      }
      let checklist: unknown = null;
      try {
        checklist = JSON.parse(fields.checklist ?? 'null');
      } catch {
        checklist = null;
      }
      if (!ZShopChecklist.safeParse(checklist).success) throw businessError('website.checklistRequired');
      if (!file || file.content.length === 0) throw businessError('website.fileRequired');
      // Read off the API thread within the upload's budget (platform/upload-parse.ts), up to a line
      // more than a batch holds after a header: enough to tell a file with too many.
      const parse = /\.csv$/i.test(file.name) ? 'csv' : 'lines';
      const read = await parseUpload({ parse, content: file.content, maxRows: WEBSITE_BATCH_MAX_LINES + 1 });
      if (read === null) throw businessError('website.fileNotText');
      const records = service.withoutHeader(read);
      if (records.length === 0) throw businessError('website.fileRequired');
      const result = await service.submitWebsites(deps(), session.scope, session.adminId, {
        kind: 'batch',
        fileName: file.name,
        records,
        lang: request.lang,
        now: app.now(),
      });
      return ok(request, result);
    },
  );

  registerExport(app, websiteExport);
};
