import { AppealStatus, DisputeKind, ProcessingType } from '@mbo/shared/trade-enums';
import type { Db } from '../db/database';
import { translate } from '../platform/i18n';
import type { MessageKey } from '../platform/messages';
import { BUSINESS_DAY_OFFSET_MS } from '../platform/rollups';
import { DAY_MS } from '../platform/time';

/*
 * Deadline reminders (issue §2): for every open case with a deadline (a chargeback or retrieval to
 * answer, an Ethoca alert to refund) one reminder 5 days before and one 24 hours before, into the
 * merchant's message reminders, limited to the case's gateway so an administrator limited to other
 * gateways does not see it. reminded_5d_at / reminded_24h_at are set in the same transaction as the
 * reminder is written, conditionally, so two runs at once still remind once. A case raised with less
 * than 5 days left gets the 5-day reminder at once; one with less than 24 hours gets both.
 */

export const REMINDER_INTERVAL_MS = 10 * 60_000;
const WINDOWS = [
  { column: 'reminded_5d_at', before: 5 * DAY_MS, key: 'reminder.deadline5d' },
  { column: 'reminded_24h_at', before: DAY_MS, key: 'reminder.deadline24h' },
] as const;

const KIND_KEY: Record<number, MessageKey> = {
  [DisputeKind.chargeback]: 'reminder.kindChargeback',
  [DisputeKind.retrieval]: 'reminder.kindRetrieval',
  [DisputeKind.ethocaAlert]: 'reminder.kindEthoca',
};

/** "2026-05-01 18:30" in UTC+08:00, the business timezone (spec §9). */
function deadlineText(ms: number): string {
  return new Date(ms + BUSINESS_DAY_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

export async function runDeadlineReminders(db: Db, now: number): Promise<number> {
  let written = 0;
  for (const w of WINDOWS) {
    const due = await db
      .selectFrom('disputes as x')
      .innerJoin('transactions as t', 't.id', 'x.transaction_id')
      .select(['x.id', 'x.merchant_id', 'x.gateway_id', 'x.case_no', 'x.kind', 'x.reply_deadline', 't.trade_no'])
      .where('x.reply_deadline', '>', now)
      .where('x.reply_deadline', '<=', now + w.before)
      .where(`x.${w.column}`, 'is', null)
      .where((eb) =>
        eb.or([
          // A chargeback still waiting for the merchant's appeal.
          eb.and([
            eb('x.kind', '=', DisputeKind.chargeback),
            eb('x.appeal_status', '=', AppealStatus.none),
            eb('x.processing_type', 'in', [ProcessingType.chargeback, ProcessingType.retrievalToChargeback]),
          ]),
          // A retrieval not yet turned into a chargeback.
          eb.and([
            eb('x.kind', '=', DisputeKind.retrieval),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('disputes as c')
                  .select('c.id')
                  .whereRef('c.transaction_id', '=', 'x.transaction_id')
                  .where('c.processing_type', '=', ProcessingType.retrievalToChargeback),
              ),
            ),
          ]),
          // An Ethoca alert the merchant has not refunded yet.
          eb.and([eb('x.kind', '=', DisputeKind.ethocaAlert), eb('x.refund_id', 'is', null)]),
        ]),
      )
      .orderBy('x.reply_deadline', 'asc')
      .limit(1000)
      .execute();
    for (const d of due) {
      const done = await db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('disputes')
          .set({ [w.column]: now })
          .where('id', '=', d.id)
          .where(w.column, 'is', null)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) return false;
        const text = (lang: 'zhCn' | 'zhHk' | 'en') =>
          translate(lang, w.key, {
            kind: translate(lang, KIND_KEY[d.kind] ?? 'reminder.kindChargeback'),
            caseNo: d.case_no,
            tradeNo: d.trade_no,
            deadline: deadlineText(d.reply_deadline ?? now),
          });
        await trx
          .insertInto('reminders')
          .values({
            merchant_id: d.merchant_id,
            admin_id: null,
            gateway_id: d.gateway_id,
            content_zh_cn: text('zhCn'),
            content_zh_hk: text('zhHk'),
            content_en: text('en'),
            created_at: now,
          })
          .execute();
        return true;
      });
      if (done) written += 1;
    }
  }
  return written;
}

/** Runs the job now and every 10 minutes; the timer does not keep the process alive. Returns a stop function. */
export function scheduleDeadlineReminders(db: Db, now: () => number, log: (error: unknown) => void): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runDeadlineReminders(db, now())
      .catch(log)
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, REMINDER_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
