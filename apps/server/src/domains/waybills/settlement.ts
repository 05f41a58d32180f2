import { PROOF_DAYS_BEFORE_SETTLEMENT } from '@mbo/shared/waybills';
import { BUSINESS_DAY_OFFSET_MS, businessDay } from '../../platform/rollups';
import type { DbOrTrx } from '../../db/database';
import { DAY_MS } from '../../platform/time';
import { DEFAULT_CONFIG, getConfig } from '../funds/config';
import { settlementDateOf } from '../funds/settlement';

/**
 * The settlement date of a transaction, and from it the last day delivery proof may be uploaded
 * (spec §5/§9: at least 3 days before the settlement date). Every date here is a business day
 * (YYYY-MM-DD, cut at midnight UTC+08:00).
 *
 * The settlement cycle is the funds domain's (T+N business days per gateway, funds/config.ts), and the
 * settlement date is computed as the funds settlement computes it. Waybills belong to the merchant, so
 * when its gateways settle on different cycles the shortest one is used: the upload-by date shown is
 * never later than the one the settlement holds a transaction for.
 */
export async function settlementDaysOf(db: DbOrTrx, merchantId: number): Promise<number> {
  const gateways = await db.selectFrom('gateways').select('id').where('merchant_id', '=', merchantId).execute();
  if (gateways.length === 0) return DEFAULT_CONFIG.cycleDays;
  const cycles = await Promise.all(gateways.map(async (g) => (await getConfig(db, merchantId, g.id)).cycleDays));
  return Math.min(...cycles);
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

/** Settlement date and last upload date of a transaction made at `tradeAt`, under a T+`settlementDays` (business days) cycle. */
export function proofDeadline(tradeAt: number, settlementDays: number): ProofDeadline {
  return proofDeadlineOfDay(businessDay(tradeAt), settlementDays);
}

function proofDeadlineOfDay(tradeDay: string, settlementDays: number): ProofDeadline {
  const settlementDate = settlementDateOf(tradeDay, settlementDays);
  return { settlementDate, lastUploadDate: addDays(settlementDate, -PROOF_DAYS_BEFORE_SETTLEMENT) };
}

/** Whole business days from today to the last upload day: 0 on the day itself, negative once it passed. */
export function daysLeft(lastUploadDate: string, now: number): number {
  return Math.round((Date.parse(`${lastUploadDate}T00:00:00Z`) - Date.parse(`${businessDay(now)}T00:00:00Z`)) / DAY_MS);
}

/**
 * The transaction times whose last upload day falls between two business days (inclusive), for the
 * "due in the next days" filter: the inverse of `proofDeadline` (the last upload day only grows with the
 * trade day, so the trade days form one range, found by stepping through the days around it).
 */
export function tradeRangeForLastUploadDays(fromDay: string, toDay: string, settlementDays: number): { fromMs: number; toMs: number } {
  const last = (d: string) => proofDeadlineOfDay(d, settlementDays).lastUploadDate;
  let first = addDays(fromDay, -(2 * settlementDays + 14));
  while (last(first) < fromDay) first = addDays(first, 1);
  let end = first;
  while (last(end) <= toDay) end = addDays(end, 1);
  // [first, end): empty when even `first` is due after `toDay`.
  return { fromMs: startOfBusinessDay(first), toMs: startOfBusinessDay(end) };
}
