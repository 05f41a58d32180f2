import type { Db } from '../db/database';
import { runSettlement, settlementDayOf } from '../domains/funds/settlement';
import { scheduleLeasedJob } from '../platform/job-lease';

/*
 * The settlement job (domains/funds/README.md): every 10 minutes, on one node at a time, the run of the
 * current business day (UTC+08:00): reserves due are released, each gateway that settles today gets its
 * batch (once: one batch per gateway and day), batches left tabulated by a crash are credited.
 */

export const SETTLEMENT_INTERVAL_MS = 10 * 60_000;

export function scheduleSettlement(db: Db, now: () => number, log: (error: unknown) => void): () => void {
  return scheduleLeasedJob(
    db,
    { name: 'settlement', intervalMs: SETTLEMENT_INTERVAL_MS },
    now,
    (at) => runSettlement(db, settlementDayOf(at), at),
    log,
  );
}
