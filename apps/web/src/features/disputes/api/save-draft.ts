import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DisputeEvidencePath, type TDraft, type TEvidenceSections } from '@mbo/shared/dispute-evidence';
import { http } from '../../../platform/request';
import { workspaceKey } from './get-workspace';

export type TDraftInput = {
  caseNo: string;
  version: number;
  note: string;
  sections: TEvidenceSections;
  ce3: boolean;
  keepFiles: number[];
  files: File[];
};

/** Multipart: the text fields first (the server checks the case before it reads a file), then the new files. */
export function saveDraft(input: TDraftInput): Promise<TDraft> {
  const body = new FormData();
  body.append('caseNo', input.caseNo);
  body.append('version', String(input.version));
  body.append('note', input.note);
  body.append('sections', JSON.stringify(input.sections));
  body.append('ce3', input.ce3 ? '1' : '0');
  body.append('keepFiles', input.keepFiles.join(','));
  for (const f of input.files) body.append('files', f, f.name);
  return http.upload<TDraft>(DisputeEvidencePath.draftSave, body);
}

export function useSaveDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDraft,
    onSuccess: async (_d, input) => {
      await client.invalidateQueries({ queryKey: workspaceKey(input.caseNo) });
    },
  });
}
