import { useMutation } from '@tanstack/react-query';
import type { TKycDeleteFileBody } from '@mbo/shared/kyc';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Removes an uploaded profile file; the server also drops it from the saved draft. */
export function deleteKycFile(body: TKycDeleteFileBody): Promise<null> {
  return http.post<null>(OnboardingPath.kycDeleteFile, body);
}

export function useDeleteKycFile() {
  return useMutation({ mutationFn: deleteKycFile });
}
