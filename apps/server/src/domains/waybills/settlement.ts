import { PROOF_DAYS_BEFORE_SETTLEMENT } from '@mbo/shared/waybills';
import { BUSINESS_DAY_OFFSET_MS, businessDay } from '../../platform/rollups';
import { DAY_MS } from '../../platform/time';

/**
 * The settlement date of a transaction, and from it the last day delivery proof may be uploaded
 * (spec §5/§9: at least 3 days before the settlement date). Every date here is a business day
 * (YYYY-MM-DD, cut at midnight UTC+08:00).
 *
 * THE ONE PLACE the settlement cycle is read: `settlementDaysOf` returns the merchant's T+N. Until the
 * funds domain's settlement configuration exists it is the documented default, T+7 calendar days after
 * the transaction's business day; the lead points this function at the funds configuration at merge
 * (every caller already passes the merchant and awaits it, so nothing else changes).
 */
export const DEFAULT_SETTLEMENT_DAYS = 7;

export function settlementDaysOf(_merchantId: number): Promise<number> {
  return Promise.resolve(DEFAULT_SETTLEMENT_DAYS);
}

/** A business day moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a business day starts (midnight UTC+08:00) in epoch ms. */
export function startOfBusinessDay(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - BUSINESS_DAY_OFFSET_MS;
}

export type ProofDeadline = { settlementDate: string; lastUploadDate: string };

/** Settlement date and last upload date of a transaction made at `tradeAt`, under a T+`settlementDays` cycle. */
export function proofDeadline(tradeAt: number, settlementDays: number): ProofDeadline {
  const settlementDate = addDays(businessDay(tradeAt), settlementDays);
  return { settlementDate, lastUploadDate: addDays(settlementDate, -PROOF_DAYS_BEFORE_SETTLEMENT) };
}

/** Whole business days from today to the last upload day: 0 on the day itself, negative once it passed. */
export function daysLeft(lastUploadDate: string, now: number): number {
  return Math.round((Date.parse(`${lastUploadDate}T00:00:00Z`) - Date.parse(`${businessDay(now)}T00:00:00Z`)) / DAY_MS);
}

/**
 * The transaction times whose last upload day falls between two business days (inclusive), for the
 * "due in the next days" filter: the inverse of `proofDeadline`.
 */
export function tradeRangeForLastUploadDays(fromDay: string, toDay: string, settlementDays: number): { fromMs: number; toMs: number } {
  const back = settlementDays - PROOF_DAYS_BEFORE_SETTLEMENT;
  return { fromMs: startOfBusinessDay(addDays(fromDay, -back)), toMs: startOfBusinessDay(addDays(toDay, 1 - back)) };
}
