import { asProofType } from '@mbo/shared/waybills';
import type { Db } from '../db/database';
import * as repo from '../domains/waybills/repository';
import { addDays, proofDeadline, settlementDaysOf, tradeRangeForLastUploadDays } from '../domains/waybills/settlement';
import { notify, textsOf } from '../domains/notifications/notify';
import { scheduleLeasedJob } from '../platform/job-lease';
import { businessDay } from '../platform/rollups';
import { administratorScopes, operatorScope, type Scope } from '../platform/scope';

/*
 * Delivery-proof reminders (spec §5/§9: proof at least 3 days before the settlement date): once per
 * business day (UTC+08:00), each merchant that must give proof and has transactions without it whose
 * last upload day is within the next 3 days is told, through the notification centre (in the bell and
 * by mail as each administrator chooses), the count and the earliest deadline. Each administrator who
 * opens the waybill screen gets their own, counted over the gateways they may see (a member limited to
 * one gateway is not told about the others' transactions; one who sees none of those due gets none).
 * `waybill_reminders` (merchant, day) is claimed in the same transaction as the notifications are
 * written, so two runs or two nodes still write them once.
 */
export const WAYBILL_REMINDER_INTERVAL_MS = 60 * 60_000;
const WINDOW_DAYS = 2;
/** The waybill screen, which a reminder opens. */
const WAYBILL_SCREEN = '/waybill/waybillPage';

type Due = { count: number; date: string };

/** Returns the number of administrators told. */
export async function runWaybillReminders(db: Db, now: number): Promise<number> {
  let written = 0;
  const today = businessDay(now);
  for (const m of await repo.listMerchantsNeedingProof(db)) {
    const type = asProofType(m.delivery_proof_type);
    if (!type) continue;
    const settlementDays = await settlementDaysOf(db, m.id);
    const range = tradeRangeForLastUploadDays(today, addDays(today, WINDOW_DAYS), settlementDays);
    const dueIn = async (scope: Scope): Promise<Due | null> => {
      const count = await repo.countDueSoon(db, scope, type, range);
      if (count === 0) return null;
      const [first] = await repo.listDueSoon(db, scope, type, range, 1);
      return { count, date: first ? proofDeadline(first.created_at, settlementDays).lastUploadDate : today };
    };
    const merchantWide = await dueIn(operatorScope(m.id));
    if (!merchantWide) continue;
    // Administrators with the same gateways share one count.
    const byGateways = new Map<string, Due | null>([['all', merchantWide]]);
    const recipients: { adminId: number; due: Due }[] = [];
    for (const scope of await administratorScopes(db, m.id)) {
      const key = scope.gatewayIds === null ? 'all' : scope.gatewayIds.join(',');
      if (!byGateways.has(key)) byGateways.set(key, await dueIn(scope));
      const due = byGateways.get(key);
      if (due) recipients.push({ adminId: scope.adminId, due });
    }
    written += await db.transaction().execute(async (trx) => {
      if (!(await repo.claimReminderDay(trx, m.id, today, now))) return 0;
      let told = 0;
      for (const { adminId, due } of recipients) {
        const newly = await notify(trx, {
          merchantId: m.id,
          kind: 'proofDue',
          recipients: [adminId],
          eventKey: `proof-due:${today}`,
          text: textsOf('waybill.reminder', { ...due }),
          link: WAYBILL_SCREEN,
          at: now,
        });
        told += newly.length;
      }
      return told;
    });
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
