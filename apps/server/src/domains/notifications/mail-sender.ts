import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '@mbo/shared/i18n';
import type { Db } from '../../db/database';
import { translate } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import type { Notifier } from '../../platform/notifier';
import { MailState, type StoredNotification } from './notify';

/** Mails taken per pass; the next pass (or the next producer) takes the rest. */
const BATCH = 200;

/**
 * Sends the notifications waiting to be mailed (README.md, "Mail"). Each row is claimed by a
 * conditional update (waiting -> sent) before its mail goes out, so two nodes, or a producer and the
 * job, never mail it twice; a mail the server could not deliver turns the row to failed (the mail
 * outbox keeps the error). Returns the number of mails sent.
 */
export async function sendNotificationMails(db: Db, notifier: Pick<Notifier, 'mail' | 'link'>): Promise<number> {
  const rows = await db
    .selectFrom('notifications as n')
    .innerJoin('admins as a', 'a.id', 'n.admin_id')
    .leftJoin('persons as p', 'p.id', 'a.person_id')
    .select(['n.id', 'n.kind', 'n.params', 'n.link', 'a.email', 'p.email as person_email', 'p.email_verified', 'p.language'])
    .where('n.mail', '=', MailState.waiting)
    .orderBy('n.id')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const r of rows) {
    const claimed = await db
      .updateTable('notifications')
      .set({ mail: MailState.sent })
      .where('id', '=', r.id)
      .where('mail', '=', MailState.waiting)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const to = r.person_email && r.email_verified === 1 ? r.person_email : r.email;
    if (!to) {
      await db.updateTable('notifications').set({ mail: MailState.failed }).where('id', '=', r.id).execute();
      continue;
    }
    const lang: TLanguage = r.language && isLanguage(r.language) ? r.language : DEFAULT_LANGUAGE;
    const stored = JSON.parse(r.params) as StoredNotification;
    // The mail leads to the sign-in page; the item itself (with its link) waits in the bell.
    const link = notifier.link('signIn');
    const result = stored.mail
      ? await notifier.mail.send(to, lang, stored.mail.kind, stored.mail.params[lang])
      : await notifier.mail.send(to, lang, 'notification', {
          title: translate(lang, `notification.kind.${r.kind}` as MessageKey),
          text: stored.text[lang],
          link,
        });
    if (result.status === 'failed') {
      await db.updateTable('notifications').set({ mail: MailState.failed }).where('id', '=', r.id).execute();
    } else sent += 1;
  }
  return sent;
}
