import { describe, expect, it } from 'vitest';
import { DISPUTE_REASON_KEYS, disputeReasonKeyOf, GATEWAY_TEXT_KEYS, gatewayTextOf, splitRiskRules } from './gateway-texts';

describe('gateway texts', () => {
  it('names the catalog key of a known response, keeping its response code', () => {
    expect(gatewayTextOf('51 Insufficient funds')).toEqual({ code: '51', key: 'insufficientFunds', raw: '51 Insufficient funds' });
    expect(gatewayTextOf('Declined by risk control')).toMatchObject({ code: null, key: 'riskDeclined' });
    expect(gatewayTextOf('3DS authentication failed').key).toBe('threeDsFailed');
    expect(gatewayTextOf('  approved ').key).toBe('approved');
  });

  it('leaves an unknown text as the gateway sent it', () => {
    expect(gatewayTextOf('99 Something new')).toEqual({ code: '99', key: null, raw: '99 Something new' });
  });

  it('knows a key for every text it maps', () => {
    expect(new Set(GATEWAY_TEXT_KEYS).size).toBe(GATEWAY_TEXT_KEYS.length);
    expect(splitRiskRules('R001, R003,,')).toEqual(['R001', 'R003']);
  });

  it('names the catalog key of a scheme dispute reason, whatever its case', () => {
    expect(disputeReasonKeyOf('Cardholder Does Not Recognize')).toBe('notRecognized');
    expect(disputeReasonKeyOf('goods/services not received')).toBe('notReceived');
    expect(disputeReasonKeyOf('Something else')).toBeNull();
    expect(new Set(DISPUTE_REASON_KEYS).size).toBe(DISPUTE_REASON_KEYS.length);
  });
});
