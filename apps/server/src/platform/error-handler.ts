import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@mbo/shared/envelope';
import type { TLanguage } from '@mbo/shared/i18n';
import { isApiRequest, requestLanguage, sendEnvelope } from './envelope';
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
        .type('application/json; charset=utf-8')
        .serializer((p: unknown) => JSON.stringify(p))
        .send({ code: ErrorCode.validation, msg, data: null });
    }

    const status = statusOf(error);
    if (status >= 400 && status < 500) {
      const key = (fe?.code && CLIENT_ERROR_KEYS[fe.code]) || 'error.badRequest';
      return sendEnvelope(reply, request, 200, ErrorCode.validation, key);
    }

    request.log.error({ err: error }, 'unexpected error');
    return sendEnvelope(reply, request, 500, ErrorCode.internal, 'error.internal');
  });
}

export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendEnvelope(reply, request, 404, ErrorCode.notFound, 'error.routeNotFound');
}
