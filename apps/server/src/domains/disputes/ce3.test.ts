import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../platform/time';
import { checkCe3, type Ce3Prior, type Ce3Trade } from './ce3';

/* Visa CE 3.0 eligibility, case by case around each condition (issue 49 §1). */

const DISPUTE_AT = Date.UTC(2026, 10, 20, 10, 0, 0);
const CARD = 'VISA 411111 1111';

const disputed: Ce3Trade = {
  tradeNo: 'T-DISPUTED',
  card: CARD,
  createdAt: DISPUTE_AT - 10 * DAY_MS,
  userId: 'cust-42',
  shippingAddress: '1 Harbour Road, Hong Kong',
  ip: '203.0.113.7',
  deviceId: 'dev-abc',
};

/** A prior on the same card, `days` whole days before the dispute, sharing what `overrides` does not change. */
function prior(no: string, days: number, overrides: Partial<Ce3Prior> = {}): Ce3Prior {
  return { ...disputed, tradeNo: no, createdAt: DISPUTE_AT - days * DAY_MS - 60_000, disputed: false, ...overrides };
}

const noUser = { userId: null, shippingAddress: '9 Other Street' };

type Case = { name: string; priors: Ce3Prior[]; eligible: boolean; missing: string | null; qualifying: string[] };

const CASES: Case[] = [
  {
    name: 'two priors at 120 and 365 days sharing all four elements',
    priors: [prior('A', 120), prior('B', 365)],
    eligible: true,
    missing: null,
    qualifying: ['A', 'B'],
  },
  { name: '119 days is too recent', priors: [prior('A', 119), prior('B', 200)], eligible: false, missing: 'window', qualifying: ['B'] },
  { name: '366 days is too old', priors: [prior('A', 366), prior('B', 200)], eligible: false, missing: 'window', qualifying: ['B'] },
  { name: 'only one prior transaction', priors: [prior('A', 200)], eligible: false, missing: 'sameCard', qualifying: ['A'] },
  {
    name: 'one shared element (the IP) is not enough',
    priors: [prior('A', 200, { ...noUser, deviceId: 'other' }), prior('B', 210)],
    eligible: false,
    missing: 'twoElements',
    qualifying: ['B'],
  },
  {
    name: 'two shared elements, IP and device, pass without user ID or address',
    priors: [prior('A', 200, noUser), prior('B', 210, noUser)],
    eligible: true,
    missing: null,
    qualifying: ['A', 'B'],
  },
  {
    name: 'two shared elements without IP or device (user ID and address)',
    priors: [prior('A', 200, { ip: '198.51.100.1', deviceId: 'dev-x' }), prior('B', 210, { ip: '198.51.100.2', deviceId: null })],
    eligible: false,
    missing: 'ipOrDevice',
    qualifying: [],
  },
  {
    name: 'user ID and device ID (no IP) qualify',
    priors: [prior('A', 200, { ip: '198.51.100.1', shippingAddress: '' }), prior('B', 300, { ip: null, shippingAddress: null })],
    eligible: true,
    missing: null,
    qualifying: ['A', 'B'],
  },
  {
    name: 'a disputed prior transaction does not count',
    priors: [prior('A', 200), prior('B', 210, { disputed: true })],
    eligible: false,
    missing: 'undisputed',
    qualifying: ['A'],
  },
  {
    name: 'another card does not count',
    priors: [prior('A', 200), prior('B', 210, { card: 'VISA 411111 2222' })],
    eligible: false,
    missing: 'sameCard',
    qualifying: ['A'],
  },
  {
    name: 'empty values never match each other',
    priors: [
      prior('A', 200, { userId: '', shippingAddress: '', ip: '', deviceId: 'dev-abc' }),
      prior('B', 210, { userId: '', shippingAddress: '', ip: '', deviceId: 'dev-abc' }),
    ],
    eligible: false,
    missing: 'twoElements',
    qualifying: [],
  },
  {
    name: 'address compared without case or extra spaces',
    priors: [prior('A', 200, { shippingAddress: ' 1  HARBOUR road, hong kong ', ip: null, userId: null }), prior('B', 210)],
    eligible: true,
    missing: null,
    qualifying: ['A', 'B'],
  },
  {
    name: 'the disputed transaction itself is not a prior',
    priors: [{ ...disputed, disputed: false }, prior('B', 210)],
    eligible: false,
    missing: 'sameCard',
    qualifying: ['B'],
  },
  { name: 'no history at all', priors: [], eligible: false, missing: 'sameCard', qualifying: [] },
];

describe('Compelling Evidence 3.0 eligibility', () => {
  it.each(CASES)('$name', (c) => {
    const r = checkCe3(disputed, DISPUTE_AT, c.priors);
    expect(r.eligible).toBe(c.eligible);
    expect(r.missing).toBe(c.missing);
    // What is listed: the priors passing every condition (even when fewer than two), newest first.
    expect(r.qualifying.map((q) => q.tradeNo).sort()).toEqual(c.qualifying);
  });

  it('lists each qualifying transaction with its age and the shared elements', () => {
    const r = checkCe3(disputed, DISPUTE_AT, [prior('A', 200, noUser), prior('B', 120)]);
    expect(r.qualifying).toEqual([
      {
        tradeNo: 'B',
        createdAt: new Date(DISPUTE_AT - 120 * DAY_MS - 60_000).toISOString(),
        daysBefore: 120,
        matched: ['userId', 'shippingAddress', 'ip', 'deviceId'],
      },
      { tradeNo: 'A', createdAt: new Date(DISPUTE_AT - 200 * DAY_MS - 60_000).toISOString(), daysBefore: 200, matched: ['ip', 'deviceId'] },
    ]);
    expect(r.counts).toEqual({ sameCard: 2, window: 2, undisputed: 2, twoElements: 2, ipOrDevice: 2 });
  });

  it('counts how many priors pass each condition in turn', () => {
    const r = checkCe3(disputed, DISPUTE_AT, [
      prior('A', 50),
      prior('B', 200, { disputed: true }),
      prior('C', 210),
      prior('D', 220, { card: 'x' }),
    ]);
    expect(r.counts).toEqual({ sameCard: 3, window: 2, undisputed: 1, twoElements: 1, ipOrDevice: 1 });
    expect(r.missing).toBe('undisputed');
  });
});
