import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { AdminStatus } from '@mbo/shared/merchants';
import type { TWebhookEventKind } from '@mbo/shared/webhooks';
import type { Db, DbOrTrx } from '../../db/database';
import { inScope, type Scope } from '../../platform/scope';

/*
 * The SQL of the outbox and the delivery worker (outbox.ts, worker.ts): events and their deliveries as
 * they are written, picked, attempted and given up. What the screens list is in repository.ts; the
 * bodies of events, read from other domains' tables, in event-objects.ts.
 */

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

export type DueDelivery = Awaited<ReturnType<typeof findDue>>[number];

export function findSendable(db: Db, deliveryId: number) {
  return sendable(db).where('d.id', '=', deliveryId).executeTakeFirstOrThrow();
}

/** Due pending deliveries of enabled endpoints, at most one per endpoint and object: the oldest. */
export function findDue(db: Db, now: number, limit: number) {
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

export type Attempt = {
  at: number;
  httpStatus: number | null;
  durationMs: number;
  answer: string;
  error: string;
};

/** The attempt's row and the delivery's new state. */
export async function recordAttempt(
  trx: DbOrTrx,
  d: { id: number; merchant_id: number },
  a: Attempt,
  next: { status: 'delivered' | 'failed' | 'pending'; nextAttemptAt: number | null; windowStart: number },
): Promise<void> {
  await trx
    .insertInto('webhook_attempts')
    .values({
      delivery_id: d.id,
      merchant_id: d.merchant_id,
      at: a.at,
      http_status: a.httpStatus,
      duration_ms: a.durationMs,
      answer: a.answer,
      error: a.error,
    })
    .execute();
  await trx
    .updateTable('webhook_deliveries')
    .set({
      status: next.status,
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: next.nextAttemptAt,
      last_http_status: a.httpStatus,
      last_error: a.error,
      window_start: next.windowStart,
      updated_at: a.at,
    })
    .where('id', '=', d.id)
    .execute();
}

/** The endpoint answered: no longer failing. */
export async function markEndpointAnswering(trx: DbOrTrx, endpointId: number): Promise<void> {
  await trx.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', endpointId).execute();
}

/** The endpoint failed: failing since now unless it already was. */
export async function markEndpointFailing(trx: DbOrTrx, endpointId: number, now: number): Promise<void> {
  await trx
    .updateTable('webhook_endpoints')
    .set({ failing_since: now })
    .where('id', '=', endpointId)
    .where('failing_since', 'is', null)
    .execute();
}

/**
 * Disables an endpoint failing since `failingBefore` or earlier and fails its pending deliveries (a
 * resend brings them back); whether it was disabled now.
 */
export async function disableFailingEndpoint(trx: DbOrTrx, endpointId: number, failingBefore: number, now: number): Promise<boolean> {
  const r = await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: 'failing', updated_at: now })
    .where('id', '=', endpointId)
    .where('enabled', '=', 1)
    .where('failing_since', '<=', failingBefore)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  await failPending(trx, endpointId, 'endpointDisabled', now);
  return true;
}

/** The endpoint's pending deliveries fail with `reason`. */
export async function failPending(trx: DbOrTrx, endpointId: number, reason: string, now: number): Promise<void> {
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null, last_error: reason, updated_at: now })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
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

export function findMerchantName(db: Db, merchantId: number) {
  return db.selectFrom('merchants').select(['merchant_no', 'name']).where('id', '=', merchantId).executeTakeFirstOrThrow();
}

/** Tables whose rows an event is about. */
export type ObjectTable = 'transactions' | 'refunds' | 'disputes' | 'settlement_batches' | 'withdrawals';

/** The enabled endpoints of the gateway of row `objectId` of `table`, without reading the row when nobody listens. */
export function listeningEndpoints(trx: DbOrTrx, table: ObjectTable, objectId: number) {
  return trx
    .selectFrom('webhook_endpoints as e')
    .innerJoin(
      (eb) => eb.selectFrom(table).select('gateway_id').where('id', '=', objectId).as('o'),
      (join) => join.onRef('o.gateway_id', '=', 'e.gateway_id'),
    )
    .select(['e.id', 'e.kinds'])
    .where('e.enabled', '=', 1)
    .where('e.deleted_at', 'is', null)
    .execute();
}

