import { AppealStatus, DisputeKind, ProcessingType } from '@mbo/shared/trade-enums';

/*
 * What a case still expects from the merchant. The rows' `canAppeal` / `canAlertRefund`, the refusals
 * of the appeal and alert-refund actions, and the list's `open` view (repository.ts, in SQL) all read
 * these, so a case the list shows as open is one the merchant can act on.
 */

/** A chargeback (first or turned from a retrieval) with no appeal yet can be appealed until its reply deadline. */
export const APPEALABLE = {
  kind: DisputeKind.chargeback,
  processingTypes: [ProcessingType.chargeback, ProcessingType.retrievalToChargeback],
  appealStatus: AppealStatus.none,
} as const;

/** An Ethoca alert not refunded yet can be refunded until its deadline. */
export const ALERT_REFUNDABLE_KIND = DisputeKind.ethocaAlert;

export function isAppealable(
  d: { kind: number; processing_type: number; appeal_status: number; reply_deadline: number | null },
  now: number,
): boolean {
  return (
    d.kind === APPEALABLE.kind &&
    (APPEALABLE.processingTypes as readonly number[]).includes(d.processing_type) &&
    d.appeal_status === APPEALABLE.appealStatus &&
    d.reply_deadline !== null &&
    d.reply_deadline > now
  );
}

/** Every Ethoca alert is raised with a deadline (48 hours by default); one without would stay refundable. */
export function isAlertRefundable(d: { kind: number; refund_id: number | null; reply_deadline: number | null }, now: number): boolean {
  return d.kind === ALERT_REFUNDABLE_KIND && d.refund_id === null && (d.reply_deadline === null || d.reply_deadline > now);
}
