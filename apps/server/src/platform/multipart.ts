import type { FastifyMultipartOptions } from '@fastify/multipart';
import { ErrorCode } from '@mbo/shared/envelope';
import type { z } from 'zod';
import { AppError, businessError } from './errors';
import type { MessageKey } from './messages';

/** What one upload route accepts: the parser enforces it, and `multipartError` words its refusals. */
export type UploadLimits = {
  /** Most bytes of one file. */
  fileBytes: number;
  /** Most files in one request. */
  files: number;
  /** Most text fields in one request, and the most bytes of one. */
  fields: number;
  fieldBytes: number;
  /** The route's own wording of "file too large" ({mb}) and "too many files" ({count}); `file.*` when absent. */
  tooLarge?: MessageKey;
  tooMany?: MessageKey;
};

/** Options of `@fastify/multipart` for a route plugin with these limits. */
export function multipartOptions(limits: UploadLimits): FastifyMultipartOptions {
  return {
    limits: {
      fileSize: limits.fileBytes,
      files: limits.files,
      fields: limits.fields,
      fieldSize: limits.fieldBytes,
      // Room for every allowed file and field, so that a file too many is reported as the files limit.
      parts: limits.files + limits.fields,
    },
  };
}

/** Refusals of the parser that do not depend on the route's limits. */
const PARSER_ERRORS: Record<string, MessageKey> = {
  FST_PARTS_LIMIT: 'error.badRequest',
  FST_FIELDS_LIMIT: 'error.badRequest',
  FST_PROTO_VIOLATION: 'error.badRequest',
  FST_INVALID_JSON_FIELD_ERROR: 'error.badRequest',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'error.unsupportedMediaType',
};

/**
 * The translated validation error for what `@fastify/multipart` raised while a route read its parts
 * (a file over the size limit, a file too many, a malformed request); any other error is returned as it
 * is, for the route's own handling and the error handler.
 */
export function multipartError(error: unknown, limits: UploadLimits): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return businessError(limits.tooLarge ?? 'file.tooLarge', { mb: limits.fileBytes / 1024 / 1024 });
  if (code === 'FST_FILES_LIMIT') return businessError(limits.tooMany ?? 'file.tooMany', { count: limits.files });
  const key = typeof code === 'string' ? PARSER_ERRORS[code] : undefined;
  return key ? new AppError(key, ErrorCode.validation) : error;
}

/**
 * The text fields of a multipart request checked by `schema`, or the translated refusal naming the
 * first field at fault (`fallback` when the fault is not one field's).
 */
export function checkedFields<T extends z.ZodType>(schema: T, fields: Record<string, string>, fallback: string): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const name = String(parsed.error.issues[0]?.path[0] ?? fallback);
  throw new AppError(
    fields[name] ? 'validation.invalid' : 'validation.required',
    ErrorCode.validation,
    200,
    {},
    { field: `field.${name}` },
  );
}
