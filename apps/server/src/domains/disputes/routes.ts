import fs from 'node:fs';
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
  ZDispute,
  ZDisputeDetail,
  ZDisputeFileParams,
  ZDisputeListQuery,
  type TDispute,
} from '@mbo/shared/disputes';
import { ErrorCode } from '@mbo/shared/envelope';
import { zPage } from '@mbo/shared/paging';
import { ZRefundApplied } from '@mbo/shared/refunds';
import { ok, okResponse } from '../../platform/envelope';
import { AppError, businessError } from '../../platform/errors';
import { requireSession } from '../../platform/request-context';
import { dayRangeInZone, toIso } from '../../platform/time';
import { cleanFileName, contentDisposition, MIME_OF, sniffFileType, storeUpload, uploadPath } from '../../platform/uploads';
import { registerDisputeExport } from './export';
import * as repo from './repository';
import * as service from './service';

const MULTIPART_ERRORS: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => businessError('dispute.evidenceTooLarge', { mb: EVIDENCE_MAX_BYTES / 1024 / 1024 }),
  FST_FILES_LIMIT: () => businessError('dispute.evidenceTooMany', { count: EVIDENCE_MAX_COUNT }),
  FST_PARTS_LIMIT: () => new AppError('error.badRequest', ErrorCode.validation),
  FST_FIELDS_LIMIT: () => new AppError('error.badRequest', ErrorCode.validation),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new AppError('error.unsupportedMediaType', ErrorCode.validation),
};

function multipartError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const make = typeof code === 'string' ? MULTIPART_ERRORS[code] : undefined;
  return make ? make() : error;
}

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
    canAppeal: service.isAppealable(r, now),
    canAlertRefund: service.isAlertRefundable(r, now),
    cursor: `${Number(r.sort_value)}_${r.id}`,
  };
}

export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: EVIDENCE_MAX_BYTES, files: EVIDENCE_MAX_COUNT, fields: 5, fieldSize: 4096, parts: EVIDENCE_MAX_COUNT + 5 },
  });

  app.get(
    DisputePath.list,
    {
      config: { permission: '/merTradeMgr/initProConTradePage' },
      schema: { querystring: ZDisputeListQuery, response: okResponse(zPage(ZDispute)) },
    },
    async (request) => {
      const { scope } = requireSession(request);
      const q = request.query;
      const now = app.now();
      const range = dayRangeInZone(q.from, q.to, request.timezone);
      const { rows, total, capped } = await repo.listDisputes(app.db, scope, q, range, now);
      return ok(request, { list: rows.map((r) => toDispute(r, now)), total, capped, page: q.page, limit: q.limit });
    },
  );

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
        .send(await fs.promises.readFile(uploadPath(app.appConfig.dataDir, f.storage_name)));
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
      schema: { response: okResponse(z.object({ caseNo: z.string(), appealStatus: z.number().int() })) },
    },
    async (request) => {
      const session = requireSession(request);
      if (!request.isMultipart()) throw new AppError('error.unsupportedMediaType', ErrorCode.validation);
      const now = app.now();
      const fields: Record<string, string> = {};
      let checked: { caseNo: string; note: string } | null = null;
      const stored: service.EvidenceFile[] = [];
      const discard = async () => {
        for (const f of stored) await fs.promises.rm(uploadPath(app.appConfig.dataDir, f.storageName), { force: true });
      };
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
        const d = await service.findScopedCase(app.db, session.scope, parsed.data.caseNo);
        if (!service.isAppealable(d, now)) throw businessError('dispute.notAppealable');
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
          const up = await storeUpload(app.appConfig.dataDir, session.merchantId, content);
          stored.push({ originalName: name, mime: MIME_OF[sniffed], size: up.size, sha256: up.sha256, storageName: up.storageName });
        }
        checked ??= await checkFields();
        if (stored.length === 0) throw businessError('dispute.evidenceRequired');
        return ok(request, await service.submitAppeal(app.db, session.scope, session.adminId, checked.caseNo, checked.note, stored, now));
      } catch (error) {
        await discard();
        throw multipartError(error);
      }
    },
  );

  app.post(
    DisputePath.alertRefund,
    { config: { permission: 'ProConTrade:AlertRefund' }, schema: { body: ZAlertRefundBody, response: okResponse(ZRefundApplied) } },
    async (request) => {
      const session = requireSession(request);
      return ok(
        request,
        await service.refundFromAlert(
          app.db,
          session.scope,
          request.body.caseNo,
          { name: session.loginName, adminId: session.adminId },
          app.now(),
        ),
      );
    },
  );

  registerDisputeExport(app);
};
