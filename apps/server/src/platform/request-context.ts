import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { API_BASE } from '@mbo/shared/api-paths';
import { TOKEN_HEADER } from '@mbo/shared/auth';
import { ErrorCode } from '@mbo/shared/envelope';
import { DEFAULT_LANGUAGE, languageFromHeader, type TLanguage } from '@mbo/shared/i18n';
import { isPermission, type TPermission } from '@mbo/shared/permissions';
import { DEFAULT_TIMEZONE } from '@mbo/shared/timezones';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { createBackground, type Background } from './background';
import { AppError, forbiddenError, unauthorizedError } from './errors';
import { fieldLabel } from './i18n';
import type { Notifier } from './notifier';
import { AuthCache } from './auth-cache';
import type { Access } from './permissions';
import type { SessionContext, SessionLimits } from './session';
import type { ExportPool } from './export-pool';
import type { FileStorage } from './storage';
import { MINUTE_MS, timezoneFromHeader, type Clock } from './time';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed. */
    public?: true;
    /** Any signed-in caller. */
    signedIn?: true;
    /** Signed in and holding this menu or operation permission. */
    permission?: TPermission;
    /** Reachable while two-step verification is still pending (user info, logout). */
    allowPending2fa?: true;
  }
  interface FastifyRequest {
    /** Language of every message in the answer, from the `lang` header. */
    lang: TLanguage;
    /** IANA timezone from the `timezone` header (Asia/Shanghai when missing or unknown). */
    timezone: string;
    /** The session, on routes that need one; null on public routes. */
    auth: SessionContext | null;
  }
  interface FastifyInstance {
    db: Db;
    appConfig: Config;
    /** Injectable clock: tests move time forward instead of sleeping. */
    now: Clock;
    /** Mail and SMS (decorated in buildApp). */
    notifier: Notifier;
    /** Notices sent after the answer, so their time does not show in it. */
    background: Background;
    /** Every API route as registered (method, url, schema, config): what the route fuzz test walks. */
    apiRoutes: RouteOptions[];
    /** Where uploaded files live (storage.ts; decorated in buildApp). */
    files: FileStorage;
    /** Sessions, permissions and scopes kept in this process (auth-cache.ts). */
    authCache: AuthCache;
    /** Worker threads for large exports (export-pool.ts); null when EXPORT_WORKERS=0. */
    exportPool: ExportPool | null;
  }
}

function isApiRoute(url: string | undefined): boolean {
  return url !== undefined && (url === API_BASE || url.startsWith(`${API_BASE}/`));
}

/** Refuses to register an API route that does not say who may call it, or has no response schema. */
function checkRouteDeclaration(route: RouteOptions): void {
  if (!isApiRoute(route.url)) return;
  const c = route.config ?? {};
  const declared = [c.public === true, c.signedIn === true, c.permission !== undefined].filter(Boolean).length;
  const where = `${String(route.method)} ${route.url}`;
  if (declared !== 1) throw new Error(`${where}: declare exactly one of config.public, config.signedIn, config.permission`);
  if (c.permission !== undefined && !isPermission(c.permission)) throw new Error(`${where}: unknown permission ${String(c.permission)}`);
  if (!route.schema?.response) throw new Error(`${where}: declare a response schema`);
}

export function sessionLimitsOf(config: Pick<Config, 'sessionIdleMinutes' | 'sessionMaxHours'>): SessionLimits {
  return { idleMs: config.sessionIdleMinutes * MINUTE_MS, maxAgeMs: config.sessionMaxHours * 60 * MINUTE_MS };
}

