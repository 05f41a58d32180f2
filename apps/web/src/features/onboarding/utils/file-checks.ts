import { KYC_FIELD_TYPES, KYC_FILE_MAX_BYTES, KYC_FILE_MAX_COUNT, type TKycFileField } from '@mbo/shared/kyc';

/*
 * Spec §5 upload rules, checked in the browser before anything is sent: the extension (the server
 * then checks the content), at most 10 MB each and at most 10 files per field. The server repeats
 * every check; these only save a pointless upload and give the answer at once.
 */

export type TFileRejectReason = 'type' | 'size' | 'empty' | 'count';
export type TFileRejection = { index: number; name: string; reason: TFileRejectReason };
export type TCandidateFile = { name: string; size: number };

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The picker's `accept`: ".pdf,.doc,..." for the field. */
export function acceptFor(field: TKycFileField): string {
  return KYC_FIELD_TYPES[field].map((type) => `.${type}`).join(',');
}

/** Why one file cannot be uploaded for the field, not counting the limit on the number of files. */
export function checkFile(field: TKycFileField, file: TCandidateFile): TFileRejectReason | null {
  if (!(KYC_FIELD_TYPES[field] as readonly string[]).includes(extensionOf(file.name))) return 'type';
  if (file.size <= 0) return 'empty';
  if (file.size > KYC_FILE_MAX_BYTES) return 'size';
  return null;
}

/**
 * Checks a batch the person picked at once. Files are taken in order while there is room: with
 * `alreadyListed` files in the field, at most KYC_FILE_MAX_COUNT - alreadyListed more fit.
 * Returns the indices of the accepted files and why the others were refused.
 */
export function checkFileBatch(
  field: TKycFileField,
  batch: readonly TCandidateFile[],
  alreadyListed: number,
  max: number = KYC_FILE_MAX_COUNT,
): { accepted: number[]; rejected: TFileRejection[] } {
  const accepted: number[] = [];
  const rejected: TFileRejection[] = [];
  let room = Math.max(0, max - alreadyListed);
  batch.forEach((file, index) => {
    const reason = checkFile(field, file);
    if (reason) rejected.push({ index, name: file.name, reason });
    else if (room <= 0) rejected.push({ index, name: file.name, reason: 'count' });
    else {
      room -= 1;
      accepted.push(index);
    }
  });
  return { accepted, rejected };
}

/** "PDF, DOC, DOCX, ..." for messages and hints. */
export function typesLabel(field: TKycFileField): string {
  return KYC_FIELD_TYPES[field].map((type) => type.toUpperCase()).join(', ');
}

type TTranslate = (key: string, values?: Record<string, unknown>) => string;

/** The translated reason a file was not taken. */
export function rejectionText(t: TTranslate, field: TKycFileField, rejection: Pick<TFileRejection, 'name' | 'reason'>): string {
  const values = { name: rejection.name, types: typesLabel(field), mb: KYC_FILE_MAX_BYTES / 1024 / 1024, max: KYC_FILE_MAX_COUNT };
  return t(`kyc.upload.reject.${rejection.reason}`, values);
}

/** The rules under an upload control. */
export function uploadHint(t: TTranslate, field: TKycFileField): string {
  return t('kyc.upload.hint', { types: typesLabel(field), mb: KYC_FILE_MAX_BYTES / 1024 / 1024, max: KYC_FILE_MAX_COUNT });
}
