import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const reportRoutes: FastifyPluginAsyncZod = (app) => {
  void app;
  return Promise.resolve();
};
