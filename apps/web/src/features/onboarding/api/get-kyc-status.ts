import { queryOptions, useQuery } from '@tanstack/react-query';
import { KycReviewState, type TKycStatus } from '@mbo/shared/kyc';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** While waiting for the review the page looks again now and then (the review takes days, not seconds). */
const UNDER_REVIEW_POLL_MS = 60_000;

/** Under review, or approved with the gateway still being opened: something will change by itself. */
function isWaiting(status: TKycStatus | undefined): boolean {
  if (!status) return false;
  return status.reviewState === KycReviewState.underReview || (status.reviewState === KycReviewState.approved && !status.gatewayOpened);
}

export function getKycStatus(businessId: number): Promise<TKycStatus> {
  return http.get<TKycStatus>(OnboardingPath.kycStatus, { businessId });
}

export function getKycStatusQueryOptions(businessId: number) {
  return queryOptions({ queryKey: ['kyc', 'status', businessId], queryFn: () => getKycStatus(businessId) });
}

export function useKycStatus(businessId: number | null) {
  return useQuery({
    ...getKycStatusQueryOptions(businessId ?? 0),
    enabled: businessId !== null,
    refetchInterval: (query) => (isWaiting(query.state.data) ? UNDER_REVIEW_POLL_MS : false),
  });
}
