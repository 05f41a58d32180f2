import { CreditStatus, SettleType, WithdrawalStatus, type TLedgerType } from '@mbo/shared/funds';
import { AppealStatus, DisputeKind, RefundSource } from '@mbo/shared/trade-enums';
import type { SettlementConfig } from '../domains/funds/config';
import {
  ACCOUNT_KINDS,
  applied,
  credit,
  deduction,
  deductionWithFee,
  type AccountKind,
  type Balances,
  type Line,
} from '../domains/funds/ledger';
import { addDays, isSettlementDay, settlementLines, tradeDeadlineOf } from '../domains/funds/settlement';
import { businessDay, BUSINESS_DAY_OFFSET_MS } from '../platform/rollups';
import { DAY_MS } from '../platform/time';
import type { SqlValue } from './trade-bulk-writer';

/*
 * One gateway's funds history, replayed in memory: every capture, refund, case and won appeal of the
 * generated data becomes the posting the live system makes for it, between them the daily settlement
 * runs (releases of reserve holds first, then the batch) and, for the demo merchants, the monthly
 * withdrawals, all in time order. The rows it makes are written in bulk by demo-funds.ts.
 */

const SETTLE_HOUR = 3_600_000;
const WITHDRAW_HOUR = 10 * 3_600_000;

type Ev = { at: number; order: number; run: () => void };

export class GatewayBook {
  readonly bal: Balances = Object.fromEntries(ACCOUNT_KINDS.map((k) => [k, 0])) as Balances;
  readonly credits = new Map<AccountKind, number>();
  readonly debits = new Map<AccountKind, number>();
  readonly txns: SqlValue[][] = [];
  readonly entries: SqlValue[][] = [];
  constructor(
    readonly ids: { txn: number; entry: number },
    readonly merchantId: number,
    readonly gatewayId: number,
    readonly currency: string,
  ) {}
  post(lines: Line[], type: TLedgerType, refType: string, refId: number, refNo: string, at: number): void {
    const kept = lines.filter((l) => l.amount !== 0);
    if (kept.length === 0) return;
    if (kept.reduce((s, l) => s + l.amount, 0) !== 0) throw new Error(`demo funds: unbalanced ${type} ${refNo}`);
    const txnId = this.ids.txn++;
    this.txns.push([txnId, this.merchantId, this.gatewayId, this.currency, type, refType, refId, refNo, at, at]);
    for (const l of kept) {
      this.bal[l.kind] += l.amount;
      if (l.amount > 0) this.credits.set(l.kind, (this.credits.get(l.kind) ?? 0) + l.amount);
      else this.debits.set(l.kind, (this.debits.get(l.kind) ?? 0) - l.amount);
      this.entries.push([this.ids.entry++, txnId, l.kind, this.merchantId, this.gatewayId, this.currency, l.kind, type, l.amount, at]);
    }
  }
}

/** Next ids of the rows the replay makes, shared by every gateway's book. */
export type FundsIds = { txn: number; entry: number; batch: number; hold: number; withdrawal: number; account: number };

/** Rows of the tables the replay fills besides the ledger transactions and entries (kept per book). */
export type FundsRows = Record<'accounts' | 'batches' | 'items' | 'holds' | 'withdrawals', SqlValue[][]>;

/** What the replay of one gateway reads: its configuration, payout account and money movements. */
export type GatewayHistory = {
  gateway: { id: number; merchant_id: number; currency: string };
  config: SettlementConfig;
  bank: { id: number; bank_name: string; holder: string; account_no: string } | undefined;
  trades: { id: number; trade_no: string; created_at: number; settle_amount: number }[];
  refunds: { id: number; refund_no: string; processed_at: number | null; settle_amount: number; source: number }[];
  cases: {
    id: number;
    case_no: string;
    kind: number;
    created_at: number;
    settle_amount: number;
    appeal_status: number;
    decided_at: number | null;
  }[];
};

/**
 * Replays `history` through `book` up to `now` (`today` is its business day), adding the rows of the
 * batches, items, reserve holds, withdrawals (only with `demo`) and ledger accounts to `rows`.
 */
