import { useMutation } from '@tanstack/react-query';
import type { TApprovalWaiting } from '@mbo/shared/approvals';
import type { TKycDraft, TKycSaveDraftBody } from '@mbo/shared/kyc';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';

/**
 * Saves one step; partial data is accepted until the submit. A bank step that changes the account on
 * file may instead wait for another administrator (the owner's approval rule): nothing is saved then.
 */
export function saveKycDraft(body: TKycSaveDraftBody): Promise<TKycDraft | TApprovalWaiting> {
  return http.post<TKycDraft | TApprovalWaiting>(OnboardingPath.kycSaveDraft, body);
}

export function useSaveKycDraft() {
  return useMutation({ mutationFn: saveKycDraft });
}
