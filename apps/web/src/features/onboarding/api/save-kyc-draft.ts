import { useMutation } from '@tanstack/react-query';
import type { TKycDraft, TKycSaveDraftBody } from '@mbo/shared/kyc';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/** Saves one step; partial data is accepted until the submit. */
export function saveKycDraft(body: TKycSaveDraftBody): Promise<TKycDraft> {
  return http.post<TKycDraft>(OnboardingPath.kycSaveDraft, body);
}

export function useSaveKycDraft() {
  return useMutation({ mutationFn: saveKycDraft });
}
