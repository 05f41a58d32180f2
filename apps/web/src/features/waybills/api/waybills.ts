import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WaybillPath, waybillFilePath, type TWaybillBatchResult, type TWaybillOverview, type TWaybillUploaded } from '@mbo/shared/waybills';
import { filenameFromDisposition, saveBlob } from '../../../platform/download';
import { useRefetchingMutation } from '../../../platform/refetching-mutation';
import { http, sendRaw } from '../../../platform/request';

/** Key of the waybill list and overview: an upload invalidates both. */
export const waybillsKey = ['waybills'] as const;
export const productsKey = ['products'] as const;

export const waybillOverviewOptions = () =>
  queryOptions({ queryKey: [...waybillsKey, 'overview'], queryFn: () => http.get<TWaybillOverview>(WaybillPath.overview) });

export function useWaybillOverview() {
  return useQuery(waybillOverviewOptions());
}

export type TWaybillUploadInput = { tradeNo: string; trackingNo: string; carrier: string; carrierSites: string; files: File[] };

export function uploadWaybill(input: TWaybillUploadInput): Promise<TWaybillUploaded> {
  const body = new FormData();
  // Text fields first: the server checks the transaction and the number before it reads any image.
  body.append('tradeNo', input.tradeNo);
  body.append('trackingNo', input.trackingNo);
  body.append('carrier', input.carrier);
  body.append('carrierSites', input.carrierSites);
  for (const f of input.files) body.append('files', f, f.name);
  return http.upload<TWaybillUploaded>(WaybillPath.upload, body);
}

export const useUploadWaybill = () => useRefetchingMutation(uploadWaybill, waybillsKey);

export function sendWaybillBatch(input: { file: File; commit: boolean }): Promise<TWaybillBatchResult> {
  const body = new FormData();
  body.append('file', input.file, input.file.name);
  return http.upload<TWaybillBatchResult>(input.commit ? WaybillPath.batchCommit : WaybillPath.batchPreview, body);
}

export function useWaybillBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendWaybillBatch,
    onSuccess: (_d, input) => (input.commit ? client.invalidateQueries({ queryKey: waybillsKey }) : undefined),
  });
}

/** The batch template (GET with the session headers), named by the server. */
export async function downloadTemplate(format: 'csv' | 'xlsx'): Promise<void> {
  const response = await sendRaw('GET', WaybillPath.template, { params: { format } });
  saveBlob(await response.blob(), filenameFromDisposition(response.headers.get('content-disposition')) ?? `waybill-template.${format}`);
}

/** One delivery-proof image as a blob URL (fetched with the session headers). */
export async function fetchProofImage(fileId: number): Promise<string> {
  const response = await sendRaw('GET', waybillFilePath(fileId));
  return URL.createObjectURL(await response.blob());
}
