import type { FastifyInstance } from 'fastify';
import { scheduleLeasedJob } from '../platform/job-lease';
import { sweepExportJobs } from '../domains/exports/runner';

/*
 * Background exports (domains/exports/README.md). Every node looks for queued exports every few
 * seconds and claims what it has room for (a claim is one conditional update, so each export is made
 * once); the node that holds the lease fails runs whose node stopped and removes files past their days.
 */
export const EXPORT_QUEUE_INTERVAL_MS = 5_000;
export const EXPORT_SWEEP_INTERVAL_MS = 60_000;

export function scheduleExportJobs(
  app: Pick<FastifyInstance, 'db' | 'files' | 'notifier' | 'exportRunner'>,
  now: () => number,
  log: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => void app.exportRunner.pass().catch(log), EXPORT_QUEUE_INTERVAL_MS);
  timer.unref();
  const stopSweep = scheduleLeasedJob(
    app.db,
    { name: 'export-jobs', intervalMs: EXPORT_SWEEP_INTERVAL_MS },
    now,
    () => sweepExportJobs({ ...app, now }),
    log,
  );
  return () => {
    clearInterval(timer);
    stopSweep();
  };
}
