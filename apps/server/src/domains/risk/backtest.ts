import { ErrorCode } from '@mbo/shared/envelope';
import { normalizeBlacklistValue } from '@mbo/shared/risk';
import { BACKTEST_DAYS, type TBlacklistBacktestBody, type TRuleBacktest } from '@mbo/shared/risk-backtest';
import { PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { DAY_MS, toIso } from '../../platform/time';
import { findBacktestCandidates } from './backtest-repository';
import { blacklistKeysOf } from './service';

/*
 * A blacklist entry tried on the last BACKTEST_DAYS days before it is added (issue 49 §3). A payment
 * counts when the gateway path's matcher (blacklistKeysOf, what screenPayment checks) finds the
 * entry's type and value on it: the backtest cannot say anything the live check would not do.
 */

type Tally = { count: number; byCurrency: Map<string, number> };
const tally = (): Tally => ({ count: 0, byCurrency: new Map() });
function addTo(t: Tally, currency: string, amount: number) {
  t.count += 1;
  t.byCurrency.set(currency, (t.byCurrency.get(currency) ?? 0) + amount);
}
const counted = (t: Tally) => ({
  count: t.count,
  amounts: [...t.byCurrency.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount })),
});

export async function backtestBlacklistEntry(db: Db, scope: Scope, body: TBlacklistBacktestBody, now: number): Promise<TRuleBacktest> {
  // The value as adding it would store it, refused the same way (a full card number never passes).
  const value = normalizeBlacklistValue(body.type, body.value);
  if (value === null) throw new AppError('blacklist.valueInvalid', ErrorCode.validation);
  const fromMs = now - BACKTEST_DAYS * DAY_MS;
  const rows = await findBacktestCandidates(db, scope, body.type, value, fromMs, now);
  const declined = tally();
  const successful = tally();
  const good = tally();
  let chargebacks = 0;
  let fraudReports = 0;
  let alreadyDeclined = 0;
  for (const r of rows) {
    if (!blacklistKeysOf(r).some((k) => k.type === body.type && k.value === value)) continue;
    if (r.category === TradeCategory.riskDeclined) {
      alreadyDeclined += 1;
      continue;
    }
    const amount = Number(r.amount);
    addTo(declined, r.currency, amount);
    const chargeback = Number(r.has_chargeback) === 1 || Number(r.chargeback_status) !== 0;
    const fraud = Number(r.has_fraud_report) === 1;
    if (chargeback) chargebacks += 1;
    if (fraud) fraudReports += 1;
    if (r.pay_status !== PayStatus.success) continue;
    addTo(successful, r.currency, amount);
    if (!chargeback && !fraud && Number(r.has_other_case) === 0) addTo(good, r.currency, amount);
  }
  return {
    from: toIso(fromMs),
    to: toIso(now),
    declined: counted(declined),
    successful: counted(successful),
    chargebacks,
    fraudReports,
    goodCustomers: counted(good),
    alreadyDeclined,
  };
}
