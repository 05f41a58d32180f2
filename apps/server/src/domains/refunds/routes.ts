import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const refundRoutes: FastifyPluginAsyncZod = (app) => {
  void app;
  return Promise.resolve();
};
