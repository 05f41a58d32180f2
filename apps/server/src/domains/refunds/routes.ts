import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zPage } from '@mbo/shared/paging';
import {
  RefundPath,
  ZRefund,
  ZRefundable,
  ZRefundableParams,
  ZRefundApplied,
  ZRefundApply,
  ZRefundListQuery,
  ZRefundNoParams,
  type TRefund,
} from '@mbo/shared/refunds';
import { ok, okResponse } from '../../platform/envelope';
import { AppError, forbiddenError } from '../../platform/errors';
import { ErrorCode } from '@mbo/shared/envelope';
import { holdsAnyPermission } from '../../platform/permissions';
import { requireSession } from '../../platform/request-context';
import type { SessionContext } from '../../platform/session';
import { dayRangeInZone, toIso } from '../../platform/time';
import { registerRefundExport } from './export';
import * as repo from './repository';
import * as service from './service';

/** Either operation lets a person apply for a refund (from the refund screen or from a transaction's detail). */
const APPLY_PERMISSIONS = ['Refundment:Apply', 'TradeRecord:Refund'] as const;

export function toRefund(r: NonNullable<Awaited<ReturnType<typeof repo.findRefund>>>): TRefund {
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
    cursor: `${Number(r.sort_value)}_${r.id}`,
  };
}

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
    { config: { signedIn: true }, schema: { body: ZRefundApply, response: okResponse(ZRefundApplied) } },
    async (request) => {
      const session = requireSession(request);
      await requireApply(session);
      const applied = await service.applyRefund(
        app.db,
        session.scope,
        request.body,
        { name: session.loginName, adminId: session.adminId },
        app.now(),
      );
      return ok(request, applied);
    },
  );

  app.get(
    RefundPath.list,
    {
      config: { permission: '/refundment/forwardRefundmentList' },
      schema: { querystring: ZRefundListQuery, response: okResponse(zPage(ZRefund)) },
    },
    async (request) => {
      const { scope } = requireSession(request);
      const q = request.query;
      const range = dayRangeInZone(q.from, q.to, request.timezone);
      const { rows, total, capped } = await repo.listRefunds(app.db, scope, q, range);
      return ok(request, { list: rows.map(toRefund), total, capped, page: q.page, limit: q.limit });
    },
  );

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

  registerRefundExport(app);
};
