import { DisputePath, disputeFilePath } from '@mbo/shared/disputes';
import { saveBlob, filenameFromDisposition } from '../../../platform/download';
import { http, sendRaw } from '../../../platform/request';
import { useCaseChange } from './get-disputes';

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
  return useCaseChange(appealDispute, (input) => input.caseNo);
}

/** Downloads one evidence file (GET with the session headers), named as uploaded. */
export async function downloadEvidence(fileId: number, fallbackName: string): Promise<void> {
  const response = await sendRaw('GET', disputeFilePath(fileId));
  saveBlob(await response.blob(), filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName);
}
