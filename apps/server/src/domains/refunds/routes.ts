import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '@mbo/shared/envelope';
import {
  RefundPath,
  ZRefund,
  ZRefundable,
  ZRefundableParams,
  ZRefundApplied,
  ZRefundApply,
  ZRefundExportBody,
  ZRefundListQuery,
  ZRefundNoParams,
  ZRefundPage,
  type TRefund,
} from '@mbo/shared/refunds';
import { ok, okResponse } from '../../platform/envelope';
import { AppError, forbiddenError } from '../../platform/errors';
import { type ExportCells } from '../../platform/export-cells';
import { defineExport, registerExport } from '../../platform/export-route';
import { type ExportColumn } from '../../platform/export-values';
import { idempotentRequestOf, withIdempotency, ZIdempotencyHeaders } from '../../platform/idempotency';
import { mapPage } from '../../platform/list';
import { registerList } from '../../platform/list-route';
import type { TPermission } from '@mbo/shared/permissions';
import { holdsAnyPermission } from '../../platform/permissions';
import { requireSession } from '../../platform/request-context';
import type { SessionContext } from '../../platform/session';
import { dayRangeInZone, toIso } from '../../platform/time';
import * as repo from './repository';
import * as service from './service';

/** Either operation lets a person apply for a refund (from the refund screen or from a transaction's detail). */
const APPLY_PERMISSIONS: readonly TPermission[] = ['Refundment:Apply', 'TradeRecord:Refund'];

export function toRefund(r: repo.RefundRow): TRefund {
  return {
    refundNo: r.refund_no,
    tradeNo: r.trade_no,
    gatewayNo: r.gateway_no,
    refundType: r.refund_type,
    method: r.method,
    source: r.source,
    currency: r.currency,
    amount: r.amount,
    availableAmount: r.available_amount,
    reason: r.reason,
    applicant: r.applicant,
    status: r.status,
    failReason: r.fail_reason,
    appliedAt: toIso(r.applied_at),
    processedAt: r.processed_at === null ? null : toIso(r.processed_at),
    tradeAt: toIso(r.trade_at),
  };
}

/** Export columns of the refund query, in the list's order. */
function exportColumns(c: ExportCells): ExportColumn<repo.RefundRow>[] {
  return [
    { header: c.text('refundCol.refundNo'), value: (r) => r.refund_no },
    { header: c.text('refundCol.tradeNo'), value: (r) => r.trade_no },
    { header: c.text('refundCol.gatewayNo'), value: (r) => r.gateway_no },
    { header: c.text('refundCol.type'), value: (r) => c.label('refundType', r.refund_type) },
    { header: c.text('refundCol.method'), value: (r) => c.label('refundMethod', r.method) },
    { header: c.text('refundCol.source'), value: (r) => c.label('refundSource', r.source) },
    { header: c.text('refundCol.currency'), value: (r) => r.currency },
    { header: c.text('refundCol.availableAmount'), value: (r) => c.money(r.available_amount, r.currency) },
    { header: c.text('refundCol.amount'), value: (r) => c.money(r.amount, r.currency) },
    { header: c.text('refundCol.reason'), value: (r) => r.reason },
    { header: c.text('refundCol.applicant'), value: (r) => r.applicant },
    { header: c.text('refundCol.appliedAt'), value: (r) => c.time(r.applied_at) },
    { header: c.text('refundCol.status'), value: (r) => c.label('refundStatus', r.status) },
    { header: c.text('refundCol.processedAt'), value: (r) => c.time(r.processed_at) },
    { header: c.text('refundCol.failReason'), value: (r) => r.fail_reason },
  ];
}

/** Declared with the module so an export worker finds it (defineExport). */
const refundExport = defineExport({
  path: RefundPath.export,
  permission: 'Refundment:Downloads',
  body: ZRefundExportBody,
  filePrefix: 'refunds',
  sheetName: (c) => c.text('export.refunds'),
  columns: exportColumns,
  batches: (b, { db, scope, timezone, reader }) => repo.iterateRefunds(db, scope, b, dayRangeInZone(b.from, b.to, timezone), reader),
});

export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  async function requireApply(session: SessionContext) {
    if (!(await holdsAnyPermission(app.db, session.roleId, session.merchantId, APPLY_PERMISSIONS))) throw forbiddenError();
  }

  app.get(
    RefundPath.refundable,
    { config: { signedIn: true }, schema: { params: ZRefundableParams, response: okResponse(ZRefundable) } },
    async (request) => {
      const session = requireSession(request);
      await requireApply(session);
      return ok(request, await service.getRefundable(app.db, session.scope, request.params.tradeNo));
    },
  );

  app.post(
    RefundPath.apply,
    { config: { signedIn: true }, schema: { headers: ZIdempotencyHeaders, body: ZRefundApply, response: okResponse(ZRefundApplied) } },
    async (request) => {
      const session = requireSession(request);
      await requireApply(session);
      const now = app.now();
      const applied = await withIdempotency(app.db, idempotentRequestOf(request, session.merchantId, request.body), now, (tx) =>
        service.applyRefund(app.db, session.scope, request.body, { name: session.loginName, adminId: session.adminId }, now, tx),
      );
      return ok(request, applied);
    },
  );

  registerList(app, {
    path: RefundPath.list,
    permission: '/refundment/forwardRefundmentList',
    query: ZRefundListQuery,
    page: ZRefundPage,
    list: async (q, { db, scope, timezone }) =>
      mapPage(await repo.listRefunds(db, scope, q, dayRangeInZone(q.from, q.to, timezone)), toRefund),
  });

  app.get(
    RefundPath.detail,
    { config: { permission: '/refundment/forwardRefundmentList' }, schema: { params: ZRefundNoParams, response: okResponse(ZRefund) } },
    async (request) => {
      const { scope } = requireSession(request);
      const r = await repo.findRefund(app.db, scope, request.params.refundNo);
      if (!r) throw new AppError('refund.notFound', ErrorCode.notFound);
      return ok(request, toRefund(r));
    },
  );

  registerExport(app, refundExport);
};
