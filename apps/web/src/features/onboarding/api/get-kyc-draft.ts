import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TKycDraft } from '@mbo/shared/kyc';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

export function getKycDraft(businessId: number): Promise<TKycDraft> {
  return http.get<TKycDraft>(OnboardingPath.kycDraft, { businessId });
}

export function getKycDraftQueryOptions(businessId: number) {
  return queryOptions({ queryKey: ['kyc', 'draft', businessId], queryFn: () => getKycDraft(businessId) });
}

/** The wizard starts from what the server holds each time it opens: nothing is kept from an earlier visit. */
export function useKycDraft(businessId: number | null) {
  return useQuery({ ...getKycDraftQueryOptions(businessId ?? 0), enabled: businessId !== null, gcTime: 0, staleTime: 0 });
}
