import type { TShopChecklist } from '@mbo/shared/kyc';
import { WebsitePath, type TWebsiteAdd, type TWebsiteUploadResult } from '@mbo/shared/websites';
import { useRefetchingMutation } from '../../../platform/refetching-mutation';
import { http } from '../../../platform/request';

/** Key of every website list query: an addition or an upload invalidates it. */
export const websitesKey = ['websites'] as const;

export function addWebsite(body: TWebsiteAdd): Promise<TWebsiteUploadResult> {
  return http.post<TWebsiteUploadResult>(WebsitePath.add, body, { noToast: true });
}

export function uploadWebsites(input: { file: File; checklist: TShopChecklist }): Promise<TWebsiteUploadResult> {
  const body = new FormData();
  // The checklist first: the server refuses the submission before reading the file without it.
  body.append('checklist', JSON.stringify(input.checklist));
  body.append('file', input.file, input.file.name);
  return http.upload<TWebsiteUploadResult>(WebsitePath.upload, body);
}

export const useAddWebsite = () => useRefetchingMutation(addWebsite, websitesKey);

export const useUploadWebsites = () => useRefetchingMutation(uploadWebsites, websitesKey);
