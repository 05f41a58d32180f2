import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const transactionRoutes: FastifyPluginAsyncZod = (app) => {
  void app;
  return Promise.resolve();
};
