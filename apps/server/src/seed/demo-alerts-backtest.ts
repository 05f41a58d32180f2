import { sql } from 'kysely';
import { DisputeKind, PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import type { Db } from '../db/database';
import { BUSINESS_DAY_OFFSET_MS } from '../platform/rollups';
import { DAY_MS } from '../platform/time';

/*
 * Issue 49 §3 and §4 in the demo (merchant 100001), made from rows the trade generator drew, chosen
 * by a fixed order so that the same seed gives the same rows:
 * - an Ethoca alert not refunded, at most 3.5 hours from its deadline and due today where it can be
 *   (alertDeadline): the dashboard counts it due today, and the first run of the deadline job writes
 *   its last reminder (4 hours before) into the top bar;
 * - a reseller's proxy address, DEMO_PROXY_IP, on two payments that drew chargebacks, one the issuer
 *   reported as fraud and three paid without a case in the last 60 days: the blacklist's backtest of
 *   that address shows each figure.
 */

export const DEMO_PROXY_IP = '198.51.100.77';

const HOUR = 3_600_000;

/**
 * 3.5 hours from now, or earlier so that it falls on the business day (UTC+08:00, the demo admins'
 * timezone) and the dashboard counts it due today; when the day has less than half an hour left, the
 * next day's 3.5 hours.
 */
export function alertDeadline(now: number): number {
  const dayEnd = Math.floor((now + BUSINESS_DAY_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - BUSINESS_DAY_OFFSET_MS - 10 * 60_000;
  return dayEnd - now >= 30 * 60_000 ? Math.min(now + 3.5 * HOUR, dayEnd) : now + 3.5 * HOUR;
}

export async function seedAlertAndBacktestCases(db: Db, now: number): Promise<void> {
  const merchant = await db.selectFrom('merchants').select('id').where('merchant_no', '=', '100001').executeTakeFirst();
  if (!merchant) return;
  const merchantId = Number(merchant.id);

  const alert = await db
    .selectFrom('disputes')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', DisputeKind.ethocaAlert)
    .where('refund_id', 'is', null)
    .where('reply_deadline', '>', now)
    .orderBy('reply_deadline')
    .orderBy('id')
    .executeTakeFirst();
  if (alert)
    await db
      .updateTable('disputes')
      .set({ reply_deadline: alertDeadline(now) })
      .where('id', '=', alert.id)
      .execute();

  const since = now - 60 * DAY_MS;
  const withCase = (kind: number, limit: number) =>
    db
      .selectFrom('transactions as t')
      .select('t.id')
      .where('t.merchant_id', '=', merchantId)
      .where('t.created_at', '>=', since)
      .where((eb) =>
        eb.exists(eb.selectFrom('disputes as d').select('d.id').whereRef('d.transaction_id', '=', 't.id').where('d.kind', '=', kind)),
      )
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .execute();
  const paid = await db
    .selectFrom('transactions as t')
    .select('t.id')
    .where('t.merchant_id', '=', merchantId)
    .where('t.category', '=', TradeCategory.formal)
    .where('t.pay_status', '=', PayStatus.success)
    .where('t.created_at', '>=', since)
    .where('t.chargeback_status', '=', 0)
    .where(sql<boolean>`not exists (select 1 from disputes d where d.transaction_id = t.id)`)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(3)
    .execute();
  const ids = [...(await withCase(DisputeKind.chargeback, 2)), ...(await withCase(DisputeKind.fraudReport, 1)), ...paid].map((r) => r.id);
  if (ids.length > 0) await db.updateTable('transactions').set({ ip: DEMO_PROXY_IP }).where('id', 'in', ids).execute();
}
