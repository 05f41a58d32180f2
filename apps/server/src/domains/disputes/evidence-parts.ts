import type { MultipartFile } from '@fastify/multipart';
import { businessError } from '../../platform/errors';
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