/** The state an event's kind is chosen by: the pay status, the refund's or withdrawal's status, the case's kind. */
export async function stateOf(trx: DbOrTrx, table: 'transactions' | 'refunds' | 'withdrawals' | 'disputes', id: number) {
  const column = { transactions: 'pay_status', refunds: 'status', withdrawals: 'status', disputes: 'kind' } as const;
  const row = await trx.selectFrom(table).select(sql.ref<number>(column[table]).as('state')).where('id', '=', id).executeTakeFirst();
  return row?.state;
}

export type EventRow = {
  publicId: string;
  merchantId: number;
  gatewayId: number;
  kind: TWebhookEventKind;
  objectNo: string;
  payload: string;
};

/** The event row and one pending delivery per endpoint, due at `now`; the event's id. */
export async function insertEventRows(trx: DbOrTrx, e: EventRow, endpointIds: readonly number[], now: number): Promise<number> {
  const event = await trx
    .insertInto('webhook_events')
    .values({
      public_id: e.publicId,
      merchant_id: e.merchantId,
      gateway_id: e.gatewayId,
      kind: e.kind,
      object_no: e.objectNo,
      payload: e.payload,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (endpointIds.length > 0)
    await trx
      .insertInto('webhook_deliveries')
      .values(
        endpointIds.map((endpointId) => ({
          event_id: event.id,
          endpoint_id: endpointId,
          merchant_id: e.merchantId,
          gateway_id: e.gatewayId,
          kind: e.kind,
          object_no: e.objectNo,
          status: 'pending',
          next_attempt_at: now,
          window_start: null,
          last_http_status: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  return event.id;
}

/** The test event's delivery is sent by its request, not by the worker: not due. */
export async function holdDelivery(trx: DbOrTrx, eventId: number): Promise<number> {
  const d = await trx
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: null })
    .where('event_id', '=', eventId)
    .returning('id')
    .executeTakeFirstOrThrow();
  return d.id;
}

/** The events of one object of the kinds given, newest first, within the caller's scope. */
export function listObjectEvents(db: Db, scope: Scope, objectNo: string, kinds: readonly string[]) {
  return (
    db
      .selectFrom('webhook_events as v')
      .select(['v.id', 'v.public_id', 'v.kind', 'v.payload', 'v.created_at'])
      .where(inScope(scope, 'v'))
      .where('v.object_no', '=', objectNo)
      .where('v.kind', 'in', kinds)
      // Newest first: events are written in the order they happen.
      .orderBy('v.id', 'desc')
      .limit(100)
      .execute()
  );
}

/** The deliveries of the events given, with each one's last attempt time. */
export function listEventDeliveries(db: Db, scope: Scope, eventIds: readonly number[]) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select((eb) => [
      'd.event_id',
      'e.url',
      'd.status',
      'd.attempts',
      'd.last_http_status',
      eb
        .selectFrom('webhook_attempts as a')
        .select((a) => a.fn.max('a.at').as('at'))
        .whereRef('a.delivery_id', '=', 'd.id')
        .as('last_attempt_at'),
    ])
    .where(inScope(scope, 'd'))
    .where('d.event_id', 'in', eventIds)
    .orderBy('d.id')
    .execute();
}

/** The trade number of a case of the caller's scope. */
export async function findCaseTradeNo(db: Db, scope: Scope, caseNo: string): Promise<string | undefined> {
  const c = await db
    .selectFrom('disputes as d')
    .innerJoin('transactions as t', 't.id', 'd.transaction_id')
    .select('t.trade_no')
    .where(inScope(scope, 'd'))
    .where('d.case_no', '=', caseNo)
    .executeTakeFirst();
  return c?.trade_no;
}
