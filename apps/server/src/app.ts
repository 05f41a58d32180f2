import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '@mbo/shared/api-paths';
import type { Config } from './config';
import type { Db } from './db/database';
import { authRoutes } from './domains/auth/routes';
import { onboardingRoutes } from './domains/onboarding/routes';
import { systemRoutes } from './domains/system/routes';
import { transactionRoutes } from './domains/transactions/routes';
import { refundRoutes } from './domains/refunds/routes';
import { disputeRoutes } from './domains/disputes/routes';
import { reportRoutes } from './domains/reports/routes';
import { dashboardRoutes } from './domains/dashboard/routes';
import { isApiRequest } from './platform/envelope';
import { installErrorHandler, sendApiNotFound } from './platform/error-handler';
import { createNotifier, type Notifier } from './platform/notifier';
import { installRequestContext } from './platform/request-context';
import { systemClock, type Clock } from './platform/time';
import { registerWebApp } from './platform/web-app';

export type AppOptions = {
  config: Config;
  db: Db;
  /** Clock for sessions, lockouts and logs; tests pass one they can move. */
  now?: Clock;
  /** Log destination (tests capture it); stdout when absent. */
  logStream?: NodeJS.WritableStream;
  /** Mail and SMS; built from the configuration when absent. */
  notifier?: Notifier;
};

/** Content Security Policy the built web app runs under (antd injects style tags, hence 'unsafe-inline' for styles only). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: ['req.headers["x-auth-token"]', 'req.headers.cookie'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The API speaks JSON only. An empty JSON body reads as "no body", so routes without one (logout) accept it and routes with
  // one report the missing field instead of a parse failure.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void jsonParser(request, text, done);
  });

  // Security headers first, so answers refused by later hooks (401, 403) carry them too.
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });

  const now = options.now ?? systemClock;
  installRequestContext(app, { db, config, now });
  installErrorHandler(app);

  const notifier = options.notifier ?? createNotifier({ config, db, now, log: app.log });
  app.decorate('notifier', notifier);
  app.addHook('onClose', () => notifier.close());

  await app.register(authRoutes, { prefix: API_BASE });
  await app.register(onboardingRoutes, { prefix: API_BASE });
  await app.register(systemRoutes, { prefix: API_BASE });
  await app.register(transactionRoutes, { prefix: API_BASE });
  await app.register(refundRoutes, { prefix: API_BASE });
  await app.register(disputeRoutes, { prefix: API_BASE });
  await app.register(reportRoutes, { prefix: API_BASE });
  await app.register(dashboardRoutes, { prefix: API_BASE });

  const webFallback = await registerWebApp(app, config.webDist);
  app.setNotFoundHandler((request, reply) => (isApiRequest(request) ? sendApiNotFound(request, reply) : webFallback(request, reply)));

  return app;
}
