import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EVIDENCE_MAX_BYTES, EVIDENCE_MAX_COUNT, ZCaseNoParams } from '@mbo/shared/disputes';
import {
  DisputeEvidencePath,
  ZDraft,
  ZDraftFields,
  ZDraftSubmitBody,
  ZEvidencePackage,
  ZOutcomeQuery,
  ZOutcomes,
  ZWorkspace,
} from '@mbo/shared/dispute-evidence';
import { ErrorCode } from '@mbo/shared/envelope';
import { z } from 'zod';
import { ok, okResponse } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { idempotentRequestOf, withIdempotency, ZIdempotencyHeaders } from '../../platform/idempotency';
import { checkedFields, multipartError, type UploadLimits } from '../../platform/multipart';
import { requireSession } from '../../platform/request-context';
import { checkMonthWindow } from '../reports/service';
import { evidenceUploadOf } from './evidence-parts';
import * as service from './evidence-service';
import { appealOutcomes } from './outcomes';
import type { EvidenceUpload } from './merchant-service';

/**
 * A draft save: the same files as an appeal (the parser of routes.ts's plugin, limited per request
 * here), and six text fields, the sections' JSON among them (six sections of up to 2,000 characters).
 */
const DRAFT_UPLOAD: UploadLimits = {
  fileBytes: EVIDENCE_MAX_BYTES,
  files: EVIDENCE_MAX_COUNT,
  fields: 6,
  fieldBytes: 64 * 1024,
  tooLarge: 'dispute.evidenceTooLarge',
  tooMany: 'dispute.evidenceTooMany',
};

const VIEW = '/merTradeMgr/initProConTradePage';
const APPEAL = 'ProConTrade:Appeal';

/** The dispute workspace's routes (registered inside routes.ts's plugin, which owns the multipart parser). */
export const evidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    DisputeEvidencePath.workspace,
    { config: { permission: VIEW }, schema: { params: ZCaseNoParams, response: okResponse(ZWorkspace) } },
    async (request) => {
      const { scope } = requireSession(request);
      return ok(request, await service.loadWorkspace(app.db, scope, request.params.caseNo, app.now()));
    },
  );

  /** Multipart: the text fields first, then the new files; each file's type is read from its content. */
  app.post(DisputeEvidencePath.draftSave, { config: { permission: APPEAL }, schema: { response: okResponse(ZDraft) } }, async (request) => {
    const session = requireSession(request);
    if (!request.isMultipart()) throw new AppError('error.unsupportedMediaType', ErrorCode.validation);
    const fields: Record<string, string> = {};
    const uploads: EvidenceUpload[] = [];
    try {
      const parts = request.parts({
        limits: {
          fileSize: DRAFT_UPLOAD.fileBytes,
          files: DRAFT_UPLOAD.files,
          fields: DRAFT_UPLOAD.fields,
          fieldSize: DRAFT_UPLOAD.fieldBytes,
          parts: 16,
        },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
          continue;
        }
        uploads.push(await evidenceUploadOf(part));
      }
    } catch (error) {
      throw multipartError(error, DRAFT_UPLOAD);
    }
    const parsed = checkedFields(ZDraftFields, fields, 'caseNo');
    return ok(request, await service.saveDraft(app.db, app.files, session.scope, session.adminId, parsed, uploads, app.now()));
  });

  app.get(
    DisputeEvidencePath.draftPreview,
    { config: { permission: VIEW }, schema: { params: ZCaseNoParams, response: okResponse(ZEvidencePackage) } },
    async (request) => {
      const { scope } = requireSession(request);
      return ok(request, await service.previewPackage(app.db, scope, request.params.caseNo));
    },
  );

  app.post(
    DisputeEvidencePath.draftSubmit,
    {
      config: { permission: APPEAL },
      schema: {
        headers: ZIdempotencyHeaders,
        body: ZDraftSubmitBody,
        response: okResponse(z.object({ caseNo: z.string(), appealStatus: z.number().int() })),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const now = app.now();
      const { caseNo, version } = request.body;
      const submitted = await withIdempotency(app.db, idempotentRequestOf(request, session.merchantId, request.body), now, (tx) =>
        service.submitDraft(app.db, session.scope, session.adminId, caseNo, version, now, tx),
      );
      return ok(request, submitted);
    },
  );

  app.get(
    DisputeEvidencePath.outcomes,
    { config: { permission: '/statistics/tnx/chargebackRefund' }, schema: { querystring: ZOutcomeQuery, response: okResponse(ZOutcomes) } },
    async (request) => {
      const { scope } = requireSession(request);
      checkMonthWindow(request.query.from, request.query.to, app.now());
      return ok(request, { list: await appealOutcomes(app.db, scope, request.query.from, request.query.to) });
    },
  );
};
