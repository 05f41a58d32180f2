import { maxHeaderSize, STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '@mbo/shared/api-paths';
import { ErrorCode, type TEnvelope } from '@mbo/shared/envelope';
import { languageFromHeader, type TLanguage } from '@mbo/shared/i18n';
import { isPoolWaitTimeout } from '../db/errors';
import { isApiRequest, JSON_TYPE, requestLanguage, sendEnvelope } from './envelope';
import { AppError } from './errors';
import { fieldLabel, isMessageKey, translate, type MessageParams } from './i18n';
import type { MessageKey } from './messages';

type ValidationIssue = { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> };

function isValidationIssue(value: unknown): value is ValidationIssue {
  return typeof value === 'object' && value !== null && 'instancePath' in value && 'keyword' in value;
}

function valueAt(root: unknown, path: string[]): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function inputOf(request: FastifyRequest, context: string | undefined): unknown {
  if (context === 'querystring') return request.query;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return request.body;
}

function numberParam(params: Record<string, unknown>, name: string): string {
  const v = params[name];
  return typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';
}

/** A translated message for the first validation issue, always naming the field it is about. */
export function validationMessage(lang: TLanguage, issue: ValidationIssue, input: unknown, context: string | undefined): string {
  const path = issue.instancePath.split('/').filter((s) => s.length > 0);
  const named = [...path].reverse().find((s) => !/^\d+$/.test(s));
  const field = fieldLabel(lang, named ?? context ?? 'body');
  const value = valueAt(input, path);
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  const origin = typeof issue.params.origin === 'string' ? issue.params.origin : '';

  let key: MessageKey = 'validation.invalid';
  const params: MessageParams = { field };
  switch (issue.keyword) {
    case 'custom':
      if (issue.message && isMessageKey(issue.message)) {
        key = 'validation.custom';
        params.detail = translate(lang, issue.message);
      }
      break;
    case 'invalid_type':
      if (empty) key = 'validation.required';
      break;
    case 'too_small':
      if (empty) key = 'validation.required';
      else if (origin === 'string') key = 'validation.tooShort';
      else key = 'validation.tooSmall';
      params.min = numberParam(issue.params, 'minimum');
      break;
    case 'too_big':
      key = origin === 'string' ? 'validation.tooLong' : 'validation.tooLarge';
      params.max = numberParam(issue.params, 'maximum');
      break;
    case 'invalid_value':
      key = 'validation.invalidOption';
      break;
    default:
      if (empty) key = 'validation.required';
  }
  return translate(lang, key, params);
}

const CLIENT_ERROR_KEYS: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'error.badJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'error.badJson',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'error.unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'error.badRequest',
  FST_ERR_CTP_BODY_TOO_LARGE: 'error.bodyTooLarge',
};

/**
 * Errors the multipart parser (busboy) throws as plain errors, without a status: a multipart content
 * type without a boundary, a body cut short, a part header that does not parse. They are the client's
 * malformed upload, not a server failure.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form)|.* terminated early due to unexpected end of multipart data|Malformed part header|Unsupported Content-Type\.|Missing Content-Type-header\.)/;

function isMalformedMultipart(request: FastifyRequest, error: unknown): boolean {
  if (!(error instanceof Error) || (error as Partial<FastifyError>).statusCode !== undefined) return false;
  const type = request.headers['content-type'];
  return typeof type === 'string' && /^\s*multipart\//i.test(type) && MALFORMED_MULTIPART.test(error.message);
}

/**
 * PostgreSQL refusing text it cannot store (a NUL character, a broken escape): the client's text, so a
 * validation error. Text fields are checked for NUL before validation (request-context); this covers
 * text read outside the schemas (multipart fields).
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNSTORABLE_TEXT.has(code);
}

function statusOf(error: unknown): number {
  const s = (error as Partial<FastifyError> | null)?.statusCode;
  return typeof s === 'number' ? s : 500;
}

/**
 * One error handler for the whole app. API answers are always envelopes: bad input is HTTP 200 with
 * code 1001 and a translated message naming the field; unexpected failures are HTTP 500 with a
 * generic message, the details going to the log only.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLanguage(request);

    if (!isApiRequest(request)) {
      const status = statusOf(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      const code = status >= 400 && status < 500 ? status : 500;
      return reply
        .code(code)
        .type('text/plain; charset=utf-8')
        .send(code === 500 ? 'Internal Server Error' : 'Bad Request');
    }

    if (error instanceof AppError) {
      const params: MessageParams = { ...error.params };
      for (const [name, key] of Object.entries(error.labelParams)) params[name] = isMessageKey(key) ? translate(lang, key) : key;
      return sendEnvelope(reply, request, error.httpStatus, error.code, error.key, params);
    }

    const fe = error as Partial<FastifyError> | null;
    if (fe && Array.isArray(fe.validation) && fe.validation.length > 0) {
      const first: unknown = fe.validation[0];
      const context = fe.validationContext;
      const msg = isValidationIssue(first)
        ? validationMessage(lang, first, inputOf(request, context), context)
        : translate(lang, 'validation.invalid', { field: fieldLabel(lang, context ?? 'body') });
      return reply
        .code(200)
        .type(JSON_TYPE)
        .serializer((p: unknown) => JSON.stringify(p))
        .send({ code: ErrorCode.validation, msg, data: null });
    }

    if (isMalformedMultipart(request, error) || isUnstorableText(error)) {
      return sendEnvelope(reply, request, 200, ErrorCode.validation, 'error.badRequest');
    }

    const status = statusOf(error);
    if (status >= 400 && status < 500) {
      const key = (fe?.code && CLIENT_ERROR_KEYS[fe.code]) || 'error.badRequest';
      return sendEnvelope(reply, request, 200, ErrorCode.validation, key);
    }

    // No database connection within DATABASE_POOL_WAIT_MS: the node is overloaded, not broken. The request
    // did nothing; it fails at once with "busy, try again" instead of waiting on, and a 503 takes the node
    // out of the balancer's rotation for a moment (deploy/nginx).
    if (isPoolWaitTimeout(error)) {
      request.log.warn({ err: error }, 'no database connection within the pool wait');
      void reply.header('retry-after', '1');
      return sendEnvelope(reply, request, 503, ErrorCode.internal, 'error.internal');
    }

    request.log.error({ err: error }, 'unexpected error');
    return sendEnvelope(reply, request, 500, ErrorCode.internal, 'error.internal');
  });
}

/** Fastify's default limit on one path parameter (router option maxParamLength). */
export const MAX_PARAM_LENGTH = 100;

