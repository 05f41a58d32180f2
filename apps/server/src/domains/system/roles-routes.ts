import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmptyData } from '@mbo/shared/envelope';
import { RolePath, ZRoleBody, ZRoleIdBody, ZRoleListQuery, ZRolePage, ZRoleSaved, ZUpdateRoleBody } from '@mbo/shared/system-roles';
import { ok, okResponse } from '../../platform/envelope';
import { requireSession } from '../../platform/request-context';
import * as service from './roles-service';

/** Roles and the permission editor (spec §2 /role/findRoles). */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    RolePath.list,
    { config: { permission: '/role/findRoles' }, schema: { querystring: ZRoleListQuery, response: okResponse(ZRolePage) } },
    async (request) => ok(request, await service.listRoles(app.db, requireSession(request), request.query)),
  );

  app.post(
    RolePath.add,
    { config: { permission: 'Role:Edit', operation: { type: 'add' } }, schema: { body: ZRoleBody, response: okResponse(ZRoleSaved) } },
    async (request) => ok(request, { roleId: await service.addRole(app.db, requireSession(request), request.body) }),
  );

  app.post(
    RolePath.update,
    {
      config: { permission: 'Role:Edit', operation: { type: 'edit' } },
      schema: { body: ZUpdateRoleBody, response: okResponse(ZRoleSaved) },
    },
    async (request) => {
      const { roleId, ...body } = request.body;
      await service.updateRole(app.db, requireSession(request), roleId, body);
      return ok(request, { roleId });
    },
  );

  app.post(
    RolePath.delete,
    { config: { permission: 'Role:Edit', operation: { type: 'delete' } }, schema: { body: ZRoleIdBody, response: okResponse(ZEmptyData) } },
    async (request) => {
      await service.deleteRole(app.db, requireSession(request), request.body.roleId);
      return ok(request, null);
    },
  );
};
