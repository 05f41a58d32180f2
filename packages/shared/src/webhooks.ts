import { z } from 'zod';
import { checkDateRange, dateRangeFilters, ZDate } from './date-range';
import { opt } from './list';
import { defineList, field } from './list-fields';

/** Payment notifications (issue 51), screen /webhook/showWebhooks under System: paths under /v3api. */
export const WebhookPath = {
  /** GET: the merchant's endpoints (every gateway the caller sees). */
  endpoints: '/webhook/endpoints',
  /** POST {gatewayNo, url, kinds}: a new endpoint (Webhook:Edit). */
  endpointAdd: '/webhook/endpointAdd',
  /** POST {id, url, kinds}: change an endpoint (Webhook:Edit). */
  endpointEdit: '/webhook/endpointEdit',
  /** POST {id, enabled}: enable or disable an endpoint (Webhook:Edit). */
  endpointEnable: '/webhook/endpointEnable',
  /** POST {id}: delete an endpoint; its delivery log stays (Webhook:Edit). */
  endpointDelete: '/webhook/endpointDelete',
  /** POST {id}: send a signed test event now and answer what the endpoint answered (Webhook:Edit). */
  endpointTest: '/webhook/endpointTest',
  /** GET: the delivery log, one row per event and endpoint (list kit). */
  deliveries: '/webhook/deliveries',
  /** GET ?deliveryId=: every attempt of one delivery. */
  attempts: '/webhook/attempts',
  /** POST {deliveryId}: deliver one event again (Webhook:Edit). */
  resend: '/webhook/resend',
  /** POST {from, to}: deliver again every failed event of a period (Webhook:Edit). */
  resendFailed: '/webhook/resendFailed',
  /** GET ?tradeNo=: the events of one payment with their deliveries (the transaction drawers). */
  tradeEvents: '/webhook/tradeEvents',
  /** GET ?refundNo=: the events of one refund with their deliveries (the refund drawer). */
  refundEvents: '/webhook/refundEvents',
  /** GET ?caseNo=: the events of one case with their deliveries (the dispute drawer). */
  caseEvents: '/webhook/caseEvents',
} as const;

/** What a merchant may subscribe to; `test` is only sent by the test button. */
export const WEBHOOK_EVENT_KINDS = [
  'payment.succeeded',
  'payment.failed',
  'refund.succeeded',
  'refund.failed',
  'chargeback.opened',
  'chargeback.decided',
  'retrieval.opened',
  'retrieval.decided',
  'alert.rdr',
  'alert.ethoca',
  'settlement.credited',
  'withdrawal.paid',
  'withdrawal.failed',
  'paymentLink.paid',
] as const;
export type TWebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number] | 'test';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Headers of every delivery. The signature is HMAC-SHA256 (hex) of `${timestamp}.${body}` with the merchant's sign key. */
export const WEBHOOK_HEADERS = {
  id: 'x-webhook-id',
  timestamp: 'x-webhook-timestamp',
  signature: 'x-webhook-signature',
} as const;

export const WEBHOOK_URL_MAX = 500;
/** Endpoints per merchant. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** Characters of an endpoint's answer kept per attempt. */
export const WEBHOOK_ANSWER_MAX = 2048;

/** An http(s) URL; whether http and local hosts are allowed is the server's decision (production: https, public hosts). */
const zUrl = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_URL_MAX)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' && !/\s/.test(s);
    } catch {
      return false;
    }
  }, 'webhook.badUrl');

const zKinds = z
  .array(z.enum(WEBHOOK_EVENT_KINDS))
  .max(WEBHOOK_EVENT_KINDS.length)
  .refine((kinds) => kinds.length > 0, 'webhook.kindsRequired')
  .transform((kinds) => [...new Set(kinds)]);

const zId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const ZWebhookEndpointAdd = z.object({
  gatewayNo: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/),
  url: zUrl,
  kinds: zKinds,
});
export type TWebhookEndpointAdd = z.infer<typeof ZWebhookEndpointAdd>;

export const ZWebhookEndpointEdit = z.object({ id: zId, url: zUrl, kinds: zKinds });
export type TWebhookEndpointEdit = z.infer<typeof ZWebhookEndpointEdit>;
export const ZWebhookEndpointEnable = z.object({ id: zId, enabled: z.boolean() });
export const ZWebhookIdBody = z.object({ id: zId });

