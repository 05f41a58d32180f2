import { scheduleLeasedJob } from '../platform/job-lease';
import { deliverDue, type WorkerDeps } from '../domains/webhooks/worker';

/** How often a node looks for due payment notifications; one node at a time sends them (the job lease). */
export const WEBHOOK_INTERVAL_MS = 2_000;

/** Payment notifications due now are sent, on the node that holds the lease (domains/webhooks/README.md). */
export function scheduleWebhookDelivery(deps: WorkerDeps, log: (error: unknown) => void): () => void {
  return scheduleLeasedJob(deps.db, { name: 'webhook-delivery', intervalMs: WEBHOOK_INTERVAL_MS }, deps.now, () => deliverDue(deps), log);
}
