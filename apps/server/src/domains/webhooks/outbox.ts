import { randomBytes } from 'node:crypto';
import { WithdrawalStatus } from '@mbo/shared/funds';
import { DisputeKind, PayStatus, RefundProcessing } from '@mbo/shared/trade-enums';
import type { TWebhookEventKind } from '@mbo/shared/webhooks';
import type { DbOrTrx, Trx } from '../../db/database';
import { insertEventRows, listeningEndpoints, stateOf, type ObjectTable } from './delivery-repository';
import { READERS, type ObjectType, type WebhookObject } from './event-objects';

/*
 * The outbox (README.md "Events"). A write path that causes an event calls `emitWebhookEvent` inside its
 * own transaction: the event row, made of the object as it is now, and one delivery per enabled endpoint
 * of the gateway that wants the kind are inserted there, so they commit or roll back with the change.
 * The object is read here (event-objects.ts), so the calling domain only names it; the SQL is in
 * delivery-repository.ts.
 */

/** Which table a kind's object is in. */
const OBJECT_OF_KIND: Record<Exclude<TWebhookEventKind, 'test'>, ObjectType> = {
  'payment.succeeded': 'transaction',
  'payment.failed': 'transaction',
  'refund.succeeded': 'refund',
  'refund.failed': 'refund',
  'chargeback.opened': 'dispute',
  'chargeback.decided': 'dispute',
  'retrieval.opened': 'dispute',
  'retrieval.decided': 'dispute',
  'alert.rdr': 'dispute',
  'alert.ethoca': 'dispute',
  'settlement.credited': 'settlementBatch',
  'withdrawal.paid': 'withdrawal',
  'withdrawal.failed': 'withdrawal',
  'paymentLink.paid': 'transaction',
};

export function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

/**
 * Writes the event of `kind` about the object with `objectId` (a transaction, refund, case, settlement
 * batch or withdrawal id, as the kind says) and its deliveries, in `trx`. Nothing is written when no
 * enabled endpoint of the object's gateway wants the kind: an event nobody asked for is not kept.
 */
export async function emitWebhookEvent(
  trx: Trx,
  kind: Exclude<TWebhookEventKind, 'test'> | null,
  objectId: number,
  now: number,
): Promise<void> {
  if (kind === null) return;
  const endpoints = await listeningEndpoints(trx, tableOf(OBJECT_OF_KIND[kind]), objectId);
  const wanted = endpoints.filter((e) => e.kinds.split(',').includes(kind));
  if (wanted.length === 0) return;
  const object = await READERS[OBJECT_OF_KIND[kind]](trx, objectId);
  if (!object) return;
  await insertEvent(
    trx,
    kind,
    object,
    wanted.map((e) => e.id),
    now,
  );
}

function tableOf(type: ObjectType): ObjectTable {
  return (
    {
      transaction: 'transactions',
      refund: 'refunds',
      dispute: 'disputes',
      settlementBatch: 'settlement_batches',
      withdrawal: 'withdrawals',
    } as const
  )[type];
}

/** The event row and one pending delivery per endpoint, due at once. */
export async function insertEvent(
  trx: DbOrTrx,
  kind: TWebhookEventKind,
  object: WebhookObject,
  endpointIds: readonly number[],
  now: number,
): Promise<number> {
  const row = {
    publicId: newEventId(),
    merchantId: object.merchantId,
    gatewayId: object.gatewayId,
    kind,
    objectNo: object.objectNo,
    payload: JSON.stringify(object.data),
  };
  return insertEventRows(trx, row, endpointIds, now);
}

/*
 * The calls of the write paths: each reads the state its object was just given in the caller's
 * transaction and names the event of that state (none for a state no event is about).
 */

/** A gateway record: payment succeeded, or failed (3-D Secure refusal included). */
export async function emitPaymentEvent(trx: Trx, transactionId: number, now: number): Promise<void> {
  const payStatus = await stateOf(trx, 'transactions', transactionId);
  const kind =
    payStatus === PayStatus.success
      ? 'payment.succeeded'
      : payStatus === PayStatus.failed || payStatus === PayStatus.threeDRefused
        ? 'payment.failed'
        : null;
  await emitWebhookEvent(trx, kind, transactionId, now);
}

/** A refund that reached its end: refunded or failed. */
export async function emitRefundEvent(trx: Trx, refundId: number, now: number): Promise<void> {
  const status = await stateOf(trx, 'refunds', refundId);
  const kind = status === RefundProcessing.refunded ? 'refund.succeeded' : status === RefundProcessing.failed ? 'refund.failed' : null;
  await emitWebhookEvent(trx, kind, refundId, now);
}

const CASE_EVENTS: Record<number, { opened: Exclude<TWebhookEventKind, 'test'>; decided: Exclude<TWebhookEventKind, 'test'> | null }> = {
  [DisputeKind.chargeback]: { opened: 'chargeback.opened', decided: 'chargeback.decided' },
  [DisputeKind.retrieval]: { opened: 'retrieval.opened', decided: 'retrieval.decided' },
  [DisputeKind.rdrAlert]: { opened: 'alert.rdr', decided: null },
  [DisputeKind.ethocaAlert]: { opened: 'alert.ethoca', decided: null },
};

/** A case opened (chargeback, retrieval, RDR or Ethoca alert; a fraud report is no event) or its appeal decided. */
export async function emitCaseEvent(trx: Trx, caseId: number, step: 'opened' | 'decided', now: number): Promise<void> {
  const caseKind = await stateOf(trx, 'disputes', caseId);
  await emitWebhookEvent(trx, caseKind === undefined ? null : (CASE_EVENTS[caseKind]?.[step] ?? null), caseId, now);
}

/** A withdrawal paid out or failed. */
export async function emitWithdrawalEvent(trx: Trx, withdrawalId: number, now: number): Promise<void> {
  const status = await stateOf(trx, 'withdrawals', withdrawalId);
  const kind = status === WithdrawalStatus.success ? 'withdrawal.paid' : status === WithdrawalStatus.failed ? 'withdrawal.failed' : null;
  await emitWebhookEvent(trx, kind, withdrawalId, now);
}
