import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '@mbo/shared/envelope';
import { ok, okResponse, sendEnvelope } from './envelope';

/** Paths under the API base, for a load balancer's liveness and readiness probes. */
export const HealthPath = {
  live: '/health/live',
  ready: '/health/ready',
} as const;

/** A readiness probe that waits longer than this for the database reports "not ready" rather than hanging. */
export const READY_DB_TIMEOUT_MS = 2000;

export const ZHealth = z.object({ status: z.literal('ok'), uptimeSeconds: z.number().int() });
export const ZReadiness = z.object({ status: z.literal('ok'), database: z.literal('ok') });

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Liveness: the process answers HTTP (restart it when it does not). Readiness: it can serve requests,
 * which needs the database (one `select 1`) and a server that is not shutting down; a load balancer
 * takes an instance that answers 503 out of rotation, so a SIGTERM drains it before the listener closes.
 * Both are public and carry no data about the product.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const started = Date.now();
  let closing = false;
  app.addHook('preClose', () => {
    closing = true;
  });

  app.get(HealthPath.live, { config: { public: true }, schema: { response: okResponse(ZHealth) } }, async (request) =>
    ok(request, { status: 'ok' as const, uptimeSeconds: Math.floor((Date.now() - started) / 1000) }),
  );

  app.get(HealthPath.ready, { config: { public: true }, schema: { response: okResponse(ZReadiness) } }, async (request, reply) => {
    if (closing) return sendEnvelope(reply, request, 503, ErrorCode.internal, 'error.internal');
    try {
      await withTimeout(sql`select 1`.execute(app.db), READY_DB_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: database unavailable');
      return sendEnvelope(reply, request, 503, ErrorCode.internal, 'error.internal');
    }
    return ok(request, { status: 'ok' as const, database: 'ok' as const });
  });
};
