import { DisputeKind } from '@mbo/shared/trade-enums';
import type { Db } from '../db/database';
import { findCasesDueForReminder, markCaseReminded } from '../domains/disputes/case-repository';
import { notify, textsOf } from '../domains/notifications/notify';
import { translate } from '../platform/i18n';
import { scheduleLeasedJob } from '../platform/job-lease';
import type { MessageKey } from '../platform/messages';
import { BUSINESS_DAY_OFFSET_MS } from '../platform/rollups';
import { DAY_MS } from '../platform/time';

/*
 * Deadline reminders (issue §2): for every open case with a deadline (a chargeback or retrieval to
 * answer, an Ethoca alert to refund) one reminder 5 days before and one 24 hours before, through the
 * notification centre (issue 50 §5: in the bell and/or by mail as each administrator chose), to the
 * administrators who may open the dispute screen and see the case's gateway. reminded_5d_at / reminded_24h_at are set in the same transaction as the
 * reminder is written, conditionally, so two runs at once still remind once. A case raised with less
 * than 5 days left gets the 5-day reminder at once; one with less than 24 hours gets both. An Ethoca
 * alert not refunded 4 hours before its deadline gets a last one (reminded_4h_at), once.
 */

export const REMINDER_INTERVAL_MS = 10 * 60_000;
const DISPUTE_SCREEN = '/merTradeMgr/initProConTradePage';
/** Hours before an Ethoca alert's deadline of its last reminder (issue 49 §4): refunded by then, it cannot turn into a chargeback. */
export const ALERT_LAST_REMINDER_HOURS = 4;

const WINDOWS = [
  { column: 'reminded_5d_at', before: 5 * DAY_MS, key: 'reminder.deadline5d', kinds: null },
  { column: 'reminded_24h_at', before: DAY_MS, key: 'reminder.deadline24h', kinds: null },
  { column: 'reminded_4h_at', before: ALERT_LAST_REMINDER_HOURS * 3_600_000, key: 'reminder.alert4h', kinds: [DisputeKind.ethocaAlert] },
] as const;

const KIND_KEY: Record<number, MessageKey> = {
  [DisputeKind.chargeback]: 'disputeKind.1',
  [DisputeKind.retrieval]: 'disputeKind.2',
  [DisputeKind.ethocaAlert]: 'disputeKind.4',
};

/** "2026-05-01 18:30" in UTC+08:00, the business timezone (spec §9). */
function deadlineText(ms: number): string {
  return new Date(ms + BUSINESS_DAY_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** Cases looked at per window and run; the next run (10 minutes later) takes the rest. */
const BATCH = 1000;

export async function runDeadlineReminders(db: Db, now: number): Promise<number> {
  let written = 0;
  for (const w of WINDOWS) {
    const due = await findCasesDueForReminder(db, now, w.before, w.column, BATCH, w.kinds);
    for (const d of due) {
      const done = await db.transaction().execute(async (trx) => {
        if (!(await markCaseReminded(trx, d.id, w.column, now))) return false;
        await notify(trx, {
          merchantId: d.merchant_id,
          kind: d.kind === DisputeKind.ethocaAlert ? 'alertDeadline' : 'disputeDeadline',
          recipients: `permission:${DISPUTE_SCREEN}`,
          gatewayId: d.gateway_id,
          eventKey: `case-deadline:${d.id}:${w.column}`,
          text: textsOf(w.key, (lang) => ({
            kind: translate(lang, KIND_KEY[d.kind] ?? 'disputeKind.1'),
            caseNo: d.case_no,
            tradeNo: d.trade_no,
            deadline: deadlineText(d.reply_deadline ?? now),
          })),
          link: DISPUTE_SCREEN,
          at: now,
        });
        return true;
      });
      if (done) written += 1;
    }
  }
  return written;
}

/** Runs the job now and every 10 minutes, on one node at a time (platform/job-lease.ts). Returns a stop function. */
export function scheduleDeadlineReminders(db: Db, now: () => number, log: (error: unknown) => void): () => void {
  return scheduleLeasedJob(
    db,
    { name: 'deadline-reminders', intervalMs: REMINDER_INTERVAL_MS },
    now,
    (at) => runDeadlineReminders(db, at),
    log,
  );
}
