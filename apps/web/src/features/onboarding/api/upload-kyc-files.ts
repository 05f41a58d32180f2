import type { TKycFile, TKycUploadFields } from '@mbo/shared/kyc';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** kycUpload: the text fields go first (the server reads them before the files). */
export function uploadKycFiles(fields: TKycUploadFields, files: readonly Blob[], signal?: AbortSignal): Promise<TKycFile[]> {
  const body = new FormData();
  body.append('businessId', String(fields.businessId));
  body.append('field', fields.field);
  for (const file of files) body.append('files', file, file instanceof File ? file.name : 'file');
  return http.upload<TKycFile[]>(OnboardingPath.kycUpload, body, { signal });
}
