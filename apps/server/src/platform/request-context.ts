import type { FastifyInstance, RouteOptions } from 'fastify';
import { API_BASE } from '@mbo/shared/api-paths';
import { TOKEN_HEADER } from '@mbo/shared/auth';
import { DEFAULT_LANGUAGE, languageFromHeader, type TLanguage } from '@mbo/shared/i18n';
import { isPermission, type TPermission } from '@mbo/shared/permissions';
import { DEFAULT_TIMEZONE } from '@mbo/shared/timezones';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { forbiddenError, unauthorizedError } from './errors';
import { loadAccess } from './permissions';
import type { Notifier } from './notifier';
import { findActiveSession, type SessionContext } from './session';
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

export function installRequestContext(app: FastifyInstance, deps: { db: Db; config: Config; now: Clock }): void {
  app.decorate('db', deps.db);
  app.decorate('appConfig', deps.config);
  app.decorate('now', deps.now);
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('timezone', DEFAULT_TIMEZONE);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', checkRouteDeclaration);

  const idleMs = deps.config.sessionIdleMinutes * MINUTE_MS;
  const tokenHeader = TOKEN_HEADER.toLowerCase();

  app.addHook('onRequest', async (request) => {
    request.lang = languageFromHeader(request.headers.lang);
    request.timezone = timezoneFromHeader(request.headers.timezone);

    if (!isApiRoute(request.routeOptions.url)) return;
    const c = request.routeOptions.config;
    if (c.public === true) return;
    // Fail closed: a route that somehow carries no declaration is refused.
    if (c.signedIn !== true && c.permission === undefined) throw forbiddenError();

    // The token comes from this header only; a cookie never authenticates.
    const raw = request.headers[tokenHeader];
    const token = Array.isArray(raw) ? raw[0] : raw;
    const session = token ? await findActiveSession(deps.db, token, deps.now(), idleMs) : null;
    if (!session) throw unauthorizedError();
    request.auth = session;

    if (session.requires2FA && c.allowPending2fa !== true) throw forbiddenError('error.twoFactorRequired');
    if (c.permission !== undefined) {
      const access = await loadAccess(deps.db, session.roleId, session.merchantId);
      if (!access.permissions.has(c.permission)) throw forbiddenError();
    }
  });
}

/** The session of a signed-in route (the onRequest hook guarantees it; this keeps handlers honest). */
export function requireSession(request: { auth: SessionContext | null }): SessionContext {
  if (!request.auth) throw unauthorizedError();
  return request.auth;
}
