import { z } from 'zod';
import { ZBlacklistAdd } from './risk';

/*
 * A blacklist entry tried on the past before it goes live (issue 49 §3): what it would have declined
 * over the last BACKTEST_DAYS days, read with the same matching as the gateway path.
 */

/** Days of payments a backtest reads (the window ends now). */
export const BACKTEST_DAYS = 90;

export const RiskBacktestPath = {
  /** POST: what the entry (type, value) would have declined (Blacklist:Edit, as adding it). */
  blacklist: '/blacklist/backtest',
} as const;

export const ZBlacklistBacktestBody = ZBlacklistAdd.pick({ type: true, value: true });
export type TBlacklistBacktestBody = z.infer<typeof ZBlacklistBacktestBody>;

/** Minor units per currency, in currency order. */
const ZAmounts = z.array(z.object({ currency: z.string(), amount: z.number().int() }));
const ZCounted = z.object({ count: z.number().int(), amounts: ZAmounts });

export const ZRuleBacktest = z.object({
  /** The window read, ISO instants [from, to). */
  from: z.string(),
  to: z.string(),
  /** Payments the rule would have declined that risk control let through. */
  declined: ZCounted,
  /** Of those, the ones that were paid (sales the rule would have stopped). */
  successful: ZCounted,
  /** Of those declined, payments that drew a chargeback. */
  chargebacks: z.number().int(),
  /** Of those declined, payments reported as fraud by the issuer (TC40/SAFE). */
  fraudReports: z.number().int(),
  /** Paid payments with no chargeback, fraud report, retrieval or alert: good customers turned away. */
  goodCustomers: ZCounted,
  /** Matching payments risk control had declined anyway (the rule changes nothing for them). */
  alreadyDeclined: z.number().int(),
});
export type TRuleBacktest = z.infer<typeof ZRuleBacktest>;
