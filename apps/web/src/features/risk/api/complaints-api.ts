import { useQuery } from '@tanstack/react-query';
import {
  ComplaintPath,
  ReplyEmailPath,
  type TComplaintProcess,
  type TReplyPreview,
  type TReplyTemplate,
  type TReplyTemplateSave,
} from '@mbo/shared/complaints';
import type { TLanguage } from '@mbo/shared/i18n';
import { useRefetchingMutation } from '../../../platform/refetching-mutation';
import { http } from '../../../platform/request';

export const complaintsKey = ['complaints'] as const;
export const templatesKey = ['replyTemplates'] as const;
export const sentRepliesKey = ['sentReplies'] as const;

export function useTemplates(enabled = true) {
  return useQuery({ queryKey: templatesKey, queryFn: () => http.get<{ list: TReplyTemplate[] }>(ReplyEmailPath.templates), enabled });
}

export function previewTemplate(q: { templateId: number; language: TLanguage; complaintNo?: string }): Promise<TReplyPreview> {
  return http.get<TReplyPreview>(ReplyEmailPath.preview, {
    templateId: q.templateId,
    language: q.language,
    ...(q.complaintNo ? { complaintNo: q.complaintNo } : {}),
  });
}

export const useSaveTemplate = () =>
  useRefetchingMutation((body: TReplyTemplateSave) => http.post<{ id: number }>(ReplyEmailPath.saveTemplate, body), templatesKey);

export const useProcessComplaint = () =>
  useRefetchingMutation(
    (body: TComplaintProcess) =>
      http.post<{ complaintNo: string; refundNo: string | null; replied: boolean }>(ComplaintPath.process, body, { idempotent: true }),
    complaintsKey,
    sentRepliesKey,
  );
