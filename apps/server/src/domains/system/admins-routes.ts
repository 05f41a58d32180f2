import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminStatus } from '@mbo/shared/merchants';
import {
  AdminPath,
  ZAdminChanged,
  ZAdminIdBody,
  ZAdminListQuery,
  ZAdminPage,
  ZGrantable,
  ZUpdateAdminBody,
} from '@mbo/shared/system-admins';
import { ok, okResponse } from '../../platform/envelope';
import { assertFreshCheckForRoleChange } from '../../platform/fresh-check';
import { requireSession } from '../../platform/request-context';
import * as service from './admins-service';

/**
 * Administrators (spec §2 /admin/findManagers). Inviting, resending an invitation and mailing an
 * administrator a password-reset link are onboarding's routes (onboarding/routes.ts): they send the
 * identity mails, and system never imports onboarding.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    AdminPath.list,
    { config: { permission: '/admin/findManagers' }, schema: { querystring: ZAdminListQuery, response: okResponse(ZAdminPage) } },
    async (request) => ok(request, await service.listAdmins(app.db, requireSession(request), request.query, request.lang, app.now())),
  );

  app.get(
    AdminPath.grantable,
    { config: { permission: '/admin/findManagers' }, schema: { response: okResponse(ZGrantable) } },
    async (request) => ok(request, await service.listGrantable(app.db, requireSession(request), request.lang)),
  );

  app.post(
    AdminPath.update,
    {
      config: { permission: 'Admin:Edit', operation: { type: 'edit' } },
      schema: { body: ZUpdateAdminBody, response: okResponse(ZAdminChanged) },
    },
    async (request) => {
      await assertFreshCheckForRoleChange(app.db, requireSession(request), request.body.adminId, request.body.roleId, app.now());
      const status = await service.updateAdmin(app.db, requireSession(request), request.body);
      return ok(request, { adminId: request.body.adminId, status });
    },
  );

  app.post(
    AdminPath.disable,
    {
      config: { permission: 'Admin:Disable', operation: { type: 'edit' } },
      schema: { body: ZAdminIdBody, response: okResponse(ZAdminChanged) },
    },
    async (request) => {
      await service.disableAdmin(app.db, requireSession(request), request.body.adminId, app.now());
      return ok(request, { adminId: request.body.adminId, status: AdminStatus.disabled });
    },
  );

  app.post(
    AdminPath.resume,
    {
      config: { permission: 'Admin:Disable', operation: { type: 'edit' } },
      schema: { body: ZAdminIdBody, response: okResponse(ZAdminChanged) },
    },
    async (request) => {
      await service.resumeAdmin(app.db, requireSession(request), request.body.adminId);
      return ok(request, { adminId: request.body.adminId, status: AdminStatus.normal });
    },
  );
};
