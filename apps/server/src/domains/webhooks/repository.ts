import { sql, type Updateable } from 'kysely';
import type { TListPaging } from '@mbo/shared/list';
import { WEBHOOK_DELIVERIES, type TWebhookDeliveryQuery } from '@mbo/shared/webhooks';
import type { Db, DbOrTrx } from '../../db/database';
import type { WebhookEndpointsTable } from '../../db/types';
import { keysetPage } from '../../platform/list';
import { selectFields } from '../../platform/list-fields';
import { gatewayIdFilter, inScope, type Scope } from '../../platform/scope';
import { dayRangeInZone } from '../../platform/time';

/* The webhooks domain's SQL over endpoints and the delivery log as the screens use them, every read scoped to the caller (the outbox's and the worker's: delivery-repository.ts). */

export function listEndpoints(db: Db, scope: Scope) {
  return db
    .selectFrom('webhook_endpoints as e')
    .innerJoin('gateways as g', 'g.id', 'e.gateway_id')
    .select(['e.id', 'g.gateway_no', 'e.url', 'e.kinds', 'e.enabled', 'e.disabled_reason', 'e.created_at', 'e.updated_at'])
    .where(inScope(scope, 'e'))
    .where('e.deleted_at', 'is', null)
    .orderBy('e.id')
    .execute();
}

/** The gateway numbers of the caller's scope. */
export async function listScopedGatewayNos(db: Db, scope: Scope): Promise<string[]> {
  const ids = gatewayIdFilter(scope);
  const rows = await db
    .selectFrom('gateways')
    .select('gateway_no')
    .where('merchant_id', '=', scope.merchantId)
    .$if(ids !== null, (qb) => qb.where('id', 'in', ids ?? [0]))
    .orderBy('gateway_no')
    .execute();
  return rows.map((r) => r.gateway_no);
}

export type EndpointRow = Awaited<ReturnType<typeof listEndpoints>>[number];

export function findEndpoint(db: DbOrTrx, scope: Scope, id: number) {
  return db
    .selectFrom('webhook_endpoints as e')
    .selectAll('e')
    .where(inScope(scope, 'e'))
    .where('e.id', '=', id)
    .where('e.deleted_at', 'is', null)
    .executeTakeFirst();
}

export function countEndpoints(db: DbOrTrx, merchantId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** A gateway of the caller's scope by its number. */
export function findScopedGateway(db: DbOrTrx, scope: Scope, gatewayNo: string) {
  const ids = gatewayIdFilter(scope);
  return db
    .selectFrom('gateways')
    .select(['id', 'gateway_no'])
    .where('merchant_id', '=', scope.merchantId)
    .where('gateway_no', '=', gatewayNo)
    .$if(ids !== null, (qb) => qb.where('id', 'in', ids ?? [0]))
    .executeTakeFirst();
}

export type DeliveryFilters = Omit<TWebhookDeliveryQuery, 'page' | 'limit' | 'after'>;

function filtered(db: Db, scope: Scope, f: DeliveryFilters, timezone: string) {
  const { fromMs, toMs } = dayRangeInZone(f.from, f.to, timezone);
  return db
    .selectFrom('webhook_deliveries as d')
    .where(inScope(scope, 'd'))
    .where('d.created_at', '>=', fromMs)
    .where('d.created_at', '<', toMs)
    .$if(f.kind !== undefined, (qb) => qb.where('d.kind', '=', f.kind ?? ''))
    .$if(f.status !== undefined, (qb) => qb.where('d.status', '=', f.status ?? ''))
    .$if(f.endpointId !== undefined, (qb) => qb.where('d.endpoint_id', '=', f.endpointId ?? 0));
}

function deliveryList(db: Db, scope: Scope, f: DeliveryFilters, timezone: string) {
  return {
    rows: () =>
      selectFields(
        filtered(db, scope, f, timezone)
          .innerJoin('webhook_events as v', 'v.id', 'd.event_id')
          .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id'),
        WEBHOOK_DELIVERIES.fields,
        'd',
        { eventId: 'v.public_id', url: 'e.url', lastHttpStatus: 'd.last_http_status' },
      ),
    sort: { column: 'd.created_at', id: 'd.id', direction: 'desc', value: (r: { createdAt: unknown }) => Number(r.createdAt) },
  } as const;
}

export function listDeliveries(db: Db, scope: Scope, q: DeliveryFilters & TListPaging, timezone: string) {
  return keysetPage(db, deliveryList(db, scope, q, timezone), q, { count: filtered(db, scope, q, timezone) });
}

export function findDelivery(db: DbOrTrx, scope: Scope, id: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .select(['d.id', 'd.status', 'e.enabled', 'e.deleted_at'])
    .where(inScope(scope, 'd'))
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export function listAttempts(db: Db, scope: Scope, deliveryId: number) {
  return db
    .selectFrom('webhook_attempts as a')
    .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
    .select(['a.id', 'a.at', 'a.http_status', 'a.duration_ms', 'a.answer', 'a.error'])
    .where(inScope(scope, 'd'))
    .where('a.delivery_id', '=', deliveryId)
    .orderBy('a.id', 'desc')
    .limit(200)
    .execute();
}

/** Pending again, due now, with a new retry window; only a delivery that is not pending and whose endpoint is enabled. */
export async function requeue(db: DbOrTrx, scope: Scope, where: { id: number } | { fromMs: number; toMs: number }, now: number) {
  const r = await db
    .updateTable('webhook_deliveries as d')
    .set({ status: 'pending', next_attempt_at: now, window_start: null, updated_at: now })
    .where(inScope(scope, 'd'))
    .$if('id' in where, (qb) => qb.where('d.id', '=', 'id' in where ? where.id : 0).where('d.status', '!=', 'pending'))
    .$if(!('id' in where), (qb) =>
      qb
        .where('d.status', '=', 'failed')
        .where('d.created_at', '>=', 'fromMs' in where ? where.fromMs : 0)
        .where('d.created_at', '<', 'toMs' in where ? where.toMs : 0),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('webhook_endpoints as e')
          .select(sql<number>`1`.as('one'))
          .whereRef('e.id', '=', 'd.endpoint_id')
          .where('e.enabled', '=', 1)
          .where('e.deleted_at', 'is', null),
      ),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** A new endpoint of a gateway of the merchant, enabled; its id. */
export async function insertEndpoint(
  trx: DbOrTrx,
  merchantId: number,
  gatewayId: number,
  body: { url: string; kinds: readonly string[] },
  now: number,
): Promise<number> {
  const row = await trx
    .insertInto('webhook_endpoints')
    .values({
      merchant_id: merchantId,
      gateway_id: gatewayId,
      url: body.url,
      kinds: body.kinds.join(','),
      enabled: 1,
      disabled_reason: '',
      failing_since: null,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes an endpoint found in the caller's scope (findEndpoint). */
export async function updateEndpoint(db: DbOrTrx, id: number, set: Updateable<WebhookEndpointsTable>): Promise<void> {
  await db.updateTable('webhook_endpoints').set(set).where('id', '=', id).execute();
}

export async function gatewayNoOf(db: DbOrTrx, gatewayId: number): Promise<string> {
  const row = await db.selectFrom('gateways').select('gateway_no').where('id', '=', gatewayId).executeTakeFirstOrThrow();
  return row.gateway_no;
}
