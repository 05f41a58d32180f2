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
