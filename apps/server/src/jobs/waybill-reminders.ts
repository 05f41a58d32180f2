import type { Db } from '../db/database';
import * as repo from '../domains/waybills/repository';
import { addDays, proofDeadline, settlementDaysOf, tradeRangeForLastUploadDays } from '../domains/waybills/settlement';
import { translate } from '../platform/i18n';
import { scheduleLeasedJob } from '../platform/job-lease';
import { businessDay } from '../platform/rollups';
import { operatorScope } from '../platform/scope';

/*
 * Delivery-proof reminders (spec §5/§9: proof at least 3 days before the settlement date): once per
 * business day (UTC+08:00), each merchant that must give proof and has transactions without it whose
 * last upload day is within the next 3 days gets one message reminder with their count and the earliest
 * deadline. `waybill_reminders` (merchant, day) is claimed in the same transaction as the reminder is
 * written, so two runs or two nodes still write one.
 */
export const WAYBILL_REMINDER_INTERVAL_MS = 60 * 60_000;
const WINDOW_DAYS = 2;

export async function runWaybillReminders(db: Db, now: number): Promise<number> {
  let written = 0;
  const today = businessDay(now);
  for (const m of await repo.listMerchantsNeedingProof(db)) {
    const type = repo.asProofType(m.delivery_proof_type);
    if (!type) continue;
    const scope = operatorScope(m.id);
    const settlementDays = await settlementDaysOf(db, m.id);
    const range = tradeRangeForLastUploadDays(today, addDays(today, WINDOW_DAYS), settlementDays);
    const count = await repo.countDueSoon(db, scope, type, range);
    if (count === 0) continue;
    const [first] = await repo.listDueSoon(db, scope, type, range, 1);
    const date = first ? proofDeadline(first.created_at, settlementDays).lastUploadDate : today;
    const done = await db.transaction().execute(async (trx) => {
      if (!(await repo.claimReminderDay(trx, m.id, today, now))) return false;
      const text = (lang: 'zhCn' | 'zhHk' | 'en') => translate(lang, 'waybill.reminder', { count, date });
      await trx
        .insertInto('reminders')
        .values({
          merchant_id: m.id,
          admin_id: null,
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
  return written;
}

/** Runs the job now and every hour, on one node at a time. Returns a stop function. */
export function scheduleWaybillReminders(db: Db, now: () => number, log: (error: unknown) => void): () => void {
  return scheduleLeasedJob(
    db,
    { name: 'waybill-reminders', intervalMs: WAYBILL_REMINDER_INTERVAL_MS },
    now,
    (at) => runWaybillReminders(db, at),
    log,
  );
}
