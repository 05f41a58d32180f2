import type { TKycFile } from '@mbo/shared/kyc';
import { OnboardingPath, fillPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Additional KYC documents for a business, accepted at any time (also after the review). */
export function uploadAdditional(businessId: number, files: readonly Blob[], signal?: AbortSignal): Promise<TKycFile[]> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file instanceof File ? file.name : 'file');
  return http.upload<TKycFile[]>(fillPath(OnboardingPath.uploadAdditional, { businessId }), body, { signal });
}
