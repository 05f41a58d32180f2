import type { Transporter } from 'nodemailer';
import type { TLanguage } from '@mbo/shared/i18n';
import type { Db } from '../db/database';
import type { Clock } from './time';
import { renderMail, type MailKind, type NotificationParams } from './notification-texts';
import type { FileStorage } from './storage';

/** What mail and SMS senders write to: the Fastify logger, or a console adapter in the operator commands. */
export type NotifyLog = {
  info: (obj: Record<string, unknown>, msg: string) => void;
  error: (obj: Record<string, unknown>, msg: string) => void;
};

export type MailStatus = 'sent' | 'failed' | 'outbox';
export type MailResult = { id: number; status: MailStatus };

/**
 * A file a mail carries, by reference to a stored file (storage.ts): the outbox row keeps this (JSON),
 * not the bytes, and SMTP reads the content when it sends.
 */
export type MailAttachment = { filename: string; contentType: string; storageName: string; size: number };

export type Mailer = {
  /** Renders a template in `language`, sends it (or keeps it in the outbox) and records it. Never throws for delivery. */
  send: (
    to: string,
    language: TLanguage,
    kind: MailKind,
    params: NotificationParams,
    attachments?: readonly MailAttachment[],
  ) => Promise<MailResult>;
  close: () => void;
};

export type MailerOptions = {
  db: Db;
  now: Clock;
  log: NotifyLog;
  smtpUrl: string | null;
  from: string;
  /** Where attachments are read from when a mail goes out through SMTP. */
  files: FileStorage;
};

/**
 * With an SMTP server configured every mail goes through it; without one it is kept in the
 * `mail_outbox` table and printed to the log (so a developer can follow links and codes). Either way
 * each mail is recorded in `mail_outbox` with its outcome.
 */
export function createMailer(o: MailerOptions): Mailer {
  // The SMTP library (about 650 KB of code) is loaded with the first mail, not at start: most processes
  // (and every server until someone signs up or resets a password) never send one.
  const smtpUrl = o.smtpUrl;
  let transport: Promise<Transporter> | null = null;
  const transportFor = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    ));

  return {
    async send(to, language, kind, params, attachments = []) {
      const mail = renderMail(language, kind, params);
      let status: MailStatus = 'outbox';
      let error = '';
      if (smtpUrl) {
        try {
          const smtp = await transportFor(smtpUrl);
          const files = await Promise.all(attachments.map((a) => attachmentContent(o, a)));
          await smtp.sendMail({ from: o.from, to, subject: mail.subject, text: mail.text, html: mail.html, attachments: files });
          status = 'sent';
        } catch (e) {
          status = 'failed';
          error = e instanceof Error ? e.message.slice(0, 500) : String(e).slice(0, 500);
        }
      }
      const now = o.now();
      const row = await o.db
        .insertInto('mail_outbox')
        .values({
          to_addr: to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          language,
          status,
          error,
          created_at: now,
          sent_at: status === 'sent' ? now : null,
          attachments: attachments.length > 0 ? JSON.stringify(attachments) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (status === 'outbox')
        o.log.info({ mailId: row.id, to, kind }, `mail kept in the outbox (no SMTP_URL): ${mail.subject}\n${mail.text}`);
      else if (status === 'failed') o.log.error({ mailId: row.id, to, kind, error }, 'mail delivery failed');
      else o.log.info({ mailId: row.id, to, kind }, 'mail sent');
      return { id: row.id, status };
    },
    close() {
      void transport?.then((smtp) => smtp.close()).catch(() => undefined);
    },
  };
}

/** An attachment's content for nodemailer; a stored file that is gone fails the delivery (recorded as failed). */
async function attachmentContent(o: MailerOptions, a: MailAttachment): Promise<{ filename: string; contentType: string; content: Buffer }> {
  const content = await o.files.get(o.db, a.storageName);
  if (!content) throw new Error(`attachment ${a.filename} is no longer stored`);
  return { filename: a.filename, contentType: a.contentType, content };
}
