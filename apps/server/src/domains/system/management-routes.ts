import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes } from './admins-routes';
import { announcementRoutes } from './announcement-routes';
import { merchantRoutes } from './merchant-routes';
import { operationLogRoutes } from './operation-log-routes';
import { roleRoutes } from './roles-routes';

/** System management (issue 10): merchant details, administrators, roles, the operation log, announcements read per administrator. */
export const managementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(merchantRoutes);
  await app.register(adminRoutes);
  await app.register(roleRoutes);
  await app.register(operationLogRoutes);
  await app.register(announcementRoutes);
};