export function replayGateway(
  history: GatewayHistory,
  book: GatewayBook,
  ids: FundsIds,
  rows: FundsRows,
  o: { now: number; today: string; demo: boolean },
): void {
  const { gateway: g, config: c, bank, trades, refunds, cases } = history;
  const { now, today, demo } = o;
  const events: Ev[] = [];
  const pending: { id: number; at: number; gross: number }[] = [];
  let pendingFrom = 0;
  const eventFees = { refund: 0, chargeback: 0, rdr: 0, ethoca: 0 };
  const openHolds: { id: number; amount: number; releaseOn: string; batch: SqlValue[] }[] = [];

  for (const t of trades)
    events.push({
      at: t.created_at,
      order: 1,
      run: () => {
        pending.push({ id: t.id, at: t.created_at, gross: Number(t.settle_amount) });
        book.post(
          [
            { kind: 'unsettled', amount: Number(t.settle_amount) },
            { kind: 'capture', amount: -Number(t.settle_amount) },
          ],
          'capture',
          'transaction',
          t.id,
          t.trade_no,
          t.created_at,
        );
      },
    });
  for (const r of refunds) {
    if (r.processed_at === null) continue;
    const at = r.processed_at;
    events.push({
      at,
      order: 2,
      run: () => {
        const amount = Number(r.settle_amount);
        const rdr = r.source === RefundSource.rdr;
        const fee = rdr ? 0 : c.refundFee;
        let lines: Line[];
        try {
          lines = rdr ? deduction(book.bal, amount, true) : deductionWithFee(book.bal, amount, fee);
        } catch {
          // A refund of the generated history happened: what the balances could not cover is owed.
          const first = deduction(book.bal, amount, true);
          lines = [...first, ...deduction(applied(book.bal, first), fee, true)];
        }
        eventFees.refund += fee;
        book.post(
          [...lines, { kind: 'refundOut', amount }, { kind: 'feeRefund', amount: fee }],
          rdr ? 'rdr' : 'refund',
          'refund',
          r.id,
          r.refund_no,
          at,
        );
      },
    });
  }
  for (const d of cases) {
    events.push({
      at: d.created_at,
      order: 2,
      run: () => {
        if (d.kind === DisputeKind.chargeback) {
          const amount = Number(d.settle_amount);
          eventFees.chargeback += c.chargebackFee;
          book.post(
            [
              ...deduction(book.bal, amount + c.chargebackFee, true),
              { kind: 'chargebackOut', amount },
              { kind: 'feeChargeback', amount: c.chargebackFee },
            ],
            'chargeback',
            'case',
            d.id,
            d.case_no,
            d.created_at,
          );
        } else {
          const rdr = d.kind === DisputeKind.rdrAlert;
          const fee = rdr ? c.rdrFee : c.ethocaFee;
          if (rdr) eventFees.rdr += fee;
          else eventFees.ethoca += fee;
          book.post(
            [...deduction(book.bal, fee, true), { kind: rdr ? 'feeRdr' : 'feeEthoca', amount: fee }],
            rdr ? 'rdr' : 'ethoca',
            'case',
            d.id,
            d.case_no,
            d.created_at,
          );
        }
      },
    });
    if (d.kind === DisputeKind.chargeback && d.appeal_status === AppealStatus.success && d.decided_at !== null) {
      const at = d.decided_at;
      events.push({
        at,
        order: 3,
        run: () => {
          const amount = Number(d.settle_amount);
          book.post(
            [...credit(book.bal, amount), { kind: 'reversalIn', amount: -amount }],
            'chargebackReversal',
            'case',
            d.id,
            d.case_no,
            at,
          );
        },
      });
    }
  }

  // Settlement runs (releases first, then the batch), one a business day from the first trade day on.
  const firstDay = businessDay(trades[0]!.created_at);
  for (let day = addDays(firstDay, 1); day <= today; day = addDays(day, 1)) {
    const at = Date.parse(`${day}T00:00:00Z`) - BUSINESS_DAY_OFFSET_MS + SETTLE_HOUR;
    if (at >= now) break;
    const settleDay = day;
    events.push({
      at,
      order: 0,
      run: () => {
        while (openHolds.length > 0 && openHolds[0]!.releaseOn <= settleDay) {
          const h = openHolds.shift()!;
          const x = Math.min(h.amount, Math.max(book.bal.reserve, 0));
          book.post([{ kind: 'reserve', amount: -x }, ...credit(book.bal, x)], 'reserveRelease', 'reserve', h.id, String(h.id), at);
          h.batch[14] = Number(h.batch[14]) + x;
          rows.holds.push([h.id, g.merchant_id, g.id, g.currency, h.batch[0]!, h.amount, h.releaseOn, at, x]);
        }
        if (!isSettlementDay(settleDay, c.settleType)) return;
        const deadline = tradeDeadlineOf(settleDay, c.cycleDays);
        let end = pendingFrom;
        while (end < pending.length && pending[end]!.at < deadline) end += 1;
        if (end === pendingFrom) return;
        const id = ids.batch++;
        let gross = 0;
        let fee = 0;
        let reserve = 0;
        for (let i = pendingFrom; i < end; i += 1) {
          const p = pending[i]!;
          const f = Math.floor((p.gross * c.feeBp + 5_000) / 10_000) + c.feeFixed;
          const r = Math.floor((p.gross * c.reserveBp + 5_000) / 10_000);
          gross += p.gross;
          fee += f;
          reserve += r;
          rows.items.push([id, p.id, p.gross, f, r, p.gross - f - r]);
        }
        const count = end - pendingFrom;
        pendingFrom = end;
        const s = settlementLines(book.bal, gross, fee, reserve);
        const batchNo = `SB${settleDay.replace(/-/g, '')}${String(g.id).padStart(4, '0')}`;
        book.post(s.lines, 'settlement', 'batch', id, batchNo, at);
        const batch: SqlValue[] = [
          id,
          batchNo,
          g.merchant_id,
          g.id,
          g.currency,
          settleDay,
          deadline,
          CreditStatus.credited,
          count,
          gross,
          fee,
          eventFees.refund,
          eventFees.chargeback,
          reserve,
          0,
          s.recognized,
          eventFees.rdr,
          eventFees.ethoca,
          at,
          at,
        ];
        eventFees.refund = eventFees.chargeback = eventFees.rdr = eventFees.ethoca = 0;
        rows.batches.push(batch);
        if (reserve > 0) openHolds.push({ id: ids.hold++, amount: reserve, releaseOn: addDays(settleDay, c.reserveDays), batch });
      },
    });
  }

  // Withdrawals: the first business day of each month, 80 % of the available balance; paid the next day.
  if (bank && demo) {
    const months: string[] = [];
    for (let day = addDays(firstDay, 28); day <= today; day = addDays(day, 1))
      if (isSettlementDay(day, SettleType.monthly)) months.push(day);
    months.forEach((day, index) => {
      const at = Date.parse(`${day}T00:00:00Z`) - BUSINESS_DAY_OFFSET_MS + WITHDRAW_HOUR;
      if (at >= now) return;
      const last = index === months.length - 1;
      const outcome = last ? WithdrawalStatus.pending : index === 2 ? WithdrawalStatus.failed : WithdrawalStatus.success;
      const doneAt = at + DAY_MS;
      events.push({
        at,
        order: 4,
        run: () => {
          const unit = 10_000;
          const amount = Math.floor((book.bal.available * 0.8) / unit) * unit;
          if (amount < c.minWithdrawal) return;
          const id = ids.withdrawal++;
          const no = `WD${day.replace(/-/g, '')}${String(g.id).padStart(4, '0')}`;
          book.post(
            [
              { kind: 'available', amount: -amount },
              { kind: 'frozen', amount },
            ],
            'withdrawalFreeze',
            'withdrawal',
            id,
            no,
            at,
          );
          const masked = bank.account_no.length <= 4 ? bank.account_no : `**** ${bank.account_no.slice(-4)}`;
          const fee = c.withdrawalFee;
          const done = outcome !== WithdrawalStatus.pending && doneAt < now;
          rows.withdrawals.push([
            id,
            no,
            g.merchant_id,
            g.id,
            g.currency,
            amount,
            fee,
            amount - fee,
            bank.id,
            bank.bank_name,
            bank.holder,
            masked,
            done ? outcome : WithdrawalStatus.pending,
            done && outcome === WithdrawalStatus.failed ? 'Beneficiary account name mismatch' : '',
            'admin',
            null,
            at,
            done ? doneAt : null,
          ]);
          if (!done) return;
          events.push({
            at: doneAt,
            order: 4,
            run: () => {
              if (outcome === WithdrawalStatus.success)
                book.post(
                  [
                    { kind: 'frozen', amount: -amount },
                    { kind: 'payout', amount: amount - fee },
                    { kind: 'feeWithdrawal', amount: fee },
                  ],
                  'withdrawalPay',
                  'withdrawal',
                  id,
                  no,
                  doneAt,
                );
              else
                book.post(
                  [{ kind: 'frozen', amount: -amount }, ...credit(book.bal, amount)],
                  'withdrawalFail',
                  'withdrawal',
                  id,
                  no,
                  doneAt,
                );
            },
          });
        },
      });
    });
  }

  // Run in time order; an event may add a later one (a withdrawal's payment), so keep a sorted queue.
  const queue = events.sort((a, b) => a.at - b.at || a.order - b.order);
  for (let i = 0; i < queue.length; i += 1) {
    const before = queue.length;
    queue[i]!.run();
    if (queue.length > before) {
      const added = queue.splice(before);
      for (const e of added) {
        let j = i + 1;
        while (j < queue.length && (queue[j]!.at < e.at || (queue[j]!.at === e.at && queue[j]!.order <= e.order))) j += 1;
        queue.splice(j, 0, e);
      }
    }
  }
  for (const h of openHolds) rows.holds.push([h.id, g.merchant_id, g.id, g.currency, h.batch[0]!, h.amount, h.releaseOn, null, 0]);
  for (const k of ACCOUNT_KINDS) {
    if (!book.credits.has(k) && !book.debits.has(k)) continue;
    rows.accounts.push([ids.account++, g.merchant_id, g.id, g.currency, k, book.bal[k], book.credits.get(k) ?? 0, book.debits.get(k) ?? 0]);
  }
}
