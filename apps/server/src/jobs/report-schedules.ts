import { scheduleLeasedJob } from '../platform/job-lease';
import { runDueSchedules, type ScheduleApp } from '../domains/schedules/runner';

/*
 * Scheduled reports (domains/schedules/README.md): every minute, on the node that holds the lease,
 * each due schedule makes one run (a row unique per schedule and due time, so no second node or pass
 * can send it again), runs left by a stopped node are closed and files past their 7 days removed.
 */
export const REPORT_SCHEDULE_INTERVAL_MS = 60_000;

export function scheduleReportSchedules(app: ScheduleApp, log: (error: unknown) => void): () => void {
  return scheduleLeasedJob(
    app.db,
    { name: 'report-schedules', intervalMs: REPORT_SCHEDULE_INTERVAL_MS },
    app.now,
    () => runDueSchedules(app),
    log,
  );
}
