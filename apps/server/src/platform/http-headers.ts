import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './envelope';

/** Carries a request's id from the client or nginx to the node and back in the answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a request id may be: a token that cannot break a log line or a header, of at most 64 characters. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Fastify's `genReqId`: the request's id in every log line of the request (`reqId`) and in its answer's
 * X-Request-Id. The one nginx sends (the client's own when sane, else nginx's $request_id; see
 * deploy/nginx) follows a request from the proxy to the node's logs. The id is a correlation aid, not
 * a proof: a client that reaches a node may send any sane id, even another request's. Anything else
 * (too long, spaces, quotes, control characters, two headers joined with a comma) is replaced with a
 * fresh random id rather than written into the logs.
 */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** One year, the usual HSTS lifetime; subdomains included because every page of the product is HTTPS once one is. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer gets on top of helmet's:
 * - `X-Request-Id`: the request's id (requestIdOf), also in every log line of the request.
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
    reply.header(REQUEST_ID_HEADER, request.id);
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    else reply.removeHeader('strict-transport-security');
    done(null, payload);
  });
}
