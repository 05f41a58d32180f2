import type { TFundsCard, TFundsSummary, TFundsSummaryRow, TPendingRow, TReserveRelease } from '@mbo/shared/funds';
import type { Db } from '../../db/database';
import { businessDay } from '../../platform/rollups';
import type { Scope } from '../../platform/scope';
import { DAY_MS } from '../../platform/time';
import { getConfig } from './config';
import * as repo from './repository';
import { addDays, isSettlementDay, settlementDateOf, findTransactionsMissingProof } from './settlement';

/** §3 Funds summary per currency, from the accounts' cached balances and running totals (README.md): two reads. */
export async function fundsSummary(db: Db, scope: Scope): Promise<TFundsSummary> {
  const [totals, holds] = await Promise.all([repo.summaryTotals(db, scope), repo.openHolds(db, scope)]);
  const accounts = totals.filter((t) => t.src === 'account');
  const credited = totals.filter((t) => t.src === 'credited');
  const retrievals = totals.filter((t) => t.src === 'retrieval');
  const currencies = [...new Set([...accounts.map((a) => a.currency), ...credited.map((c) => c.currency)])].sort();
  const rows: TFundsSummaryRow[] = currencies.map((currency) => {
    const acc = (kind: string) => accounts.find((a) => a.currency === currency && a.kind === kind);
    const bal = (kind: string) => acc(kind)?.balance ?? 0;
    const cr = (kind: string) => acc(kind)?.credits ?? 0;
    const dr = (kind: string) => acc(kind)?.debits ?? 0;
    const fees = ['feeTxn', 'feeRefund', 'feeChargeback', 'feeRdr', 'feeEthoca', 'feeWithdrawal'].reduce((s, k) => s + cr(k) - dr(k), 0);
    return {
      currency,
      transactionTotal: dr('capture'),
      creditedTotal: credited.find((c) => c.currency === currency)?.balance ?? 0,
      refundTotal: cr('refundOut'),
      retrievalTotal: retrievals.find((c) => c.currency === currency)?.balance ?? 0,
      appealSuccessTotal: dr('reversalIn'),
      fees,
      otherDeductions: cr('chargebackOut'),
      reserveExtracted: cr('reserve'),
      reserveRefunded: dr('reserve'),
      reserveBalance: bal('reserve'),
      withdrawnTotal: cr('payout') + cr('feeWithdrawal'),
      accountBalance: bal('available') + bal('frozen'),
      frozen: bal('frozen'),
      available: bal('available'),
      unsettled: bal('unsettled'),
      owed: -bal('debt'),
    };
  });
  const reserves = totals.filter((t) => t.src === 'reserve').map((r) => ({ gateway_id: r.gateway_id, balance: r.balance }));
  return { visible: true, rows, releases: releaseCalendar({ holds, reserves }) };
}

type OpenHolds = {
  holds: Awaited<ReturnType<typeof repo.openHolds>>;
  reserves: { gateway_id: number; balance: number }[];
};

/** The reserve release calendar: per gateway the holds oldest first, capped at what the reserve still holds. */
export function releaseCalendar(o: OpenHolds): TReserveRelease[] {
  const left = new Map(o.reserves.map((r) => [Number(r.gateway_id), Math.max(Number(r.balance), 0)]));
  const byDate = new Map<string, TReserveRelease>();
  for (const h of o.holds) {
    const g = Number(h.gateway_id);
    const x = Math.min(Number(h.amount), left.get(g) ?? 0);
    left.set(g, (left.get(g) ?? 0) - x);
    if (x <= 0) continue;
    const k = `${h.currency}|${h.release_on}`;
    const cur = byDate.get(k) ?? { currency: h.currency, date: h.release_on, amount: 0 };
    cur.amount += x;
    byDate.set(k, cur);
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.currency < b.currency ? -1 : 1));
}

/** Transactions older than this are looked at by the settlement cycle screen only if still unsettled within it. */
const PENDING_WINDOW_DAYS = 90;

/** The next day on or after `day` when a gateway of this settlement type settles. */
function nextSettlementDay(day: string, settleType: number): string {
  let d = day;
  while (!isSettlementDay(d, settleType)) d = addDays(d, 1);
  return d;
}

