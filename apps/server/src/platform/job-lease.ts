import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/database';
import { recordJobEnd, recordJobStart } from './metrics';

/*
 * One runner per scheduled job when several API nodes share the database. Every node keeps its timer;
 * a run starts only on the node that takes the job's lease (a row of `job_leases`, taken with one
 * conditional upsert), and only when no node finished a run within the last `minGapMs`. The lease lasts
 * `leaseMs`: a node that dies mid-run leaves the job to whichever node ticks after the lease lapses.
 */

/** This process, as the holder of leases: host, pid and a random part (a restarted pid is another holder). */
export const LEASE_HOLDER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export type LeaseOptions = { name: string; leaseMs: number; minGapMs: number; holder?: string };

/** Takes the job's lease if it is free, lapsed, or already ours, and no run finished too recently. */
export async function takeLease(db: Db, o: LeaseOptions, now: number): Promise<boolean> {
  const holder = o.holder ?? LEASE_HOLDER;
  const taken = await db
    .insertInto('job_leases')
    .values({ name: o.name, holder, lease_until: now + o.leaseMs, last_run_at: null })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, lease_until: now + o.leaseMs })
        .where((eb) =>
          eb.and([
            eb.or([eb('job_leases.lease_until', '<=', now), eb('job_leases.holder', '=', holder)]),
            eb.or([eb('job_leases.last_run_at', 'is', null), eb('job_leases.last_run_at', '<=', now - o.minGapMs)]),
          ]),
        ),
    )
    .returning('name')
    .executeTakeFirst();
  return taken !== undefined;
}

/** Marks the run done and frees the lease. */
export async function finishLease(db: Db, o: LeaseOptions, now: number): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ lease_until: now, last_run_at: now })
    .where('name', '=', o.name)
    .where('holder', '=', o.holder ?? LEASE_HOLDER)
    .execute();
}

/** Runs `fn` if this node takes the lease; returns whether it ran. A failed run frees the lease without counting as a run. */
export async function runLeased<T>(
  db: Db,
  o: LeaseOptions,
  now: () => number,
  fn: () => Promise<T>,
): Promise<{ ran: boolean; result?: T }> {
  if (!(await takeLease(db, o, now()))) return { ran: false };
  recordJobStart(o.name);
  try {
    const result = await fn();
    await finishLease(db, o, now());
    recordJobEnd(o.name, false, now());
    return { ran: true, result };
  } catch (error) {
    recordJobEnd(o.name, true, now());
    await db
      .updateTable('job_leases')
      .set({ lease_until: now() })
      .where('name', '=', o.name)
      .where('holder', '=', o.holder ?? LEASE_HOLDER)
      .execute();
    throw error;
  }
}

/**
 * A job every `intervalMs` on this node, run only where the lease is taken (see above). The timer does
 * not keep the process alive; returns a stop function.
 */
export function scheduleLeasedJob(
  db: Db,
  o: { name: string; intervalMs: number },
  now: () => number,
  job: (at: number) => Promise<unknown>,
  log: (error: unknown) => void,
): () => void {
  // A run may take up to half the interval before another node may take the job over; a run that
  // finished less than half an interval ago is not repeated by a node whose timer is out of phase.
  const lease: LeaseOptions = { name: o.name, leaseMs: Math.max(60_000, o.intervalMs / 2), minGapMs: o.intervalMs / 2 };
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runLeased(db, lease, now, () => job(now()))
      .catch(log)
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, o.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
