import { ReplyEmailPath, SENT_REPLIES } from '@mbo/shared/complaints';
import { textField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';
import { sentRepliesKey } from './api/complaints-api';

/** Replies sent to cardholders, newest first, with their delivery status. */
export const SENT_REPLY_LIST = declaredScreen(SENT_REPLIES, {
  title: 'menu.replyEmail',
  key: sentRepliesKey,
  path: ReplyEmailPath.sent,
  fields: [textField('complaintNo', 'risk.complaint.complaintNo', 64), textField('email', 'risk.reply.to', 100)],
  rowKey: (r) => String(r.id),
  testId: 'sent-reply-table',
});
