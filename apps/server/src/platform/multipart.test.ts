import { ErrorCode } from '@mbo/shared/envelope';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { multipartError, multipartOptions, type UploadLimits } from './multipart';

const limits: UploadLimits = { fileBytes: 5 * 1024 * 1024, files: 3, fields: 4, fieldBytes: 1024 };
const parserError = (code: string) => Object.assign(new Error(code), { code });

describe('multipart error mapping', () => {
  it("words the size and count refusals with the route's limits, in its own keys when it has them", () => {
    expect(multipartError(parserError('FST_REQ_FILE_TOO_LARGE'), limits)).toMatchObject({ key: 'file.tooLarge', params: { mb: 5 } });
    expect(multipartError(parserError('FST_FILES_LIMIT'), limits)).toMatchObject({ key: 'file.tooMany', params: { count: 3 } });
    const own = { ...limits, tooLarge: 'dispute.evidenceTooLarge', tooMany: 'dispute.evidenceTooMany' } as const;
    expect(multipartError(parserError('FST_FILES_LIMIT'), own)).toMatchObject({ key: 'dispute.evidenceTooMany', code: ErrorCode.business });
  });

  it('makes malformed multipart a validation error and leaves other errors alone', () => {
    for (const code of ['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PROTO_VIOLATION']) {
      expect(multipartError(parserError(code), limits)).toMatchObject({ key: 'error.badRequest', code: ErrorCode.validation });
    }
    expect(multipartError(parserError('FST_INVALID_MULTIPART_CONTENT_TYPE'), limits)).toMatchObject({ key: 'error.unsupportedMediaType' });
    const other = new AppError('kyc.locked', ErrorCode.business);
    expect(multipartError(other, limits)).toBe(other);
  });

  it('gives the parser room for every allowed file and field', () => {
    expect(multipartOptions(limits).limits).toEqual({ fileSize: 5 * 1024 * 1024, files: 3, fields: 4, fieldSize: 1024, parts: 7 });
  });
});
