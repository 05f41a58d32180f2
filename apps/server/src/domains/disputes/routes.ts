import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const disputeRoutes: FastifyPluginAsyncZod = (app) => {
  void app;
  return Promise.resolve();
};
