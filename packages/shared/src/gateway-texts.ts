/**
 * Texts that come from the card gateway (its response message, the risk rules a payment failed) are
 * stored as the gateway sent them, in English. Screens and exports show the known ones in the
 * reader's language: `gatewayTextOf` splits a leading ISO 8583 response code off ("51 Insufficient
 * funds" -> code "51") and names the text's catalog key; an unknown text is shown as it came.
 */
export const GATEWAY_TEXT_KEYS = [
  'approved',
  'declined',
  'doNotHonour',
  'insufficientFunds',
  'expiredCard',
  'invalidCardNumber',
  'notPermitted',
  'threeDsFailed',
  'awaitingIssuer',
  'notCompleted',
  'awaitingCapture',
  'riskDeclined',
  'counterfeit',
] as const;
export type TGatewayTextKey = (typeof GATEWAY_TEXT_KEYS)[number];

const KNOWN: Readonly<Record<string, TGatewayTextKey>> = {
  approved: 'approved',
  declined: 'declined',
  'do not honour': 'doNotHonour',
  'do not honor': 'doNotHonour',
  'insufficient funds': 'insufficientFunds',
  'expired card': 'expiredCard',
  'invalid card number': 'invalidCardNumber',
  'transaction not permitted': 'notPermitted',
  '3ds authentication failed': 'threeDsFailed',
  'awaiting issuer confirmation': 'awaitingIssuer',
  'payment not completed by cardholder': 'notCompleted',
  'pre-authorization awaiting capture': 'awaitingCapture',
  'declined by risk control': 'riskDeclined',
  'counterfeit card detected': 'counterfeit',
};

export type TGatewayText = { code: string | null; key: TGatewayTextKey | null; raw: string };

export function gatewayTextOf(raw: string): TGatewayText {
  const m = /^(\d{2})\s+(.+)$/.exec(raw.trim());
  const code = m ? (m[1] ?? null) : null;
  const text = (m ? (m[2] ?? '') : raw).trim().toLowerCase();
  return { code, key: KNOWN[text] ?? null, raw };
}

/** The risk rule codes a declined payment failed, from the stored comma-separated list. */
export function splitRiskRules(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Dispute reasons as the card schemes word them (stored in English), by catalog key. */
export const DISPUTE_REASON_KEYS = [
  'cardAbsentFraud',
  'notReceived',
  'notAsDescribed',
  'duplicateProcessing',
  'noAuthorization',
  'cardholderDispute',
  'notRecognized',
  'pointOfInteractionError',
  'authorizationDeclined',
  'cardNotPresent',
  'counterfeitFraud',
  'receiptRequested',
  'issuerFraudReport',
  'rdrRefund',
  'ethocaFraudAlert',
] as const;
export type TDisputeReasonKey = (typeof DISPUTE_REASON_KEYS)[number];

const KNOWN_REASONS: Readonly<Record<string, TDisputeReasonKey>> = {
  'other fraud - card-absent environment': 'cardAbsentFraud',
  'merchandise/services not received': 'notReceived',
  'goods/services not received': 'notReceived',
  'not as described or defective merchandise': 'notAsDescribed',
  'duplicate processing': 'duplicateProcessing',
  'no cardholder authorization': 'noAuthorization',
  'cardholder dispute': 'cardholderDispute',
  'cardholder disputes transaction': 'cardholderDispute',
  'cardholder does not recognize': 'notRecognized',
  'cardholder does not recognize transaction': 'notRecognized',
  'point-of-interaction error': 'pointOfInteractionError',
  'authorization request declined': 'authorizationDeclined',
  'card not present': 'cardNotPresent',
  'counterfeit card fraud': 'counterfeitFraud',
  'copy of sales receipt requested': 'receiptRequested',
  'issuer fraud report': 'issuerFraudReport',
  'rapid dispute resolution refund': 'rdrRefund',
  'issuer confirmed fraud alert': 'ethocaFraudAlert',
};

/** The catalog key of a scheme's dispute reason, or null for a reason the catalog does not know. */
export function disputeReasonKeyOf(reason: string): TDisputeReasonKey | null {
  return KNOWN_REASONS[reason.trim().toLowerCase()] ?? null;
}
