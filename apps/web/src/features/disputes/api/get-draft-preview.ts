import { draftPreviewPath, type TEvidencePackage } from '@mbo/shared/dispute-evidence';
import { http } from '../../../platform/request';

/** The saved draft as the issuer will read it (asked when the merchant opens the preview). */
export function getDraftPreview(caseNo: string): Promise<TEvidencePackage> {
  return http.get<TEvidencePackage>(draftPreviewPath(caseNo));
}
