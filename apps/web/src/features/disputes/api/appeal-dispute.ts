import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DisputePath, disputeFilePath } from '@mbo/shared/disputes';
import { saveBlob, filenameFromDisposition } from '../../../platform/download';
import { http, sendRaw } from '../../../platform/request';

export type TAppealInput = { caseNo: string; note: string; files: File[] };

export async function appealDispute(input: TAppealInput): Promise<{ caseNo: string; appealStatus: number }> {
  const body = new FormData();
  // Text fields first: the server checks the case before it reads any file.
  body.append('caseNo', input.caseNo);
  body.append('note', input.note);
  for (const f of input.files) body.append('files', f, f.name);
  return http.upload<{ caseNo: string; appealStatus: number }>(DisputePath.appeal, body, { idempotent: true });
}

export function useAppealDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: appealDispute,
    onSuccess: async (_d, input) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['disputes'] }),
        client.invalidateQueries({ queryKey: ['dispute', input.caseNo] }),
      ]);
    },
  });
}

/** Downloads one evidence file (GET with the session headers), named as uploaded. */
export async function downloadEvidence(fileId: number, fallbackName: string): Promise<void> {
  const response = await sendRaw('GET', disputeFilePath(fileId));
  saveBlob(await response.blob(), filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName);
}