export const ZWebhookEndpoint = z.object({
  id: z.number().int(),
  gatewayNo: z.string(),
  /** The URL with its query string and password hidden (the full one is never sent back). */
  url: z.string(),
  kinds: z.array(z.string()),
  enabled: z.boolean(),
  /** Why it is disabled: '' (enabled), 'byUser', or 'failing' (3 days of failed deliveries). */
  disabledReason: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;
/** The endpoints, and the gateway numbers the caller may add one for. */
export const ZWebhookEndpointList = z.object({ list: z.array(ZWebhookEndpoint), gateways: z.array(z.string()) });

/** What one attempt got: an HTTP status (null when none came), the time it took, the start of the answer or the error. */
export const ZWebhookAttempt = z.object({
  id: z.number().int(),
  at: z.string(),
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  answer: z.string(),
  error: z.string(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;
export const ZWebhookAttemptList = z.object({ list: z.array(ZWebhookAttempt) });
export const ZWebhookAttemptsQuery = z.object({ deliveryId: zId });

/** The delivery log, declared once (list-fields.ts): one row per event and endpoint, today's first. */
export const WEBHOOK_DELIVERIES = defineList({
  fields: {
    id: field.count(),
    eventId: field.text(),
    kind: field.textCode('webhooks.kind', 'webhooks.kinds'),
    /** The object the event is about: a trade, refund, case, batch, withdrawal or link number. */
    objectNo: field.text('webhooks.object'),
    endpointId: field.count(),
    url: field.text('webhooks.url'),
    status: field.textCode('webhooks.status', 'webhooks.statuses', z.enum(WEBHOOK_DELIVERY_STATUSES)),
    attempts: field.count('webhooks.attempts'),
    lastHttpStatus: field.data(z.number().int().nullable(), 'webhooks.lastAnswer'),
    lastError: field.text(),
    nextAttemptAt: field.timeOrNull('webhooks.nextAttempt'),
    createdAt: field.time('webhooks.createdAt'),
  },
  ...dateRangeFilters({
    kind: opt(z.enum([...WEBHOOK_EVENT_KINDS, 'test'])),
    status: opt(z.enum(WEBHOOK_DELIVERY_STATUSES)),
    endpointId: opt(zId),
  }),
  days: 1,
});
export const { query: ZWebhookDeliveryQuery, row: ZWebhookDelivery, page: ZWebhookDeliveryPage } = WEBHOOK_DELIVERIES;
export type TWebhookDeliveryQuery = z.infer<typeof ZWebhookDeliveryQuery>;
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookResend = z.object({ deliveryId: zId });
export const ZWebhookResendFailed = z.object({ from: ZDate, to: ZDate }).superRefine(checkDateRange);
export const ZWebhookResendResult = z.object({ queued: z.number().int() });

export const ZWebhookTestResult = z.object({
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  answer: z.string(),
  error: z.string(),
});
export type TWebhookTestResult = z.infer<typeof ZWebhookTestResult>;

const zObjectNo = z.string().trim().min(1).max(64);
export const ZWebhookTradeEventsQuery = z.object({ tradeNo: zObjectNo });
export const ZWebhookRefundEventsQuery = z.object({ refundNo: zObjectNo });
export const ZWebhookCaseEventsQuery = z.object({ caseNo: zObjectNo });

/** One event of an object, as a drawer's "Notifications" section shows it, with one delivery per endpoint. */
export const ZWebhookObjectEvent = z.object({
  eventId: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  deliveries: z.array(
    z.object({
      url: z.string(),
      status: z.enum(WEBHOOK_DELIVERY_STATUSES),
      attempts: z.number().int(),
      lastHttpStatus: z.number().int().nullable(),
      lastAttemptAt: z.string().nullable(),
    }),
  ),
});
export type TWebhookObjectEvent = z.infer<typeof ZWebhookObjectEvent>;
export const ZWebhookObjectEvents = z.object({ list: z.array(ZWebhookObjectEvent) });
export type TWebhookObjectEvents = z.infer<typeof ZWebhookObjectEvents>;