type FrameworkProblem = { kind: 'badUrl' | 'paramTooLong' | 'other'; api: boolean };
const kFrameworkProblem = Symbol('frameworkProblem');
type MarkedMessage = IncomingMessage & { [kFrameworkProblem]?: FrameworkProblem };

/** Where a request whose own URL could not be routed is sent: a path no route owns, so it lands in the not-found handler. */
const REROUTE_PATH = `${API_BASE}/__unroutable__`;

/**
 * Fastify's `frameworkErrors` option. The router refuses a URL it cannot decode (400) or a path
 * parameter over its length limit (414) before any hook runs, so its own answer would lack the
 * security headers and the envelope. Instead the request is marked and routed again to a path no route
 * owns: it then goes through every hook like any other request, and the not-found handler answers it
 * (sendApiNotFound) with the usual translated validation envelope.
 */
export function rerouteFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw as MarkedMessage;
  const url = raw.url ?? '/';
  const kind = error.code === 'FST_ERR_BAD_URL' ? 'badUrl' : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'paramTooLong' : 'other';
  raw[kFrameworkProblem] = { kind, api: url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`) };
  raw.url = REROUTE_PATH;
  request.server.routing(raw, reply.raw);
}

/** The answer to an unknown API path, or to a request rerouted by rerouteFrameworkError. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const problem = (request.raw as MarkedMessage)[kFrameworkProblem];
  if (problem) {
    if (!problem.api) return reply.code(400).type('text/plain; charset=utf-8').send('Bad Request');
    if (problem.kind === 'paramTooLong') {
      const lang = requestLanguage(request);
      return sendEnvelope(reply, request, 200, ErrorCode.validation, 'validation.tooLong', {
        field: fieldLabel(lang, 'params'),
        max: MAX_PARAM_LENGTH,
      });
    }
    return sendEnvelope(reply, request, 200, ErrorCode.validation, 'error.badRequest');
  }
  return sendEnvelope(reply, request, 404, ErrorCode.notFound, 'error.routeNotFound');
}

/** The `lang` header, when it is among the bytes the HTTP parser was reading (a long request may have come in several). */
function langInPacket(packet: unknown): string | undefined {
  if (!Buffer.isBuffer(packet)) return undefined;
  return /\r\nlang:[ \t]*([A-Za-z_]{2,8})[ \t]*\r\n/i.exec(packet.toString('latin1'))?.[1];
}

type ClientError = Error & { code?: string; rawPacket?: unknown };

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refuses a request before Fastify sees it (request
 * line and headers over `http.maxHeaderSize`, 16 KB; headers not received in time; bytes that are not
 * HTTP), and Fastify's default answer is its own JSON without the security headers. This writes the
 * envelope, translated by the `lang` header when the parser's bytes show it, with the headers every
 * answer carries, then closes the connection (the rest of the request is not read). Over-long headers
 * are bad input like an over-long path parameter or body: HTTP 200 and code 1001, so that the web app
 * shows the message (a pile of cookies on the domain is the likely cause); the others keep their
 * status (408, 400).
 */
export function clientErrorHandler(securityHeaders: Readonly<Record<string, string>>) {
  return function answerClientError(this: FastifyInstance, error: ClientError, socket: Socket): void {
    // A connection reset: nobody is left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    this.log.debug({ err: error }, 'request refused by the HTTP parser');
    const lang = languageFromHeader(langInPacket(error.rawPacket));
    const [status, key, params]: [number, MessageKey, MessageParams] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [200, 'error.headersTooLarge', { kb: Math.floor(maxHeaderSize / 1024) }]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'error.requestTimeout', {}]
          : [400, 'error.badRequest', {}];
    const body: TEnvelope<null> = { code: ErrorCode.validation, msg: translate(lang, key, params), data: null };
    const text = JSON.stringify(body);
    const headers: Record<string, string> = {
      ...securityHeaders,
      'cache-control': 'no-store',
      'content-type': JSON_TYPE,
      'content-length': String(Buffer.byteLength(text)),
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    if (!socket.writable) return void socket.destroy();
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head.join('')}\r\n${text}`);
    // Closed once the answer is out: the parser cannot read another request on this connection.
    socket.destroySoon();
  };
}
