import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '@mbo/shared/envelope';
import {
  RefundPath,
  ZRefund,
  ZRefundable,
  ZRefundableParams,
  ZRefundApply,
  ZRefundNoParams,
  ZRefundOutcome,
  REFUNDS,
} from '@mbo/shared/refunds';
import { ok, okResponse } from '../../platform/envelope';
import { AppError, forbiddenError } from '../../platform/errors';
import { defineExport, registerExport } from '../../platform/export-route';
import { idempotentRequestOf, withIdempotency, ZIdempotencyHeaders } from '../../platform/idempotency';
import { rowMapper } from '../../platform/list-fields';
import { byDay, registerList } from '../../platform/list-route';
import type { TPermission } from '@mbo/shared/permissions';
import { holdsAnyPermission } from '../../platform/permissions';
import { assertFreshCheckForRefund } from '../../platform/fresh-check';
import { requireSession } from '../../platform/request-context';
import type { SessionContext } from '../../platform/session';
import { dayRangeInZone } from '../../platform/time';
import { registerApprovalExecutor, runOrHold } from '../approvals/public';
import * as repo from './repository';
import * as service from './service';

/** Either operation lets a person apply for a refund (from the refund screen or from a transaction's detail). */
const APPLY_PERMISSIONS: readonly TPermission[] = ['Refundment:Apply', 'TradeRecord:Refund'];

const toRefund = rowMapper(REFUNDS.fields);

/** The server catalog's labels of the refunds' codes. */
const REFUND_CODES = { refundType: 'refundType', method: 'refundMethod', source: 'refundSource', status: 'refundStatus' };

/** Declared with the module so an export worker finds it (defineExport). */
const refundExport = defineExport({
  path: RefundPath.export,
  permission: 'Refundment:Downloads',
  list: REFUNDS,
  file: { name: 'refunds', sheet: 'export.refunds' },
  columns: { codes: REFUND_CODES, special: { tradeAt: null } },
  batches: (b, { db, scope, timezone, reader }) => repo.iterateRefunds(db, scope, b, dayRangeInZone(b.from, b.to, timezone), reader),
});

export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  // An approved refund runs as the application itself, with its checks, in the approval's transaction.
  registerApprovalExecutor('refund', {
    run: (db, scope, payload, applicant, now, tx) => service.applyRefund(db, scope, ZRefundApply.parse(payload), applicant, now, tx),
    resultNo: (r) => r.refundNo,
  });
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
    { config: { signedIn: true }, schema: { headers: ZIdempotencyHeaders, body: ZRefundApply, response: okResponse(ZRefundOutcome) } },
    async (request) => {
      const session = requireSession(request);
      await requireApply(session);
      const now = app.now();
      const applicant = { name: session.loginName, adminId: session.adminId };
      // Weighed inside the key's claim, so that a replay gets its first answer even though that refund
      // has used the available amount since. The owner's approval policy may hold it for another
      // administrator (domains/approvals/README.md).
      const applied = await withIdempotency(app.db, idempotentRequestOf(request, session.merchantId, request.body), now, async (tx) => {
        const action = await service.refundAction(app.db, session.scope, request.body);
        await assertFreshCheckForRefund(app.db, session, action, now);
        return runOrHold(app, session, action, now, tx, (run) =>
          service.applyRefund(app.db, session.scope, request.body, applicant, now, run),
        );
      });
      return ok(request, applied);
    },
  );

  registerList(app, {
    path: RefundPath.list,
    permission: '/refundment/forwardRefundmentList',
    of: REFUNDS,
    list: byDay(repo.listRefunds, toRefund),
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
