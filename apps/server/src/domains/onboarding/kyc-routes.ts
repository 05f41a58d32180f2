import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApprovalWaiting } from '@mbo/shared/approvals';
import { ErrorCode, ZEmptyData } from '@mbo/shared/envelope';
import {
  KYC_FILE_MAX_BYTES,
  KYC_FILE_MAX_COUNT,
  ZBusinessIdParams,
  ZBusinessIdQuery,
  ZKycDeleteFileBody,
  ZKycDraft,
  ZKycFileList,
  ZKycFileParams,
  ZKycFileQuery,
  ZKycSaveDraftBody,
  ZKycStatus,
  ZKycSubmitBody,
  ZKycUploadFields,
  type TKycFile,
  type TKycFileField,
} from '@mbo/shared/kyc';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { ok, okResponse } from '../../platform/envelope';
import { AppError, businessError } from '../../platform/errors';
import { checkedFields, multipartError, multipartOptions, type UploadLimits } from '../../platform/multipart';
import { assertFreshCheckForBankChange } from '../../platform/fresh-check';
import { requireSession } from '../../platform/request-context';
import type { SessionContext } from '../../platform/session';
import { sendFile } from '../../platform/uploads';
import type { OnboardingDeps } from './context';
import { registerBankChangeApproval, saveBankStep } from './kyc-bank-change';
import * as kyc from './kyc-service';

/** KYC and additional-document uploads: files per field and bytes per file as the wizard states them. */
const KYC_UPLOAD: UploadLimits = { fileBytes: KYC_FILE_MAX_BYTES, files: KYC_FILE_MAX_COUNT, fields: 10, fieldBytes: 1024 };

const INLINE_MIME = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/bmp']);

/** KYC routes, registered by onboardingRoutes under the same prefix. Multipart parsing exists only here. */
export const kycRoutes: FastifyPluginAsyncZod<{ deps: OnboardingDeps }> = async (app, { deps }) => {
  registerBankChangeApproval();
  await app.register(multipart, multipartOptions(KYC_UPLOAD));

  app.get(
    OnboardingPath.kycStatus,
    { config: { signedIn: true }, schema: { querystring: ZBusinessIdQuery, response: okResponse(ZKycStatus) } },
    async (request) => ok(request, await kyc.getKycStatus(deps, requireSession(request), request.query.businessId)),
  );

  app.get(
    OnboardingPath.kycDraft,
    { config: { signedIn: true }, schema: { querystring: ZBusinessIdQuery, response: okResponse(ZKycDraft) } },
    async (request) => ok(request, await kyc.getKycDraft(deps, requireSession(request), request.query.businessId)),
  );

  app.post(
    OnboardingPath.kycSaveDraft,
    // The bank step may be held for a second approver when it changes the account on file (kyc-bank-change.ts).
    { config: { signedIn: true }, schema: { body: ZKycSaveDraftBody, response: okResponse(z.union([ZKycDraft, ZApprovalWaiting])) } },
    async (request) => {
      const session = requireSession(request);
      if (request.body.step !== 'bank') return ok(request, await kyc.saveKycDraft(deps, session, request.body, request.ip));
      await assertFreshCheckForBankChange(app.db, session, request.body.businessId, app.now());
      return ok(request, await saveBankStep(app, deps, session, request.body, request.ip));
    },
  );

  app.post(
    OnboardingPath.kycSubmit,
    { config: { signedIn: true }, schema: { body: ZKycSubmitBody, response: okResponse(ZKycStatus) } },
    async (request) => ok(request, await kyc.submitKyc(deps, requireSession(request), request.body.businessId, request.ip)),
  );

  app.post(
    OnboardingPath.kycDeleteFile,
    { config: { signedIn: true }, schema: { body: ZKycDeleteFileBody, response: okResponse(ZEmptyData) } },
    async (request) => {
      await kyc.deleteKycFile(deps, requireSession(request), request.body.businessId, request.body.fileId, request.ip);
      return ok(request, null);
    },
  );

  /**
   * Reads a multipart upload. The text fields (businessId, field) come before the files; each file
   * is checked and stored as it arrives, and a refusal removes what the same request had stored.
   */
  async function receiveFiles(
    request: FastifyRequest,
    session: SessionContext,
    fixed: { businessId: number; field: TKycFileField } | null,
  ) {
    if (!request.isMultipart()) throw new AppError('error.unsupportedMediaType', ErrorCode.validation);
    const fields: Record<string, string> = {};
    let target: { business: kyc.OwnedBusiness; field: TKycFileField } | null = null;
    const stored: (TKycFile & { storageName: string })[] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
          continue;
        }
        if (!target) {
          let wanted = fixed;
          if (!wanted) {
            wanted = checkedFields(ZKycUploadFields, fields, 'field');
          }
          const business = await kyc.requireOwnedBusiness(deps, session, wanted.businessId);
          await kyc.checkUploadAllowed(deps, business, wanted.field);
          target = { business, field: wanted.field };
        }
        const content = await part.toBuffer();
        stored.push(await kyc.storeKycFile(deps, target.business, target.field, { filename: part.filename, content }));
      }
    } catch (error) {
      if (target) await kyc.discardFiles(deps, target.business, stored);
      throw multipartError(error, KYC_UPLOAD);
    }
    if (!target || stored.length === 0) throw businessError('file.none');
    await kyc.logUpload(deps, session, target.business, target.field, stored.length, request.ip);
    return stored.map(({ storageName: _storageName, ...file }) => file);
  }

  app.post(OnboardingPath.kycUpload, { config: { signedIn: true }, schema: { response: okResponse(ZKycFileList) } }, async (request) =>
    ok(request, await receiveFiles(request, requireSession(request), null)),
  );

  app.post(
    OnboardingPath.uploadAdditional,
    { config: { signedIn: true }, schema: { params: ZBusinessIdParams, response: okResponse(ZKycFileList) } },
    async (request) =>
      ok(
        request,
        await receiveFiles(request, requireSession(request), { businessId: request.params.businessId, field: 'additionalDocuments' }),
      ),
  );

  app.get(
    OnboardingPath.additionalFiles,
    { config: { signedIn: true }, schema: { params: ZBusinessIdParams, response: okResponse(ZKycFileList) } },
    async (request) => ok(request, await kyc.listAdditionalFiles(deps, requireSession(request), request.params.businessId)),
  );

  // The file itself (not an envelope); failures are envelopes like everywhere else.
  app.get(
    OnboardingPath.kycFile,
    { config: { signedIn: true }, schema: { params: ZKycFileParams, querystring: ZKycFileQuery, response: { 200: z.unknown() } } },
    async (request, reply) => {
      const { file, content } = await kyc.openKycFile(deps, requireSession(request), request.params.fileId);
      const inline = request.query.inline === true && INLINE_MIME.has(file.mime);
      return sendFile(reply, { type: file.mime, name: file.original_name, disposition: inline ? 'inline' : 'attachment' }, content);
    },
  );
};