export function installRequestContext(app: FastifyInstance, deps: { db: Db; config: Config; now: Clock }): void {
  app.decorate('db', deps.db);
  app.decorate('appConfig', deps.config);
  app.decorate('now', deps.now);
  app.decorate('background', createBackground(app.log));
  const authCache = new AuthCache(deps.db);
  app.decorate('authCache', authCache);
  app.addHook('onClose', async () => authCache.close());
  const apiRoutes: RouteOptions[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('timezone', DEFAULT_TIMEZONE);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    checkRouteDeclaration(route);
    if (isApiRoute(route.url)) apiRoutes.push(route);
  });

  const limits = sessionLimitsOf(deps.config);
  const tokenHeader = TOKEN_HEADER.toLowerCase();

  // PostgreSQL cannot store a NUL character in text and no field of the product needs one: text that
  // carries one is refused as invalid before it reaches a query, on SQLite too so both answer alike.
  // A callback hook: it has nothing to wait for, and an async one costs each request a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!isApiRoute(request.routeOptions.url)) return done();
    const field =
      fieldWithNul(request.params, 'params') ?? fieldWithNul(request.query, 'querystring') ?? fieldWithNul(request.body, 'body');
    if (field !== null)
      return done(new AppError('validation.invalid', ErrorCode.validation, 200, { field: fieldLabel(request.lang, field) }));
    done();
  });

  /** Admits a request with its session (and, on a route that names a permission, its access), or says why not. */
  const admit = (request: FastifyRequest, session: SessionContext | null, access: Access | null): Error | undefined => {
    if (!session) return unauthorizedError();
    request.auth = session;
    const c = request.routeOptions.config;
    if (session.requires2FA && c.allowPending2fa !== true) return forbiddenError('error.twoFactorRequired');
    if (c.permission !== undefined && !access?.permissions.has(c.permission)) return forbiddenError();
    return undefined;
  };
  /**
   * The session and access of a request that the cache cannot answer without a query, or that changes
   * something (`current`: checked against the auth counter as it is now, see auth-cache.ts).
   */
  const authenticate = async (request: FastifyRequest, token: string, now: number, current: boolean): Promise<Error | undefined> => {
    const session = await authCache.session(token, now, limits, { current });
    const c = request.routeOptions.config;
    const needsAccess = session !== null && c.permission !== undefined && !(session.requires2FA && c.allowPending2fa !== true);
    return admit(request, session, needsAccess ? await authCache.access(session) : null);
  };

  // A callback hook: a known session with its access cached (almost every request) is admitted without
  // a promise; the rest wait for the cache to read what it needs.
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = languageFromHeader(request.headers.lang);
    request.timezone = timezoneFromHeader(request.headers.timezone);

    if (!isApiRoute(request.routeOptions.url)) return done();
    const c = request.routeOptions.config;
    if (c.public === true) return done();
    // Fail closed: a route that somehow carries no declaration is refused.
    if (c.signedIn !== true && c.permission === undefined) return done(forbiddenError());

    // The token comes from this header only; a cookie never authenticates.
    const raw = request.headers[tokenHeader];
    const token = Array.isArray(raw) ? raw[0] : raw;
    if (!token) return done(unauthorizedError());
    const now = deps.now();
    // A request that may change something is never admitted on a read of the auth counter taken before
    // it came: a session ended on another node a moment ago must not refund or withdraw here.
    const reads = request.method === 'GET' || request.method === 'HEAD';
    const session = reads ? authCache.knownSession(token, now, limits) : undefined;
    if (session !== undefined) {
      if (session === null || c.permission === undefined) return done(admit(request, session, null));
      const access = authCache.knownAccess(session);
      if (access !== undefined) return done(admit(request, session, access));
    }
    authenticate(request, token, now, !reads).then(done, done);
  });
}

/** The name of the first field whose text (or key) carries a NUL character, or null. */
export function fieldWithNul(value: unknown, name: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? name : null;
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return name;
    const found = fieldWithNul(inner, /^\d+$/.test(key) ? name : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** The session of a signed-in route (the onRequest hook guarantees it; this keeps handlers honest). */
export function requireSession(request: { auth: SessionContext | null }): SessionContext {
  if (!request.auth) throw unauthorizedError();
  return request.auth;
}
