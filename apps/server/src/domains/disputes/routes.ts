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
  ZDisputeExportBody,
  ZDisputeFileParams,
  ZDisputeListQuery,
  ZDisputePage,
  type TDispute,
} from '@mbo/shared/disputes';
import { ErrorCode } from '@mbo/shared/envelope';
import { ZRefundApplied } from '@mbo/shared/refunds';
import { disputeReasonKeyOf } from '@mbo/shared/gateway-texts';
import { ok, okResponse } from '../../platform/envelope';
import { AppError, businessError } from '../../platform/errors';
import { type ExportCells } from '../../platform/export-cells';
import { defineExport, registerExport } from '../../platform/export-route';
import { type ExportColumn } from '../../platform/export-values';
import { multipartError, multipartOptions, type UploadLimits } from '../../platform/multipart';
import { mapPage } from '../../platform/list';
import { registerList } from '../../platform/list-route';
import { requireSession } from '../../platform/request-context';
import { dayRangeInZone, toIso } from '../../platform/time';
import { cleanFileName, contentDisposition, MIME_OF, sniffFileType } from '../../platform/uploads';
import { idempotentRequestOf, withIdempotency, ZIdempotencyHeaders } from '../../platform/idempotency';
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

const iso = (ms: number | null) => (ms === null ? null : toIso(ms));

export function toDispute(r: repo.DisputeRow, now: number): TDispute {
  return {
    caseNo: r.case_no,
    tradeNo: r.trade_no,
    gatewayNo: r.gateway_no,
    kind: r.kind,
    processingType: r.processing_type,
    currency: r.currency,
    amount: r.amount,
    chargebackAmount: r.chargeback_amount,
    appealAmount: r.appeal_amount,
    alertAmount: r.alert_amount,
    settleBatch: r.settle_batch,
    reasonCode: r.reason_code,
    reason: r.reason,
    replyDeadline: iso(r.reply_deadline),
    appealStatus: r.appeal_status,
    appealNote: r.appeal_note,
    appealedAt: iso(r.appealed_at),
    decidedAt: iso(r.decided_at),
    refundNo: r.refund_no,
    createdAt: toIso(r.created_at),
    tradeAt: toIso(r.trade_at),
    canAppeal: isAppealable(r, now),
    canAlertRefund: isAlertRefundable(r, now),
  };
}

/** Export columns of the case list, in the list's order. */
function exportColumns(c: ExportCells): ExportColumn<repo.DisputeRow>[] {
  return [
    { header: c.text('disputeCol.caseNo'), value: (r) => r.case_no },
    { header: c.text('disputeCol.tradeNo'), value: (r) => r.trade_no },
    { header: c.text('disputeCol.gatewayNo'), value: (r) => r.gateway_no },
    { header: c.text('disputeCol.kind'), value: (r) => c.label('disputeKind', r.kind) },
    { header: c.text('disputeCol.processingType'), value: (r) => c.label('processingType', r.processing_type) },
    { header: c.text('disputeCol.currency'), value: (r) => r.currency },
    { header: c.text('disputeCol.amount'), value: (r) => c.money(r.amount, r.currency) },
    { header: c.text('disputeCol.chargebackAmount'), value: (r) => c.money(r.chargeback_amount, r.currency) },
    { header: c.text('disputeCol.appealAmount'), value: (r) => c.money(r.appeal_amount, r.currency) },
    { header: c.text('disputeCol.alertAmount'), value: (r) => c.money(r.alert_amount, r.currency) },
    { header: c.text('disputeCol.settleBatch'), value: (r) => r.settle_batch },
    { header: c.text('disputeCol.reasonCode'), value: (r) => r.reason_code },
    // A scheme's reason in the export's language; one the catalog does not know stays as the scheme worded it.
    {
      header: c.text('disputeCol.reason'),
      value: (r) => {
        const key = disputeReasonKeyOf(r.reason);
        return key ? c.label('disputeReason', key) : r.reason;
      },
    },
    { header: c.text('disputeCol.replyDeadline'), value: (r) => c.time(r.reply_deadline) },
    { header: c.text('disputeCol.appealStatus'), value: (r) => c.label('appealStatus', r.appeal_status) },
    { header: c.text('disputeCol.createdAt'), value: (r) => c.time(r.created_at) },
    { header: c.text('disputeCol.tradeAt'), value: (r) => c.time(r.trade_at) },
  ];
}

/** Declared with the module so an export worker finds it (defineExport). */
const disputeExport = defineExport({
  path: DisputePath.export,
  permission: 'ProConTrade:Downloads',
  body: ZDisputeExportBody,
  filePrefix: 'disputes',
  sheetName: (c) => c.text('export.disputes'),
  columns: exportColumns,
  batches: (b, { db, scope, timezone, now, reader }) =>
    repo.iterateDisputes(db, scope, b, dayRangeInZone(b.from, b.to, timezone), now, reader),
});

export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, multipartOptions(EVIDENCE_UPLOAD));

  registerList(app, {
    path: DisputePath.list,
    permission: '/merTradeMgr/initProConTradePage',
    query: ZDisputeListQuery,
    page: ZDisputePage,
    list: async (q, { db, scope, timezone, now }) =>
      mapPage(await repo.listDisputes(db, scope, q, dayRangeInZone(q.from, q.to, timezone), now), (r) => toDispute(r, now)),
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
        ...toDispute(r, app.now()),
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
      return reply
        .header('content-type', f.mime)
        .header('content-disposition', contentDisposition('attachment', f.original_name))
        .header('cache-control', 'private, no-store')
        .send(await readStored(f.storage_name));
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
        const parsed = ZAppealFields.safeParse(fields);
        if (!parsed.success) {
          const name = String(parsed.error.issues[0]?.path[0] ?? 'caseNo');
          throw new AppError(
            fields[name] ? 'validation.invalid' : 'validation.required',
            ErrorCode.validation,
            200,
            {},
            { field: `field.${name}` },
          );
        }
        const d = await service.requireScopedCase(app.db, session.scope, parsed.data.caseNo);
        // Refused before any file is stored; with an idempotency key the check waits for the key (a
        // retry of an appeal that went through is answered with that appeal), and the service makes it.
        if (idempotent.key === null && !isAppealable(d, now)) throw businessError('dispute.notAppealable');
        return parsed.data;
      };
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
            continue;
          }
          checked ??= await checkFields();
          const content = await part.toBuffer();
          const name = cleanFileName(part.filename);
          const sniffed = sniffFileType(content);
          if (!sniffed) throw businessError('dispute.evidenceBadType', { name });
          uploads.push({ originalName: name, mime: MIME_OF[sniffed], content });
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
