import { minorUnitsOf, toMajorString } from '@mbo/shared/money';
import { AdminStatus } from '@mbo/shared/merchants';
import type { Db } from '../db/database';
import { fundsSummary } from '../domains/funds/summary';
import { sendNotificationMails } from '../domains/notifications/mail-sender';
import { notify, textsOf } from '../domains/notifications/notify';
import { scheduleLeasedJob } from '../platform/job-lease';
import type { Notifier } from '../platform/notifier';
import { businessDay } from '../platform/rollups';
import { administratorScopes } from '../platform/scope';

/*
 * The notification centre's jobs (domains/notifications/README.md), each on one node at a time:
 * - the mails of notifications that wait (every minute: a producer without a mailer, such as an
 *   operator command, has its mails sent within a minute);
 * - low available balance (every 10 minutes): each administrator who set a threshold is told, once per
 *   currency and business day (UTC+08:00), when the available balance of the gateways they see is under
 *   it. Only administrators who may view the account's figures (owners, "may view account dynamics").
 */
export const NOTIFICATION_MAIL_INTERVAL_MS = 60_000;
export const LOW_BALANCE_INTERVAL_MS = 10 * 60_000;
const SUMMARY_SCREEN = '/fundsAccountSummary/initCheckFundsAccountSummaryPage';

/** Returns the number of (administrator, currency) notifications written. */
export async function runLowBalanceChecks(db: Db, now: number): Promise<number> {
  const wanting = await db
    .selectFrom('notification_preferences as p')
    .innerJoin('admins as a', 'a.id', 'p.admin_id')
    .select(['p.admin_id', 'p.threshold', 'a.merchant_id'])
    .where('p.kind', '=', 'lowBalance')
    .where('p.threshold', 'is not', null)
    .where('a.status', '=', AdminStatus.normal)
    .where((eb) => eb.or([eb('a.is_owner', '=', 1), eb('a.may_view_account', '=', 1)]))
    .where((eb) => eb.or([eb('p.in_app', '=', 1), eb('p.mail', '=', 1)]))
    .orderBy('a.merchant_id')
    .execute();
  const day = businessDay(now);
  let told = 0;
  for (const merchantId of [...new Set(wanting.map((w) => w.merchant_id))]) {
    const scopes = await administratorScopes(db, merchantId);
    for (const w of wanting.filter((x) => x.merchant_id === merchantId)) {
      const scope = scopes.find((s) => s.adminId === w.admin_id);
      if (!scope) continue;
      // The threshold is kept in hundredths; a currency of other decimals compares in its own units.
      const thresholdMinor = (currency: string) => Math.round((Number(w.threshold) * 10 ** minorUnitsOf(currency)) / 100);
      for (const row of (await fundsSummary(db, scope)).rows) {
        const threshold = thresholdMinor(row.currency);
        if (row.available >= threshold) continue;
        const values = {
          currency: row.currency,
          available: toMajorString(row.available, row.currency),
          threshold: toMajorString(threshold, row.currency),
        };
        const newly = await notify(db, {
          merchantId,
          kind: 'lowBalance',
          recipients: [w.admin_id],
          eventKey: `low-balance:${row.currency}:${day}`,
          text: textsOf('notification.text.lowBalance', values),
          link: SUMMARY_SCREEN,
          at: now,
        });
        told += newly.length;
      }
    }
  }
  return told;
}

/** Both jobs; returns one stop function. */
export function scheduleNotificationJobs(
  db: Db,
  notifier: Pick<Notifier, 'mail' | 'link'>,
  now: () => number,
  log: (error: unknown) => void,
) {
  const stopMails = scheduleLeasedJob(
    db,
    { name: 'notification-mails', intervalMs: NOTIFICATION_MAIL_INTERVAL_MS },
    now,
    () => sendNotificationMails(db, notifier),
    log,
  );
  const stopLowBalance = scheduleLeasedJob(
    db,
    { name: 'low-balance', intervalMs: LOW_BALANCE_INTERVAL_MS },
    now,
    (at) => runLowBalanceChecks(db, at),
    log,
  );
  return () => {
    stopMails();
    stopLowBalance();
  };
}
