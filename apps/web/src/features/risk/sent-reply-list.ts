import { ZSentReplyListQuery } from '@mbo/shared/complaints';
import { textField, type TFilterField } from '../../platform/filter-fields';
import type { TFilterValues } from '../../platform/list-url-state';
import type { TListScreen } from '../../platform/list-screen';
import { getSentReplies, sentRepliesKey } from './api/complaints-api';

export type TSentReplyFilterKey = 'complaintNo' | 'email';

const FIELDS: readonly TFilterField<TSentReplyFilterKey>[] = [
  textField('complaintNo', 'risk.complaint.complaintNo', 64),
  textField('email', 'risk.reply.to', 100),
];

/** Replies sent to cardholders, newest first, with their delivery status. */
export const SENT_REPLY_LIST: TListScreen<Awaited<ReturnType<typeof getSentReplies>>, TSentReplyFilterKey> = {
  title: 'menu.replyEmail',
  key: sentRepliesKey,
  fetch: getSentReplies,
  schema: ZSentReplyListQuery,
  defaults: (): TFilterValues<TSentReplyFilterKey> => ({ complaintNo: '', email: '' }),
  fields: FIELDS,
  rowKey: (r) => String(r.id),
  testId: 'sent-reply-table',
};
