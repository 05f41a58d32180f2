import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '@mbo/shared/api-paths';
import { SUCCESS_CODE, zEnvelope, type TEnvelope } from '@mbo/shared/envelope';
import { languageFromHeader, type TLanguage } from '@mbo/shared/i18n';
import type { z } from 'zod';
import { translate, type MessageParams } from './i18n';
import type { MessageKey } from './messages';

/** Response schemas of a route: the success envelope around `data`. Failures bypass it (see sendEnvelope). */
export function okResponse<T extends z.ZodType>(data: T) {
  return { 200: zEnvelope(data) };
}

export function requestLanguage(request: FastifyRequest): TLanguage {
  return languageFromHeader(request.headers.lang);
}

/** The content type of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

export function ok<T>(request: FastifyRequest, data: T): TEnvelope<T> {
  return { code: SUCCESS_CODE, msg: translate(requestLanguage(request), 'ok'), data };
}

/** Whether the request's path is `/v3api` or under it (asked of every answer: no copy of the URL). */
export function isApiRequest(request: FastifyRequest): boolean {
  const url = request.url;
  if (!url.startsWith(API_BASE)) return false;
  const next = url.charCodeAt(API_BASE.length);
  // The end of the URL, "/" or the start of its query.
  return Number.isNaN(next) || next === 0x2f || next === 0x3f;
}

/**
 * Sends a failure envelope. Its own serializer keeps the route's success schema from being applied
 * to `data: null`.
 */
export function sendEnvelope(
  reply: FastifyReply,
  request: FastifyRequest,
  httpStatus: number,
  code: number,
  key: MessageKey,
  params: MessageParams = {},
): FastifyReply {
  const body: TEnvelope<null> = { code, msg: translate(requestLanguage(request), key, params), data: null };
  return reply
    .code(httpStatus)
    .type(JSON_TYPE)
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(body);
}
