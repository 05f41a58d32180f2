import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE } from '@mbo/shared/api-paths';
import type { Config, TrustProxy } from './config';
import type { Db } from './db/database';
// Every domain's words, registered with the translator before any route can answer.
import './messages';
import { authRoutes } from './domains/auth/routes';
import { onboardingRoutes } from './domains/onboarding/routes';
import { systemRoutes } from './domains/system/routes';
import { transactionRoutes } from './domains/transactions/routes';
import { refundRoutes } from './domains/refunds/routes';
import { disputeRoutes } from './domains/disputes/routes';
import { reportRoutes } from './domains/reports/routes';
import { dashboardRoutes } from './domains/dashboard/routes';
import { waybillRoutes } from './domains/waybills/routes';
import { websiteRoutes } from './domains/websites/routes';
import { riskRoutes } from './domains/risk/routes';
import { linkRoutes } from './domains/links/routes';
import { webhookRoutes } from './domains/webhooks/routes';
import { scheduleRoutes } from './domains/schedules/routes';
import { exportJobRoutes } from './domains/exports/routes';
import { createExportRunner } from './domains/exports/runner';
import { searchRoutes } from './domains/search/routes';
import { viewRoutes } from './domains/views/routes';
import { notificationRoutes } from './domains/notifications/routes';
import { approvalRoutes } from './domains/approvals/routes';
import { isApiRequest } from './platform/envelope';
import { installCompression } from './platform/compression';
import { clientErrorHandler, installErrorHandler, rerouteFrameworkError, sendApiNotFound } from './platform/error-handler';
import { installIdempotencyHeaders } from './platform/idempotency';
import { healthRoutes } from './platform/health';
import { createExportPool } from './platform/export-pool';
import { installResponseHeaders, requestIdOf } from './platform/http-headers';
import { installMetrics } from './platform/metrics';
import { helmetHeaders, installSecurityHeaders } from './platform/security-headers';
import { createNotifier, type Notifier } from './platform/notifier';
import { registerOpenApi } from './platform/openapi';
import { installOperationLog } from './platform/operation-log';
import { installRequestContext } from './platform/request-context';
import { createFileStorage, type FileStorage } from './platform/storage';
import { systemClock, type Clock } from './platform/time';
import { registerWebApp } from './platform/web-app';
import { fundsRoutes } from './domains/funds/routes';
import { ReminderAnswers } from './domains/system/reminder-answers';

export type AppOptions = {
  config: Config;
  db: Db;
  /** Clock for sessions, lockouts and logs; tests pass one they can move. */
  now?: Clock;
  /** Log destination (tests capture it); stdout when absent. */
  logStream?: NodeJS.WritableStream;
  /** Mail and SMS; built from the configuration when absent. */
  notifier?: Notifier;
  /** File storage; built from FILE_STORAGE when absent. */
  files?: FileStorage;
};

/**
 * The business domains, one Fastify plugin each (`src/domains/<domain>/routes.ts`), registered in this
 * order under `/v3api`. A new domain is one entry here, plus its catalog in `src/messages.ts`.
 */
export const DOMAIN_PLUGINS = [
  authRoutes,
  onboardingRoutes,
  systemRoutes,
  transactionRoutes,
  refundRoutes,
  disputeRoutes,
  reportRoutes,
  dashboardRoutes,
  fundsRoutes,
  waybillRoutes,
  websiteRoutes,
  riskRoutes,
  linkRoutes,
  webhookRoutes,
  scheduleRoutes,
  exportJobRoutes,
  searchRoutes,
  viewRoutes,
  notificationRoutes,
  approvalRoutes,
] as const;

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

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A list of addresses goes as is (Fastify checks each hop's address
 * with proxy-addr). A hop count goes as a function: Fastify 5.12 reads a bare number as "trust nothing",
 * since a count cannot tell a proxy from a client that reaches the node directly; that is why the README
 * recommends the addresses and allows a count only where nothing else can reach the nodes.
 */
function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return [...trust];
}

/** The zod compilers as Fastify's compiler factories (whose types name Ajv's; the contract is the same function). */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // Sent only over HTTPS, by installResponseHeaders.
    strictTransportSecurity: false,
  });
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: ['req.headers["x-auth-token"]', 'req.headers.cookie'],
    },
    trustProxy: trustProxyOption(config.trustProxy),
    // The id of each request's log lines: X-Request-Id when sane (from nginx or the client), else a random one.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // Requests Node's HTTP parser refuses (headers over 16 KB, ...) get the envelope and the security headers too.
    clientErrorHandler: clientErrorHandler(securityHeaders),
    // A URL the router cannot decode, or a path parameter over its length limit, is answered like any
    // other bad input (envelope, security headers) instead of by the router's own body.
    frameworkErrors: rerouteFrameworkError,
    // During a graceful shutdown, requests already on open connections are served, not refused with 503.
    return503OnClosing: false,
    // Every schema is a zod schema, compiled by fastify-type-provider-zod. Named here, Fastify does not load
    // its default compilers (@fastify/ajv-compiler, fast-json-stringify: three copies of Ajv, with their
    // formats) only to have them replaced: several MB of idle memory (issue 13 §8).
    schemaController: { compilersFactory: ZOD_COMPILERS },
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
  installSecurityHeaders(app, securityHeaders);
  installResponseHeaders(app);
  installIdempotencyHeaders(app);
  // GET /metrics and the counters of every answer (platform/metrics.ts).
  if (config.metricsEnabled) installMetrics(app, db, config.databaseUrl);

  const now = options.now ?? systemClock;
  installRequestContext(app, { db, config, now });
  // After the session hook (the entry names the caller), before any route: every write route is recorded.
  installOperationLog(app, { db, now });
  // The last onSend hook: the ones before it (operation log, headers) read the payload as written.
  installCompression(app);
  installErrorHandler(app);

  app.decorate('files', options.files ?? createFileStorage(config.fileStorage, config.dataDir));
  const exportPool = createExportPool(config.exportWorkers, config.exportSliceRows);
  app.decorate('exportPool', exportPool);
  app.addHook('onClose', async () => exportPool?.close());
  const reminderAnswers = new ReminderAnswers(db);
  app.decorate('reminderAnswers', reminderAnswers);
  app.addHook('onClose', async () => reminderAnswers.close());
  const notifier = options.notifier ?? createNotifier({ config, db, now, log: app.log, files: app.files });
  app.decorate('notifier', notifier);
  // Notices still being sent in the background go out before the mail transport closes.
  app.addHook('onClose', async () => {
    await app.background.idle();
    notifier.close();
  });
  // Background exports (domains/exports): an export being made when the server closes goes back to the queue (onClose runs last-added first).
  const exportRunner = createExportRunner(app);
  app.decorate('exportRunner', exportRunner);
  app.addHook('onClose', async () => exportRunner.close());

  // Before the domain plugins: the generator learns the routes as they are registered.
  await registerOpenApi(app);
  await app.register(healthRoutes, { prefix: API_BASE });
  for (const plugin of DOMAIN_PLUGINS) await app.register(plugin, { prefix: API_BASE });

  const webFallback = await registerWebApp(app, config.webDist);
  app.setNotFoundHandler((request, reply) => (isApiRequest(request) ? sendApiNotFound(request, reply) : webFallback(request, reply)));

  return app;
}
