import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DisputePath,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_MAX_COUNT,
  ZAlertRefundBody,
  ZAppealFields,
  ZCaseNoParams,
  ZDisputeDetail,
  ZDisputeFileParams,
  DISPUTES,
} from '@mbo/shared/disputes';
import { ErrorCode } from '@mbo/shared/envelope';
import { ZRefundApplied } from '@mbo/shared/refunds';
import { disputeReasonKeyOf } from '@mbo/shared/gateway-texts';
import { ok, okResponse } from '../../platform/envelope';
import { AppError, businessError } from '../../platform/errors';
import type { ExportCells } from '../../platform/export-cells';
import { defineExport, registerExport } from '../../platform/export-route';
import { checkedFields, multipartError, multipartOptions, type UploadLimits } from '../../platform/multipart';
import { mapPage } from '../../platform/list';
import { rowMapper } from '../../platform/list-fields';
import { registerList } from '../../platform/list-route';
import { requireSession } from '../../platform/request-context';
import { toIso } from '../../platform/time';
import { sendFile } from '../../platform/uploads';
import { idempotentRequestOf, withIdempotency, ZIdempotencyHeaders } from '../../platform/idempotency';
import { evidenceUploadOf } from './evidence-parts';
import { evidenceRoutes } from './evidence-routes';
import * as service from './merchant-service';
import * as repo from './repository';
import { isAlertRefundable, isAppealable } from './rules';

/** Appeal evidence: the files and the two text fields (caseNo, note) of one appeal. */
const EVIDENCE_UPLOAD: UploadLimits = {
  fileBytes: EVIDENCE_MAX_BYTES,
  files: EVIDENCE_MAX_COUNT,
  fields: 5,
  fieldBytes: 4096,
  tooLarge: 'dispute.evidenceTooLarge',
  tooMany: 'dispute.evidenceTooMany',
};

/** What rules.ts reads of a listed case. */
const caseState = (r: repo.DisputeRow) => ({
  kind: Number(r.kind),
  processing_type: Number(r.processingType),
  appeal_status: Number(r.appealStatus),
  reply_deadline: r.replyDeadline === null ? null : Number(r.replyDeadline),
  refund_id: r.refundId === null ? null : Number(r.refundId),
});

/** The answer's case rows at `now`: what the merchant may still do is worked out from the rules. */
function toDispute(now: number) {
  return rowMapper(DISPUTES.fields, {
    canAppeal: (r) => isAppealable(caseState(r), now),
    canAlertRefund: (r) => isAlertRefundable(caseState(r), now),
  });
}

/** The export's reason cell: the scheme's wording looked up in the catalog. */
function reasonColumn(c: ExportCells) {
  return {
    value: (r: Record<string, unknown>) => {
      const key = disputeReasonKeyOf(String(r.reason));
      return key ? c.label('disputeReason', key) : String(r.reason);
    },
  };
}

/** Declared with the module so an export worker finds it (defineExport). */
const disputeExport = defineExport({
  path: DisputePath.export,
  permission: 'ProConTrade:Downloads',
  list: DISPUTES,
  file: { name: 'disputes', sheet: 'export.disputes' },
  columns: (c) => ({
    codes: { kind: 'disputeKind', processingType: 'processingType', appealStatus: 'appealStatus' },
    // A scheme's reason in the export's language; one the catalog does not know stays as the scheme worded it.
    special: { reason: reasonColumn(c) },
  }),
  batches: (b, { db, scope, timezone, now, reader }) => repo.iterateDisputes(db, scope, b, repo.rangesOf(b, timezone, now), now, reader),
});

