import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TKycStatus, TKycSubmitBody } from '@mbo/shared/kyc';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';
import { getKycStatusQueryOptions } from './get-kyc-status';

/** Checks every §5 rule on the saved draft and puts the profile under review. */
export function submitKyc(body: TKycSubmitBody): Promise<TKycStatus> {
  return http.post<TKycStatus>(OnboardingPath.kycSubmit, body);
}

export function useSubmitKyc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    onSuccess: (status) => client.setQueryData(getKycStatusQueryOptions(status.businessId).queryKey, status),
  });
}
