import { WEBHOOK_HEADERS } from '@mbo/shared/webhooks';
import type { Db } from '../../db/database';
import { DAY_MS, MINUTE_MS, toIso } from '../../platform/time';
import {
  disableFailingEndpoint,
  findDue,
  markEndpointAnswering,
  markEndpointFailing,
  recordAttempt,
  signKeyOf,
  type DueDelivery,
} from './delivery-repository';
import type { SendResult } from './sender';
import { maskUrl, signWebhook } from './sender';

/*
 * The delivery worker (README.md "Deliveries"). One pass picks the due pending deliveries, at most one
 * per endpoint and object (the oldest: a later event of the same payment waits until the earlier one is
 * delivered or given up), sends them side by side, and records each attempt with the delivery's new state
 * in one transaction after the answer. A node killed between the answer and that commit leaves the
 * delivery pending and due, so it is sent again: at least once, and the event id lets the receiver drop
 * the repeat. The pass runs under the job lease (jobs/webhook-delivery.ts), on one node at a time.
 */

export const RETRY_WINDOW_MS = 3 * DAY_MS;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * MINUTE_MS;

export type WorkerDeps = {
  db: Db;
  /** The clock of backoff, windows and timestamps (injectable). */
  now: () => number;
  /** 0 <= x < 1, for the jitter. */
  random: () => number;
  send: (url: string, body: string, headers: Record<string, string>) => Promise<SendResult>;
  /** After an endpoint was disabled for 3 days of failures: tell the merchant's owners. */
  endpointDisabled: (endpoint: { id: number; merchantId: number; url: string }) => void;
  log: { info: (obj: object, msg: string) => void };
};

/** Wait before the next attempt after `failures` failed ones: doubling from 30 s to 6 h, the upper half of it drawn at random. */
export function backoffMs(failures: number, random: () => number): number {
  const full = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

/** The body a receiver gets: the event id, kind, time and the object (stored as JSON when the event happened). */
export function eventBody(e: { public_id: string; kind: string; created_at: number; payload: string }): string {
  const head = JSON.stringify({ id: e.public_id, kind: e.kind, createdAt: toIso(e.created_at) });
  return `${head.slice(0, -1)},"data":${e.payload}}`;
}

export function signedHeaders(key: string, eventId: string, body: string, now: number): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return {
    [WEBHOOK_HEADERS.id]: eventId,
    [WEBHOOK_HEADERS.timestamp]: timestamp,
    [WEBHOOK_HEADERS.signature]: `v1=${signWebhook(key, timestamp, body)}`,
  };
}

/** Sends one delivery and records the attempt; `retry` false (the test button) fails it at the first failure. */
export async function attemptDelivery(deps: WorkerDeps, d: DueDelivery, retry = true): Promise<SendResult> {
  const body = eventBody(d);
  const key = await signKeyOf(deps.db, d.merchant_id);
  const result = await deps.send(d.url, body, signedHeaders(key, d.public_id, body, deps.now()));
  const now = deps.now();
  const ok = result.httpStatus !== null && result.httpStatus >= 200 && result.httpStatus < 300;
  const failures = d.attempts + 1;
  // The window starts at the first attempt: an event recorded with an earlier time (a payment entered
  // afterwards) still gets its 3 days of retries.
  const windowStart = d.window_start ?? now;
  const givenUp = !ok && (!retry || now - windowStart >= RETRY_WINDOW_MS);
  const disabled = await deps.db.transaction().execute(async (trx) => {
    const next = ok || givenUp ? null : now + backoffMs(failures, deps.random);
    await recordAttempt(
      trx,
      d,
      { at: now, ...result },
      { status: ok ? 'delivered' : givenUp ? 'failed' : 'pending', nextAttemptAt: next, windowStart },
    );
    if (!retry) return false;
    if (ok) {
      await markEndpointAnswering(trx, d.endpoint_id);
      return false;
    }
    await markEndpointFailing(trx, d.endpoint_id, now);
    // An endpoint failing for the whole retry window is disabled.
    return disableFailingEndpoint(trx, d.endpoint_id, now - RETRY_WINDOW_MS, now);
  });
  deps.log.info(
    { delivery: d.id, event: d.public_id, url: maskUrl(d.url), status: result.httpStatus, error: result.error, ms: result.durationMs },
    'webhook attempt',
  );
  if (disabled) deps.endpointDisabled({ id: d.endpoint_id, merchantId: d.merchant_id, url: maskUrl(d.url) });
  return result;
}

/**
 * One pass: due deliveries in batches until none is due or `budgetMs` of real time is spent (well inside
 * the job's lease, so that no other node takes the job over while this one still sends). Returns the
 * number of attempts made.
 */
export async function deliverDue(deps: WorkerDeps, o: { batch?: number; budgetMs?: number } = {}): Promise<number> {
  const started = performance.now();
  let made = 0;
  for (;;) {
    const due = await findDue(deps.db, deps.now(), o.batch ?? 16);
    if (due.length === 0) return made;
    await Promise.all(due.map((d) => attemptDelivery(deps, d)));
    made += due.length;
    if (performance.now() - started > (o.budgetMs ?? 30_000)) return made;
  }
}
