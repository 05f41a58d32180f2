import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPROVALS,
  ApprovalPath,
  ZApprovalDecided,
  ZApprovalDetail,
  ZApprovalIdParams,
  ZApprovalPolicies,
  ZApprovalPoliciesSave,
  ZApprovalReject,
} from '@mbo/shared/approvals';
import { ok, okResponse } from '../../platform/envelope';
import { idempotentRequestOf, withIdempotency, ZIdempotencyHeaders } from '../../platform/idempotency';
import { mapPage } from '../../platform/list';
import { rowMapper } from '../../platform/list-fields';
import { registerList } from '../../platform/list-route';
import { requireFreshCheck } from '../../platform/fresh-check';
import { requireSession } from '../../platform/request-context';
import * as repo from './repository';
import * as service from './service';

const SCREEN = '/approval/showApprovals';

/** The approvals screen under System (README.md): requests held for a second administrator, and the owner's rules. */
export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, {
    path: ApprovalPath.list,
    permission: SCREEN,
    of: APPROVALS,
    list: async (q, { db, scope, now }) => {
      // A request whose time ran out reads as expired from the moment it did.
      await repo.expireDue(db, now, scope.merchantId);
      return mapPage(await repo.listRequests(db, scope, q), rowMapper(APPROVALS.fields));
    },
  });

  app.get(
    ApprovalPath.detail,
    { config: { permission: SCREEN }, schema: { params: ZApprovalIdParams, response: okResponse(ZApprovalDetail) } },
    async (request) => ok(request, await service.getDetail(app.db, requireSession(request), request.params.id, app.now())),
  );

  app.post(
    ApprovalPath.approve,
    {
      config: { permission: 'Approval:Approve', operation: { target: ['id'] } },
      // Approving moves the money, as the withdrawal itself does: only shortly after the approver proved themselves.
      preHandler: requireFreshCheck,
      schema: { headers: ZIdempotencyHeaders, params: ZApprovalIdParams, response: okResponse(ZApprovalDecided) },
    },
    async (request) => {
      const session = requireSession(request);
      const now = app.now();
      const same = { id: request.params.id };
      const result = await withIdempotency(app.db, idempotentRequestOf(request, session.merchantId, same), now, (tx) =>
        service.approve(app.db, session, request.params.id, now, tx),
      );
      return ok(request, result);
    },
  );

  app.post(
    ApprovalPath.reject,
    {
      config: { permission: 'Approval:Approve', operation: { target: ['id'] } },
      schema: { params: ZApprovalIdParams, body: ZApprovalReject, response: okResponse(ZApprovalDecided) },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(request, await service.reject(app.db, session, request.params.id, request.body.comment, app.now()));
    },
  );

  app.get(ApprovalPath.policies, { config: { permission: SCREEN }, schema: { response: okResponse(ZApprovalPolicies) } }, async (request) =>
    ok(request, { policies: await service.readPolicies(app.db, requireSession(request).merchantId) }),
  );

  app.post(
    ApprovalPath.savePolicies,
    { config: { permission: 'Approval:Policy' }, schema: { body: ZApprovalPoliciesSave, response: okResponse(ZApprovalPolicies) } },
    async (request) => {
      const session = requireSession(request);
      return ok(request, await service.savePolicies(app.db, session.merchantId, request.body.policies, app.now()));
    },
  );
};
