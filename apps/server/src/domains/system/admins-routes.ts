import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmptyData } from '@mbo/shared/envelope';
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
import { requireSession } from '../../platform/request-context';
import { sendResetEmail } from '../onboarding/identity-service';
import * as service from './admins-service';

/** Administrators (spec §2 /admin/findManagers); inviting and resending are onboarding's invite routes. */
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

  app.post(
    AdminPath.resetPassword,
    {
      config: { permission: 'Admin:ResetPassword', operation: { type: 'edit' } },
      schema: { body: ZAdminIdBody, response: okResponse(ZEmptyData) },
    },
    async (request) => {
      const email = await service.resetTarget(app.db, requireSession(request), request.body.adminId);
      const ua = request.headers['user-agent'];
      await sendResetEmail({ db: app.db, now: app.now, notifier: app.notifier, background: app.background, files: app.files }, email, {
        ip: request.ip,
        userAgent: typeof ua === 'string' ? ua : '',
        lang: request.lang,
      });
      return ok(request, null);
    },
  );
};
