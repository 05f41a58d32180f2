import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './envelope';

/** One year, the usual HSTS lifetime; subdomains included because every page of the product is HTTPS once one is. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer gets on top of helmet's:
 * - `Cache-Control: no-store` on every API answer (session payloads, merchant data, errors alike) unless
 *   the route chose its own (file downloads say `private, no-store`); the web app's static files keep
 *   their own caching.
 * - `Strict-Transport-Security` only when the request came over HTTPS, directly or, with TRUST_PROXY,
 *   as the proxy's X-Forwarded-Proto says. Over plain HTTP the header means nothing to a browser, and a
 *   development server on http://127.0.0.1 must not teach the browser to insist on HTTPS for that host.
 */
export function installResponseHeaders(app: FastifyInstance): void {
  // Callback hooks, here and in the other onSend hooks that usually have nothing to wait for: an async
  // hook costs each answer a promise and a turn of the microtask queue.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    else reply.removeHeader('strict-transport-security');
    done(null, payload);
  });
}
