import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@mbo/shared/envelope';
import { toMajorString } from '@mbo/shared/money';
import {
  PRODUCTS,
  WAYBILLS,
  PROOF_MAX_BYTES,
  PROOF_MAX_FILES,
  WAYBILL_BATCH_MAX_BYTES,
  WAYBILL_BATCH_MAX_ROWS,
  WaybillPath,
  ZWaybillBatchResult,
  ZWaybillExportBody,
  ZWaybillFileParams,
  ZWaybillOverview,
  ZWaybillTemplateQuery,
  ZWaybillUploaded,
  ZWaybillUploadFields,
  type TWaybill,
} from '@mbo/shared/waybills';
import { findProofType } from '../funds/proof-holds';
import { businessDay } from '../../platform/rollups';
import { ok, okResponse } from '../../platform/envelope';
import { AppError, businessError } from '../../platform/errors';
import { sendExport } from '../../platform/export';
import { exportCells } from '../../platform/export-cells';
import { defineExport, registerExport } from '../../platform/export-route';
import { emptyPage, mapPage } from '../../platform/list';
import { rowMapper } from '../../platform/list-fields';
import { byDay, registerList } from '../../platform/list-route';
import { checkedFields, multipartError, multipartOptions, type UploadLimits } from '../../platform/multipart';
import { requireSession } from '../../platform/request-context';
import type { Scope } from '../../platform/scope';
import { dayRangeInZone } from '../../platform/time';
import { parseUpload } from '../../platform/upload-parse';
import { cleanFileName, MIME_OF, sendFile, sniffFileType } from '../../platform/uploads';
import * as repo from './repository';
import * as service from './service';
import { addDays, daysLeft, proofDeadline, settlementDaysOf, tradeRangeForLastUploadDays } from './settlement';
import { toWaybill, waybillColumns, type ExportRow, type ListContext } from './waybill-list';

/** One upload: up to 10 images of 10 MB and the four text fields; a batch file shares the plugin's parser (its own size check below). */
const PROOF_UPLOAD: UploadLimits = {
  fileBytes: PROOF_MAX_BYTES,
  files: PROOF_MAX_FILES,
  fields: 6,
  fieldBytes: 2000,
  tooLarge: 'waybill.imageTooLarge',
  tooMany: 'waybill.imageTooMany',
};

const PROOF_TYPES = new Set(['jpeg', 'png', 'bmp']);
const DUE_SOON_DAYS = 3;

/** The order's total (items plus freight) as decimal text in major units, in the list and the file alike. */
const orderTotal = (r: repo.ProductRow) => toMajorString(Number(r.orderTotalMinor), String(r.currency));

const toProduct = rowMapper(PRODUCTS.fields, { orderTotal });

/** Declared with the module so an export worker finds it (defineExport). */
const productExport = defineExport({
  path: WaybillPath.productsExport,
  permission: '/productInfo/productPage',
  list: PRODUCTS,
  file: { name: 'products', sheet: 'export.products' },
  columns: (c) => ({
    codes: { orderStatus: 'trade.payStatus' },
    special: {
      // A column of the file only (the screen has no title for it): its header is the server's.
      currency: { header: c.text('waybillCol.currency') },
      // The order's total as the text of its amount (a text cell in XLSX, as the answer carries it).
      orderTotal: { value: orderTotal },
    },
  }),
  batches: (b, { db, scope, timezone, reader }) => repo.iterateProducts(db, scope, b, dayRangeInZone(b.from, b.to, timezone), reader),
});

