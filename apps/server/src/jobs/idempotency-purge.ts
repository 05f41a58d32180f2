import type { Db } from '../db/database';
import { purgeExpiredKeys } from '../platform/idempotency';
import { scheduleLeasedJob } from '../platform/job-lease';

export const PURGE_INTERVAL_MS = 60 * 60_000;

/** Idempotency keys past their 24 hours are deleted every hour, on one node at a time. */
export function scheduleIdempotencyPurge(db: Db, now: () => number, log: (error: unknown) => void): () => void {
  return scheduleLeasedJob(db, { name: 'idempotency-purge', intervalMs: PURGE_INTERVAL_MS }, now, (at) => purgeExpiredKeys(db, at), log);
}
