import type { TWebhookDeliveryStatus, TWebhookObjectEvent } from '@mbo/shared/webhooks';
import type { Db } from '../../db/database';
import type { Scope } from '../../platform/scope';
import { toIso } from '../../platform/time';
import { findCaseTradeNo, listEventDeliveries, listObjectEvents } from './delivery-repository';
import { maskUrl } from './sender';

/*
 * The events of one payment, refund or case with their deliveries, for the "Notifications" section of
 * the drawers (README.md "In the drawers"). Events store their object by number (`object_no`): a
 * payment's and a case's events both by the trade number, so the kind tells them apart and a case's own
 * number is read from the event's body.
 */

const TRADE_KINDS = ['payment.succeeded', 'payment.failed', 'paymentLink.paid'];
const REFUND_KINDS = ['refund.succeeded', 'refund.failed'];
const CASE_KINDS = ['chargeback.opened', 'chargeback.decided', 'retrieval.opened', 'retrieval.decided', 'alert.rdr', 'alert.ethoca'];

async function eventsOf(db: Db, scope: Scope, objectNo: string, kinds: readonly string[]) {
  const events = await listObjectEvents(db, scope, objectNo, kinds);
  if (events.length === 0) return [];
  const deliveries = await listEventDeliveries(
    db,
    scope,
    events.map((v) => v.id),
  );
  return events.map((v) => ({
    payload: v.payload,
    event: {
      eventId: v.public_id,
      kind: v.kind,
      createdAt: toIso(v.created_at),
      deliveries: deliveries
        .filter((d) => d.event_id === v.id)
        .map((d) => ({
          url: maskUrl(d.url),
          status: d.status as TWebhookDeliveryStatus,
          attempts: d.attempts,
          lastHttpStatus: d.last_http_status,
          lastAttemptAt: d.last_attempt_at === null ? null : toIso(Number(d.last_attempt_at)),
        })),
    } satisfies TWebhookObjectEvent,
  }));
}

export async function tradeEvents(db: Db, scope: Scope, tradeNo: string): Promise<TWebhookObjectEvent[]> {
  return (await eventsOf(db, scope, tradeNo, TRADE_KINDS)).map((e) => e.event);
}

export async function refundEvents(db: Db, scope: Scope, refundNo: string): Promise<TWebhookObjectEvent[]> {
  return (await eventsOf(db, scope, refundNo, REFUND_KINDS)).map((e) => e.event);
}

export async function caseEvents(db: Db, scope: Scope, caseNo: string): Promise<TWebhookObjectEvent[]> {
  const tradeNo = await findCaseTradeNo(db, scope, caseNo);
  if (tradeNo === undefined) return [];
  const events = await eventsOf(db, scope, tradeNo, CASE_KINDS);
  // Other cases of the same trade share its number: keep this case's events only.
  return events.filter((e) => (JSON.parse(e.payload) as { caseNo?: string }).caseNo === caseNo).map((e) => e.event);
}
