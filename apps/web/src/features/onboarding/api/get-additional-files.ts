import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TKycFile } from '@mbo/shared/kyc';
import { OnboardingPath, fillPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

export function getAdditionalFiles(businessId: number): Promise<TKycFile[]> {
  return http.get<TKycFile[]>(fillPath(OnboardingPath.additionalFiles, { businessId }));
}

export function getAdditionalFilesQueryOptions(businessId: number) {
  return queryOptions({ queryKey: ['kyc', 'additionalFiles', businessId], queryFn: () => getAdditionalFiles(businessId) });
}

export function useAdditionalFiles(businessId: number | null) {
  return useQuery({ ...getAdditionalFilesQueryOptions(businessId ?? 0), enabled: businessId !== null });
}
