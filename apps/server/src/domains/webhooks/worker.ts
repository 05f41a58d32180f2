import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { AdminStatus } from '@mbo/shared/merchants';
import { WEBHOOK_HEADERS } from '@mbo/shared/webhooks';
import type { Db, DbOrTrx } from '../../db/database';
import { DAY_MS, MINUTE_MS, toIso } from '../../platform/time';
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

export type DueDelivery = Awaited<ReturnType<typeof findDue>>[number];

/** A delivery with what sending it needs: the endpoint's URL and the event. */
function sendable(db: Db) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
    .select([
      'd.id',
      'd.merchant_id',
      'd.endpoint_id',
      'd.attempts',
      'd.window_start',
      'e.url',
      'v.public_id',
      'v.kind',
      'v.payload',
      'v.created_at',
    ]);
}

export function findSendable(db: Db, deliveryId: number) {
  return sendable(db).where('d.id', '=', deliveryId).executeTakeFirstOrThrow();
}

function findDue(db: Db, now: number, limit: number) {
  return sendable(db)
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<=', now)
    .where('e.enabled', '=', 1)
    .where('e.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as p')
            .select(sql<number>`1`.as('one'))
            .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
            .whereRef('p.object_no', '=', 'd.object_no')
            .where('p.status', '=', 'pending')
            .whereRef('p.id', '<', 'd.id'),
        ),
      ),
    )
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/** The body a receiver gets: the event id, kind, time and the object (stored as JSON when the event happened). */
export function eventBody(e: { public_id: string; kind: string; created_at: number; payload: string }): string {
  const head = JSON.stringify({ id: e.public_id, kind: e.kind, createdAt: toIso(e.created_at) });
  return `${head.slice(0, -1)},"data":${e.payload}}`;
}

/** The merchant's sign key, issued the way the merchant details screen issues it when there is none yet. */
export async function signKeyOf(db: DbOrTrx, merchantId: number): Promise<string> {
  await db
    .updateTable('merchants')
    .set({ sign_key: randomBytes(16).toString('hex') })
    .where('id', '=', merchantId)
    .where('sign_key', '=', '')
    .execute();
  const row = await db.selectFrom('merchants').select('sign_key').where('id', '=', merchantId).executeTakeFirstOrThrow();
  return row.sign_key;
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
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: d.id,
        merchant_id: d.merchant_id,
        at: now,
        http_status: result.httpStatus,
        duration_ms: result.durationMs,
        answer: result.answer,
        error: result.error,
      })
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set({
        status: ok ? 'delivered' : givenUp ? 'failed' : 'pending',
        attempts: sql<number>`attempts + 1`,
        next_attempt_at: ok || givenUp ? null : now + backoffMs(failures, deps.random),
        last_http_status: result.httpStatus,
        last_error: result.error,
        window_start: windowStart,
        updated_at: now,
      })
      .where('id', '=', d.id)
      .execute();
    if (!retry) return false;
    if (ok) {
      await trx.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', d.endpoint_id).execute();
      return false;
    }
    await trx
      .updateTable('webhook_endpoints')
      .set({ failing_since: now })
      .where('id', '=', d.endpoint_id)
      .where('failing_since', 'is', null)
      .execute();
    return disableIfFailingTooLong(trx, d.endpoint_id, now);
  });
  deps.log.info(
    { delivery: d.id, event: d.public_id, url: maskUrl(d.url), status: result.httpStatus, error: result.error, ms: result.durationMs },
    'webhook attempt',
  );
  if (disabled) deps.endpointDisabled({ id: d.endpoint_id, merchantId: d.merchant_id, url: maskUrl(d.url) });
  return result;
}

/** An endpoint failing for the whole retry window is disabled, and its pending deliveries fail (a resend brings them back). */
async function disableIfFailingTooLong(trx: DbOrTrx, endpointId: number, now: number): Promise<boolean> {
  const r = await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: 'failing', updated_at: now })
    .where('id', '=', endpointId)
    .where('enabled', '=', 1)
    .where('failing_since', '<=', now - RETRY_WINDOW_MS)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null, last_error: 'endpointDisabled', updated_at: now })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
  return true;
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

/** The owners of a merchant and where a mail reaches them (the verified address of the person, else the admin's). */
export async function ownerAddresses(db: Db, merchantId: number) {
  const rows = await db
    .selectFrom('admins as a')
    .leftJoin('persons as p', 'p.id', 'a.person_id')
    .select(['a.email', 'p.email as person_email', 'p.email_verified', 'p.language'])
    .where('a.merchant_id', '=', merchantId)
    .where('a.is_owner', '=', 1)
    .where('a.status', '=', AdminStatus.normal)
    .execute();
  return rows
    .map((r) => ({ to: r.person_email && r.email_verified === 1 ? r.person_email : r.email, language: r.language }))
    .filter((r) => r.to !== '');
}