export const waybillRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, multipartOptions(PROOF_UPLOAD));

  async function listContext(scope: Scope): Promise<ListContext | null> {
    const type = await findProofType(app.db, scope.merchantId);
    return type === null ? null : { type, settlementDays: await settlementDaysOf(app.db, scope.merchantId) };
  }

  function dueRange(days: number | undefined, ctx: ListContext, now: number) {
    if (days === undefined) return null;
    const today = businessDay(now);
    return tradeRangeForLastUploadDays(today, addDays(today, days), ctx.settlementDays);
  }

  registerList(app, {
    path: WaybillPath.list,
    permission: '/waybill/waybillPage',
    of: WAYBILLS,
    list: async (q, { db, scope, timezone, now }) => {
      const ctx = await listContext(scope);
      if (!ctx) return emptyPage<TWaybill>(q);
      const page = await repo.listWaybills(db, scope, q, dayRangeInZone(q.from, q.to, timezone), {
        type: ctx.type,
        due: dueRange(q.dueWithinDays, ctx, now),
      });
      const files = await repo.listImages(
        db,
        scope.merchantId,
        page.list.flatMap((r) => (r.waybillId === null ? [] : [Number(r.waybillId)])),
      );
      const images = new Map<number, TWaybill['images']>();
      for (const f of files)
        images.set(f.waybill_id, [...(images.get(f.waybill_id) ?? []), { id: f.id, name: f.original_name, size: f.size }]);
      return mapPage(page, (r) => toWaybill(r, ctx, images, now));
    },
  });

  app.get(
    WaybillPath.overview,
    { config: { permission: '/waybill/waybillPage' }, schema: { response: okResponse(ZWaybillOverview) } },
    async (request) => {
      const { scope } = requireSession(request);
      const ctx = await listContext(scope);
      if (!ctx) return ok(request, { deliveryProofType: null, dueSoon: [], dueSoonTotal: 0 });
      const now = app.now();
      const range = dueRange(DUE_SOON_DAYS - 1, ctx, now) ?? { fromMs: 0, toMs: 0 };
      const [rows, total] = await Promise.all([
        repo.listDueSoon(app.db, scope, ctx.type, range, 10),
        repo.countDueSoon(app.db, scope, ctx.type, range),
      ]);
      return ok(request, {
        deliveryProofType: ctx.type,
        dueSoonTotal: total,
        dueSoon: rows.map((r) => {
          const d = proofDeadline(r.created_at, ctx.settlementDays);
          return { tradeNo: r.trade_no, lastUploadDate: d.lastUploadDate, daysLeft: daysLeft(d.lastUploadDate, now) };
        }),
      });
    },
  );

  // One proof: text fields first (tradeNo, trackingNo, carrier, carrierSites), then up to 10 images; the
  // transaction, the 3-day rule and the number are checked before an image is read, its type from its content.
  app.post(
    WaybillPath.upload,
    { config: { permission: 'Waybill:Upload' }, schema: { response: okResponse(ZWaybillUploaded) } },
    async (request) => {
      const session = requireSession(request);
      if (!request.isMultipart()) throw new AppError('error.unsupportedMediaType', ErrorCode.validation);
      const now = app.now();
      const fields: Record<string, string> = {};
      let input: service.UploadInput | null = null;
      const images: service.ProofImage[] = [];
      const checkFields = async () => {
        const checked = checkedFields(ZWaybillUploadFields, fields, 'tradeNo');
        await service.checkUpload(app.db, session.scope, checked, now);
        return checked;
      };
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
            continue;
          }
          input ??= await checkFields();
          const content = await part.toBuffer();
          const name = cleanFileName(part.filename);
          const sniffed = sniffFileType(content);
          if (!sniffed || !PROOF_TYPES.has(sniffed)) throw businessError('waybill.imageBadType', { name });
          images.push({ originalName: name, mime: MIME_OF[sniffed], content });
        }
      } catch (error) {
        throw multipartError(error, PROOF_UPLOAD);
      }
      input ??= await checkFields();
      return ok(request, await service.uploadWaybill(app.db, app.files, session.scope, input, images, now));
    },
  );

  /** A batch file's rows: CSV (UTF-8) or XLSX, told apart by content. */
  async function readBatch(request: FastifyRequest) {
    if (!request.isMultipart()) throw new AppError('error.unsupportedMediaType', ErrorCode.validation);
    let content: Buffer | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') content = await part.toBuffer();
      }
    } catch (error) {
      throw multipartError(error, PROOF_UPLOAD);
    }
    if (!content || content.length === 0) throw businessError('waybill.fileRequired');
    if (content.length > WAYBILL_BATCH_MAX_BYTES)
      throw businessError('waybill.fileTooLarge', { mb: WAYBILL_BATCH_MAX_BYTES / 1024 / 1024 });
    // Read off the API thread within the upload's budget (platform/upload-parse.ts).
    const parse = sniffFileType(content) === 'xlsx' ? 'xlsx' : 'csv';
    const records = await parseUpload({ parse, content, maxRows: WAYBILL_BATCH_MAX_ROWS + 1 });
    if (!records) throw businessError('waybill.fileNotTable');
    const rows = service.batchRows(records);
    if (rows.length === 0) throw businessError('waybill.fileRequired');
    if (rows.length > WAYBILL_BATCH_MAX_ROWS) throw businessError('waybill.tooManyRows', { max: WAYBILL_BATCH_MAX_ROWS });
    return rows;
  }

  for (const [path, commit] of [
    [WaybillPath.batchPreview, false],
    [WaybillPath.batchCommit, true],
  ] as const) {
    app.post(path, { config: { permission: 'Waybill:Upload' }, schema: { response: okResponse(ZWaybillBatchResult) } }, async (request) => {
      const session = requireSession(request);
      const rows = await readBatch(request);
      return ok(request, await service.runBatch(app.db, session.scope, rows, { commit, lang: request.lang, now: app.now() }));
    });
  }

  app.get(
    WaybillPath.template,
    { config: { permission: '/waybill/waybillPage' }, schema: { querystring: ZWaybillTemplateQuery, response: { 200: z.unknown() } } },
    async (request, reply) => {
      const c = exportCells(request.lang, request.timezone);
      const sample = [
        { tradeNo: 'T0000000000000001', trackingNo: '1Z999AA10123456784', carrier: 'UPS', sites: 'https://www.ups.com/track' },
      ];
      async function* rows() {
        yield sample;
      }
      return sendExport(reply, {
        format: request.query.format,
        filename: 'waybill-template',
        sheetName: c.text('export.waybillTemplate'),
        columns: [
          { header: 'tradeNo', value: (r) => r.tradeNo },
          { header: 'trackingNo', value: (r) => r.trackingNo },
          { header: 'carrier', value: (r) => r.carrier },
          { header: 'carrierSites', value: (r) => r.sites },
        ],
        batches: rows(),
      });
    },
  );

  app.get(
    WaybillPath.file,
    { config: { permission: '/waybill/waybillPage' }, schema: { params: ZWaybillFileParams, response: { 200: z.unknown() } } },
    async (request, reply) => {
      const { scope } = requireSession(request);
      const f = await repo.findImage(app.db, scope, request.params.fileId);
      if (!f) throw new AppError('waybill.notFound', ErrorCode.notFound);
      const content = await app.files.get(app.db, f.storage_name);
      if (!content) throw new AppError('waybill.notFound', ErrorCode.notFound);
      return sendFile(reply, { type: f.mime, name: f.original_name, disposition: 'inline' }, content);
    },
  );

  registerExport(app, {
    path: WaybillPath.export,
    permission: '/waybill/waybillPage',
    body: ZWaybillExportBody,
    filePrefix: 'waybills',
    sheetName: (c) => c.text('export.waybills'),
    columns: waybillColumns,
    batches: (b, { db, scope, timezone, now, reader }) => exportBatches(db, scope, b, timezone, now, reader),
  });

  async function* exportBatches(
    db: typeof app.db,
    scope: Scope,
    b: z.output<typeof ZWaybillExportBody>,
    timezone: string,
    now: number,
    reader: Parameters<typeof repo.iterateWaybills>[5],
  ): AsyncGenerator<ExportRow[]> {
    const ctx = await listContext(scope);
    if (!ctx) return;
    const range = dayRangeInZone(b.from, b.to, timezone);
    for await (const rows of repo.iterateWaybills(
      db,
      scope,
      b,
      range,
      { type: ctx.type, due: dueRange(b.dueWithinDays, ctx, now) },
      reader,
    )) {
      yield rows.map((r) => {
        const d = proofDeadline(Number(r.tradeAt), ctx.settlementDays);
        return { ...r, settlementDate: d.settlementDate, lastUploadDate: d.lastUploadDate };
      });
    }
  }

  registerList(app, {
    path: WaybillPath.products,
    permission: '/productInfo/productPage',
    of: PRODUCTS,
    list: byDay(repo.listProducts, toProduct),
  });

  registerExport(app, productExport);
};