export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, multipartOptions(EVIDENCE_UPLOAD));
  // The workspace's draft save reads multipart with this parser, so its routes live inside this plugin.
  await app.register(evidenceRoutes);

  registerList(app, {
    path: DisputePath.list,
    permission: '/merTradeMgr/initProConTradePage',
    of: DISPUTES,
    list: async (q, { db, scope, timezone, now }) =>
      mapPage(await repo.listDisputes(db, scope, q, repo.rangesOf(q, timezone, now), now), toDispute(now)),
  });

  app.get(
    DisputePath.detail,
    { config: { permission: '/merTradeMgr/initProConTradePage' }, schema: { params: ZCaseNoParams, response: okResponse(ZDisputeDetail) } },
    async (request) => {
      const { scope } = requireSession(request);
      const r = await repo.findDispute(app.db, scope, request.params.caseNo);
      if (!r) throw new AppError('dispute.notFound', ErrorCode.notFound);
      const files = await repo.listDisputeFiles(app.db, scope, r.id);
      return ok(request, {
        ...toDispute(app.now())(r),
        files: files.map((f) => ({ id: f.id, name: f.original_name, mime: f.mime, size: f.size, uploadedAt: toIso(f.created_at) })),
      });
    },
  );

  /** A stored file's content; a record whose content is missing answers "not found", not a 500. */
  async function readStored(storageName: string): Promise<Buffer> {
    const content = await app.files.get(app.db, storageName);
    if (!content) throw new AppError('error.notFound', ErrorCode.notFound);
    return content;
  }

  // The file itself (not an envelope); failures are envelopes like everywhere else.
  app.get(
    DisputePath.file,
    { config: { permission: '/merTradeMgr/initProConTradePage' }, schema: { params: ZDisputeFileParams, response: { 200: z.unknown() } } },
    async (request, reply) => {
      const { scope } = requireSession(request);
      const f = await repo.findDisputeFile(app.db, scope, request.params.fileId);
      if (!f) throw new AppError('error.notFound', ErrorCode.notFound);
      return sendFile(reply, { type: f.mime, name: f.original_name, disposition: 'attachment' }, await readStored(f.storage_name));
    },
  );

  /**
   * Appeal: multipart with the text fields (caseNo, note) first, then the evidence files. Each file's
   * type is read from its content; a refusal removes the files this request already stored.
   */
  app.post(
    DisputePath.appeal,
    {
      config: { permission: 'ProConTrade:Appeal' },
      schema: { headers: ZIdempotencyHeaders, response: okResponse(z.object({ caseNo: z.string(), appealStatus: z.number().int() })) },
    },
    async (request) => {
      const session = requireSession(request);
      if (!request.isMultipart()) throw new AppError('error.unsupportedMediaType', ErrorCode.validation);
      const now = app.now();
      const idempotent = idempotentRequestOf(request, session.merchantId, null);
      const fields: Record<string, string> = {};
      let checked: { caseNo: string; note: string } | null = null;
      const uploads: service.EvidenceUpload[] = [];
      const checkFields = async () => {
        const checkedNow = checkedFields(ZAppealFields, fields, 'caseNo');
        const d = await service.requireScopedCase(app.db, session.scope, checkedNow.caseNo);
        // Refused before any file is stored; with an idempotency key the check waits for the key (a
        // retry of an appeal that went through is answered with that appeal), and the service makes it.
        if (idempotent.key === null && !isAppealable(d, now)) throw businessError('dispute.notAppealable');
        return checkedNow;
      };
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
            continue;
          }
          checked ??= await checkFields();
          uploads.push(await evidenceUploadOf(part));
        }
        checked ??= await checkFields();
        if (uploads.length === 0) throw businessError('dispute.evidenceRequired');
        const { caseNo, note } = checked;
        // The same appeal: the same case, note and files (by content), in the same order.
        const same = { caseNo, note, files: uploads.map((u) => createHash('sha256').update(u.content).digest('hex')) };
        const appealed = await withIdempotency(app.db, { ...idempotent, request: same }, now, (tx) =>
          service.submitAppeal(app.db, app.files, session.scope, session.adminId, caseNo, note, uploads, now, tx),
        );
        return ok(request, appealed);
      } catch (error) {
        throw multipartError(error, EVIDENCE_UPLOAD);
      }
    },
  );

  app.post(
    DisputePath.alertRefund,
    {
      config: { permission: 'ProConTrade:AlertRefund' },
      schema: { headers: ZIdempotencyHeaders, body: ZAlertRefundBody, response: okResponse(ZRefundApplied) },
    },
    async (request) => {
      const session = requireSession(request);
      const now = app.now();
      const applicant = { name: session.loginName, adminId: session.adminId };
      const refunded = await withIdempotency(app.db, idempotentRequestOf(request, session.merchantId, request.body), now, (tx) =>
        service.refundFromAlert(app.db, session.scope, request.body.caseNo, applicant, now, tx),
      );
      return ok(request, refunded);
    },
  );

  registerExport(app, disputeExport);
};
