import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DisputeEvidencePath } from '@mbo/shared/dispute-evidence';
import { http } from '../../../platform/request';
import { disputesKey } from './get-disputes';

/** The one-way step: the previewed version becomes the case's appeal. */
export function submitDraft(input: { caseNo: string; version: number }): Promise<{ caseNo: string; appealStatus: number }> {
  return http.post(DisputeEvidencePath.draftSubmit, input, { idempotent: true });
}

export function useSubmitDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitDraft,
    onSuccess: async (_d, input) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: disputesKey }),
        client.invalidateQueries({ queryKey: ['dispute', input.caseNo] }),
      ]);
    },
  });
}
