import type { MultipartFile } from '@fastify/multipart';
import { ErrorCode } from '@mbo/shared/envelope';
import type { z } from 'zod';
import { AppError, businessError } from '../../platform/errors';
import { cleanFileName, MIME_OF, sniffFileType } from '../../platform/uploads';
import type { EvidenceUpload } from './merchant-service';

/* What the appeal and the evidence draft read of a multipart request the same way. */

/** An evidence file's part, its type read from the content (the name's extension is not believed). */
export async function evidenceUploadOf(part: MultipartFile): Promise<EvidenceUpload> {
  const content = await part.toBuffer();
  const name = cleanFileName(part.filename);
  const sniffed = sniffFileType(content);
  if (!sniffed) throw businessError('dispute.evidenceBadType', { name });
  return { originalName: name, mime: MIME_OF[sniffed], content };
}

/** The text fields checked by `schema`, or the translated refusal naming the first field at fault. */
export function checkedFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const name = String(parsed.error.issues[0]?.path[0] ?? 'caseNo');
  throw new AppError(
    fields[name] ? 'validation.invalid' : 'validation.required',
    ErrorCode.validation,
    200,
    {},
    { field: `field.${name}` },
  );
}
