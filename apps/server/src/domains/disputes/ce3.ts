import {
  CE3_ELEMENTS,
  CE3_MISSING,
  type TCe3Element,
  type TCe3Missing,
  type TCe3Prior,
  type TCe3Result,
} from '@mbo/shared/dispute-evidence';
import { DAY_MS, toIso } from '../../platform/time';

/*
 * Visa Compelling Evidence 3.0 for reason code 10.4 (issue 49): the case can be answered with the
 * merchant's own history when at least two prior undisputed transactions on the same card, 120 to 365
 * days before the dispute, each share at least two of user ID, shipping address, IP address and device
 * ID with the disputed one, and one of the shared elements is the IP address or the device ID.
 * No I/O: the repository hands in the rows, this decides.
 */

/** What CE 3.0 compares of a transaction. Empty strings and nulls are "not known" and never match. */
export type Ce3Trade = {
  tradeNo: string;
  /** Scheme, first six and last four digits: the product never stores more of a card. */
  card: string;
  createdAt: number;
  userId: string | null;
  shippingAddress: string | null;
  ip: string | null;
  deviceId: string | null;
};

export type Ce3Prior = Ce3Trade & {
  /** Any chargeback, fraud report or alert on it: a disputed transaction cannot vouch for the card. */
  disputed: boolean;
};

/** The settings of the rule (Visa may move them; the numbers are not written inline). */
export const CE3_RULE = { minDays: 120, maxDays: 365, minPriors: 2, minElements: 2 } as const;

const norm = (v: string | null): string => (v ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

const VALUE_OF: Record<TCe3Element, (t: Ce3Trade) => string> = {
  userId: (t) => norm(t.userId),
  shippingAddress: (t) => norm(t.shippingAddress),
  ip: (t) => norm(t.ip),
  deviceId: (t) => norm(t.deviceId),
};

/** The elements both transactions hold with the same value. */
export function sharedElements(a: Ce3Trade, b: Ce3Trade): TCe3Element[] {
  return CE3_ELEMENTS.filter((e) => {
    const v = VALUE_OF[e](a);
    return v !== '' && v === VALUE_OF[e](b);
  });
}

/** Whole days from a prior transaction to the dispute (a transaction 119 days and 23 hours before is 119 days). */
export const daysBefore = (disputeAt: number, at: number): number => Math.floor((disputeAt - at) / DAY_MS);

/**
 * Eligibility of `disputed` (raised as a dispute at `disputeAt`) from the merchant's `priors`. The
 * conditions are applied in turn; `missing` names the first one that leaves fewer than two
 * transactions, so the merchant reads which element their history lacks.
 */
export function checkCe3(disputed: Ce3Trade, disputeAt: number, priors: readonly Ce3Prior[], rule = CE3_RULE): TCe3Result {
  const stages: Record<TCe3Missing, (p: Ce3Prior) => boolean> = {
    sameCard: (p) => p.tradeNo !== disputed.tradeNo && p.card !== '' && p.card === disputed.card,
    window: (p) => {
      const d = daysBefore(disputeAt, p.createdAt);
      return d >= rule.minDays && d <= rule.maxDays;
    },
    undisputed: (p) => !p.disputed,
    twoElements: (p) => sharedElements(disputed, p).length >= rule.minElements,
    ipOrDevice: (p) => sharedElements(disputed, p).some((e) => e === 'ip' || e === 'deviceId'),
  };
  let left = [...priors];
  const counts = {} as Record<TCe3Missing, number>;
  let missing: TCe3Missing | null = null;
  for (const stage of CE3_MISSING) {
    left = left.filter(stages[stage]);
    counts[stage] = left.length;
    if (missing === null && left.length < rule.minPriors) missing = stage;
  }
  const qualifying: TCe3Prior[] = left
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((p) => ({
      tradeNo: p.tradeNo,
      createdAt: toIso(p.createdAt),
      daysBefore: daysBefore(disputeAt, p.createdAt),
      matched: sharedElements(disputed, p),
    }));
  return { eligible: missing === null, missing, counts, qualifying };
}
