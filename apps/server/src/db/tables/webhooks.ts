import type { Generated } from 'kysely';
import type { Flag } from './columns';

/* Payment notifications (migration 0022; domains/webhooks/README.md): endpoints, the outbox of events, deliveries and their attempts. */

/** Where a merchant wants the events of one gateway sent. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  url: string;
  /** Comma-separated event kinds (WEBHOOK_EVENT_KINDS). */
  kinds: string;
  enabled: Flag;
  /** '' while enabled; 'byUser', or 'failing' when 3 days of failures disabled it. */
  disabled_reason: string;
  /** First failed attempt since the last success; null while deliveries succeed. */
  failing_since: number | null;
  /** Deleted endpoints stay for their delivery log. */
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The outbox: one row per event, written in the transaction of the change that caused it. */
export interface WebhookEventsTable {
  id: Generated<number>;
  /** The id a receiver sees (evt_...), stable across retries and resends. */
  public_id: string;
  merchant_id: number;
  gateway_id: number;
  kind: string;
  /** The object's number (trade, refund, case, batch, withdrawal or link), the unit of ordering. */
  object_no: string;
  /** JSON of the object as the API shows it when the event happened. */
  payload: string;
  created_at: number;
}

/** One event to one endpoint: its state and when it is tried next. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  event_id: number;
  endpoint_id: number;
  merchant_id: number;
  gateway_id: number;
  kind: string;
  object_no: string;
  /** 'pending', 'delivered' or 'failed'. */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  /** Start of the 3-day retry window: the first attempt since creation or the last resend (null before it). */
  window_start: number | null;
  last_http_status: number | null;
  last_error: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** One HTTP attempt of a delivery. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  merchant_id: number;
  at: number;
  http_status: number | null;
  duration_ms: number;
  /** The first 2 KB of the answer's body. */
  answer: string;
  error: string;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
