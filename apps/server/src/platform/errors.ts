import { ErrorCode } from '@mbo/shared/envelope';
import type { MessageParams } from './i18n';
import type { MessageKey } from './messages';

/**
 * The one error type handlers throw. It carries a stable message key (translated by the request's
 * `lang` header), the envelope code and the HTTP status. Business failures use HTTP 200 with a
 * non-zero code because the web client only shows `msg` for HTTP 200 answers.
 */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly code: number = ErrorCode.business,
    readonly httpStatus: number = 200,
    readonly params: MessageParams = {},
    /** Parameters that are themselves message keys (a field or step label), translated in the caller's language. */
    readonly labelParams: Record<string, string> = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export function businessError(key: MessageKey, params: MessageParams = {}): AppError {
  return new AppError(key, ErrorCode.business, 200, params);
}

/** Used both for rows that do not exist and rows the caller may not see, so the two cannot be told apart. */
export function notFoundError(): AppError {
  return new AppError('error.notFound', ErrorCode.notFound, 200);
}

export function unauthorizedError(): AppError {
  return new AppError('error.unauthorized', ErrorCode.unauthorized, 401);
}

export function forbiddenError(key: MessageKey = 'error.forbidden'): AppError {
  return new AppError(key, ErrorCode.forbidden, 403);
}

export function conflictError(key: MessageKey, params: MessageParams = {}): AppError {
  return new AppError(key, ErrorCode.conflict, 200, params);
}
