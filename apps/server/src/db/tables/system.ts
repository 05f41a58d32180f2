import type { Generated } from 'kysely';
import type { Flag } from './columns';

/* What the system screens show and what it sends: the operation log, announcements, reminders, the mail and SMS outboxes. */

/** Never updated; rows younger than 12 months cannot be deleted (database triggers, migration 0008). */
export interface OperationLogsTable {
  id: Generated<number>;
  merchant_id: number;
  /** null: an operator command (source `ops`). */
  admin_id: number | null;
  /** Login name at the time, or the operator's name. */
  operator: Generated<string>;
  sys_admin: Flag;
  /** api (a route), ops (an operator command) or job. */
  source: Generated<string>;
  module: string;
  /** What the code that did it calls it (`login`, `updatePassword`), else the same as `action`. */
  operation: string;
  /** The route (`admin.managers.update`) or operator command (`ops:refund:audit`) it came through: its label is shown. */
  action: Generated<string>;
  /** TOperationType of packages/shared/src/operation-log.ts. */
  op_type: Generated<string>;
  content: string;
  /** The object the operation touched (`adminId=12`). */
  target: Generated<string>;
  /** 1 success, 0 failure. */
  result: Generated<number>;
  /** Message key (or code) of the failure. */
  error: Generated<string>;
  ip: string;
  created_at: number;
  /** admin, sso, operator or job (TOperationActorKind). */
  actor_kind: Generated<string>;
  /** How the session signed in: password, passwordCode, passkey, sso; empty for commands and jobs. */
  auth_method: Generated<string>;
  /** Masked JSON of the object before and after the change; empty when not known. */
  before_value: Generated<string>;
  after_value: Generated<string>;
  /** Envelope code of a failure (0 on success). */
  code: Generated<number>;
  /** The merchant's previous entry's hash (empty for the first) and this entry's (operation-log-chain.ts). */
  prev_hash: Generated<string>;
  hash: Generated<string>;
}

/** The last entry of each merchant's operation-log chain, locked while an entry is appended. */
export interface OperationLogHeadsTable {
  merchant_id: number;
  last_id: Generated<number>;
  last_hash: Generated<string>;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  /** null: shown to every merchant. */
  merchant_id: number | null;
  title_zh_cn: string;
  title_zh_hk: string;
  title_en: string;
  content_zh_cn: string;
  content_zh_hk: string;
  content_en: string;
  published_at: number;
}

export interface AnnouncementReadsTable {
  announcement_id: number;
  admin_id: number;
  read_at: number;
}

export interface RemindersTable {
  id: Generated<number>;
  merchant_id: number;
  /** null: for every admin of the merchant. */
  admin_id: number | null;
  content_zh_cn: string;
  content_zh_hk: string;
  content_en: string;
  created_at: number;
  /** Set for a reminder about one gateway's case (a deadline): only admins who see that gateway get it. */
  gateway_id: Generated<number | null>;
}

export interface ReminderReadsTable {
  reminder_id: number;
  admin_id: number;
  read_at: number;
}

/** One row (id 1): bumped by triggers on every write of reminders and reminder_reads (migration 0018). */
export interface ReminderStateTable {
  id: number;
  version: number;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_addr: string;
  subject: string;
  text_body: string;
  html_body: string;
  language: string;
  /** sent, failed or outbox (kept here only: no SMTP server configured). */
  status: string;
  error: string;
  created_at: number;
  sent_at: number | null;
  /** JSON of the files attached, by reference to stored files (MailAttachment, platform/mail.ts); null: none (migration 0025). */
  attachments: Generated<string | null>;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  to_number: string;
  text_body: string;
  language: string;
  status: string;
  provider: string;
  error: string;
  created_at: number;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface SystemTables {
  operation_logs: OperationLogsTable;
  operation_log_heads: OperationLogHeadsTable;
  announcements: AnnouncementsTable;
  announcement_reads: AnnouncementReadsTable;
  reminders: RemindersTable;
  reminder_reads: ReminderReadsTable;
  reminder_state: ReminderStateTable;
  mail_outbox: MailOutboxTable;
  sms_outbox: SmsOutboxTable;
}
