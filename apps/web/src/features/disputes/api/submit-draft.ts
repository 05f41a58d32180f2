import { DisputeEvidencePath } from '@mbo/shared/dispute-evidence';
import { http } from '../../../platform/request';
import { useCaseChange } from './get-disputes';

/** The one-way step: the previewed version becomes the case's appeal. */
export function submitDraft(input: { caseNo: string; version: number }): Promise<{ caseNo: string; appealStatus: number }> {
  return http.post(DisputeEvidencePath.draftSubmit, input, { idempotent: true });
}

export function useSubmitDraft() {
  return useCaseChange(submitDraft, (input) => input.caseNo);
}