/** §3 Settlement cycle: unsettled money per settlement date and gateway, with the held transactions and waybill flags. */
export async function pendingSettlement(db: Db, scope: Scope, now: number): Promise<TPendingRow[]> {
  const trades = await repo.unsettledTrades(db, scope, now - PENDING_WINDOW_DAYS * DAY_MS);
  const missing = new Map(
    (
      await findTransactionsMissingProof(
        db,
        scope.merchantId,
        trades.map((t) => t.id),
      )
    ).map((m) => [m.transactionId, m]),
  );
  const configs = new Map<number, Awaited<ReturnType<typeof getConfig>>>();
  const groups = new Map<string, TPendingRow>();
  for (const t of trades) {
    let c = configs.get(t.gateway_id);
    if (!c) {
      c = await getConfig(db, scope.merchantId, t.gateway_id);
      configs.set(t.gateway_id, c);
    }
    const tradeDay = businessDay(t.created_at);
    const settleDate = nextSettlementDay(settlementDateOf(tradeDay, c.cycleDays), c.settleType);
    const k = `${settleDate}|${t.gateway_no}|${tradeDay}`;
    const g = groups.get(k) ?? {
      settleDate,
      tradeDay,
      gatewayNo: t.gateway_no,
      currency: t.settle_currency,
      cycleDays: c.cycleDays,
      reserveDays: c.reserveDays,
      reserveBp: c.reserveBp,
      txCount: 0,
      amount: 0,
      heldCount: 0,
      waybillDelivered: true,
      waybillUploaded: true,
    };
    g.txCount += 1;
    g.amount += Number(t.settle_amount);
    const m = missing.get(t.id);
    if (m) {
      g.heldCount += 1;
      g.waybillDelivered &&= m.delivered;
      g.waybillUploaded &&= m.uploaded;
    }
    groups.set(k, g);
  }
  return [...groups.values()].sort((a, b) =>
    a.settleDate !== b.settleDate
      ? a.settleDate < b.settleDate
        ? -1
        : 1
      : a.gatewayNo !== b.gatewayNo
        ? a.gatewayNo < b.gatewayNo
          ? -1
          : 1
        : a.tradeDay < b.tradeDay
          ? -1
          : 1,
  );
}

/** The dashboard's fund card: available, frozen and reserve per currency, and the next settlement. */
export async function fundsCard(db: Db, scope: Scope, now: number): Promise<TFundsCard> {
  const accounts = await repo.accountTotals(db, scope);
  const currencies = [...new Set(accounts.map((a) => a.currency))].sort();
  const bal = (currency: string, kind: string) => Number(accounts.find((a) => a.currency === currency && a.kind === kind)?.balance ?? 0);
  const pending = await pendingSettlement(db, scope, now);
  const today = businessDay(now);
  const next = pending.find((p) => p.settleDate >= today) ?? pending[0];
  const nextRows = next ? pending.filter((p) => p.settleDate === next.settleDate) : [];
  const due = new Map<string, number>();
  for (const p of nextRows) due.set(p.currency, (due.get(p.currency) ?? 0) + p.amount);
  return {
    visible: true,
    rows: currencies.map((currency) => ({
      currency,
      available: bal(currency, 'available'),
      frozen: bal(currency, 'frozen'),
      reserve: bal(currency, 'reserve'),
    })),
    nextSettlement: next ? { date: next.settleDate, rows: [...due.entries()].map(([currency, amount]) => ({ currency, amount })) } : null,
  };
}

/**
 * The monthly report's withdrawable amount (after fees): per business month `fromMonth`..`toMonth`
 * (YYYY-MM, whole months) and currency, what the available balance gained from settlements, reserve
 * releases and won appeals, less what refunds, chargebacks and fees took from it; withdrawals themselves
 * are left out. Read from the monthly rollup kept with the ledger. Key: "YYYY-MM|CUR".
 */
export async function withdrawableByMonth(db: Db, scope: Scope, fromMonth: string, toMonth: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const r of await repo.availableMovementByMonth(db, scope, fromMonth, toMonth)) out.set(`${r.month}|${r.currency}`, Number(r.total));
  return out;
}
