import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const dashboardRoutes: FastifyPluginAsyncZod = (app) => {
  void app;
  return Promise.resolve();
};
