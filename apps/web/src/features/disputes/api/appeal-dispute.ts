import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE } from '@mbo/shared/api-paths';
import { DisputePath, disputeFilePath } from '@mbo/shared/disputes';
import type { TEnvelope } from '@mbo/shared/envelope';
import { saveBlob, filenameFromDisposition } from '../../../platform/download';
import { getLanguageHeader, t } from '../../../platform/i18n';
import { RequestError, sendRaw } from '../../../platform/request';
import { getToken } from '../../../platform/session';
import { getTimezoneName } from '../../../platform/timezone';

/*
 * The appeal is multipart (note and evidence files); the platform request client only sends JSON, so
 * this sends the same headers and reads the same envelope.
 */

export type TAppealInput = { caseNo: string; note: string; files: File[] };

export async function appealDispute(input: TAppealInput): Promise<{ caseNo: string; appealStatus: number }> {
  const body = new FormData();
  // Text fields first: the server checks the case before it reads any file.
  body.append('caseNo', input.caseNo);
  body.append('note', input.note);
  for (const f of input.files) body.append('files', f, f.name);
  const headers = new Headers({ lang: getLanguageHeader(), timezone: getTimezoneName() });
  const token = getToken();
  if (token) headers.set('X-Auth-Token', token);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${DisputePath.appeal}`, { method: 'POST', headers, body, credentials: 'same-origin' });
  } catch {
    throw new RequestError('network', t('request.network'));
  }
  if (response.status === 401) throw new RequestError('unauthorized', t('request.sessionExpired'), { status: 401 });
  if (response.status === 403) throw new RequestError('forbidden', t('request.forbidden'), { status: 403 });
  let envelope: TEnvelope<{ caseNo: string; appealStatus: number }> | null = null;
  try {
    envelope = (await response.json()) as TEnvelope<{ caseNo: string; appealStatus: number }>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.code !== 'number') throw new RequestError('business', t('request.unknownError'));
  if (envelope.code !== 0) throw new RequestError('business', envelope.msg || t('request.unknownError'), { code: envelope.code });
  return envelope.data;
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
