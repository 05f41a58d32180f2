import { sql } from 'kysely';
import { CreditStatus, SettleType, WithdrawalStatus, type TLedgerType } from '@mbo/shared/funds';
import { AppealStatus, DisputeKind, PayStatus, RefundProcessing, RefundSource, SettleStatus, TradeCategory } from '@mbo/shared/trade-enums';
import type { Db } from '../db/database';
import { inTransaction } from '../db/in-transaction';
import { rebuildAvailableMonths } from '../db/migrations/0016-ledger-month-rollup';
import { DEFAULT_CONFIG, getConfig, setConfig, type SettlementConfig } from '../domains/funds/config';
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
import { BulkWriter, dialectOfDb, type SqlValue } from './trade-bulk-writer';

/*
 * The demo merchants' funds history, consistent with the generated transactions, refunds and cases: the
 * same postings the live system makes (domains/funds/postings.ts, settlement.ts, withdrawals.ts), replayed
 * in time order per gateway with the ledger's own line builders, and written in bulk. Daily settlement
 * batches at 01:00 (UTC+08:00) of each business day with items per transaction, reserve holds released
 * after 180 days, a withdrawal of most of the available balance on the first business day of each month
 * (paid the next day; one failed; the last one still pending). Deterministic for a given `now`.
 */

const SETTLE_HOUR = 3_600_000;
const WITHDRAW_HOUR = 10 * 3_600_000;

type Ev = { at: number; order: number; run: () => void };

class GatewayBook {
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

async function maxId(db: Db, table: string): Promise<number> {
  const r = await sql<{ m: number | null }>`select max(id) as m from ${sql.table(table)}`.execute(db);
  return Number(r.rows[0]?.m ?? 0);
}

export type DemoFundsSummary = { batches: number; entries: number; withdrawals: number; elapsedMs: number };

/** The demo merchants' funds history (demo configurations, monthly withdrawals). */
export function seedDemoFunds(db: Db, now: number): Promise<DemoFundsSummary> {
  return replayFunds(db, now, { demo: true });
}

/**
 * `ops ledger:backfill`: the same replay for merchants whose transactions were recorded before the
 * ledger existed (no ledger account yet), with their own settlement configuration and no withdrawal.
 */
export async function backfillLedger(db: Db, now: number, merchantId?: number): Promise<DemoFundsSummary & { merchants: number }> {
  const merchants = await db
    .selectFrom('merchants as m')
    .select('m.id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ledger_accounts as a').select('a.id').whereRef('a.merchant_id', '=', 'm.id'))),
    )
    .$if(merchantId !== undefined, (qb) => qb.where('m.id', '=', merchantId ?? 0))
    .execute();
  if (merchants.length === 0) return { batches: 0, entries: 0, withdrawals: 0, elapsedMs: 0, merchants: 0 };
  const r = await replayFunds(db, now, { demo: false, merchantIds: merchants.map((m) => m.id) });
  return { ...r, merchants: merchants.length };
}

async function replayFunds(db: Db, now: number, o: { demo: boolean; merchantIds?: number[] }): Promise<DemoFundsSummary> {
  const started = Date.now();
  const writer = new BulkWriter(db, dialectOfDb(db));
  const gateways = await db
    .selectFrom('gateways as g')
    .innerJoin('merchants as m', 'm.id', 'g.merchant_id')
    .select(['g.id', 'g.merchant_id', 'g.currency', 'm.merchant_no', 'm.deduction_rate_bp'])
    .$if(o.demo, (qb) => qb.where('m.merchant_no', 'in', ['100001', '100002']))
    .$if(o.merchantIds !== undefined, (qb) => qb.where('g.merchant_id', 'in', o.merchantIds ?? [0]))
    .orderBy('g.id')
    .execute();
  const ids = { txn: (await maxId(db, 'ledger_transactions')) + 1, entry: (await maxId(db, 'ledger_entries')) + 1 };
  let batchId = (await maxId(db, 'settlement_batches')) + 1;
  let holdId = (await maxId(db, 'reserve_holds')) + 1;
  let withdrawalId = (await maxId(db, 'withdrawals')) + 1;
  let accountId = (await maxId(db, 'ledger_accounts')) + 1;
  const rows = {
    accounts: [] as SqlValue[][],
    batches: [] as SqlValue[][],
    items: [] as SqlValue[][],
    holds: [] as SqlValue[][],
    withdrawals: [] as SqlValue[][],
  };
  const books: GatewayBook[] = [];
  // The generator's settlement status of each successful payment, corrected below where the batches differ.
  const seededStatus = new Map<number, number>();
  const today = businessDay(now);

  for (const g of gateways) {
    let c: SettlementConfig;
    if (o.demo) {
      c = { ...DEFAULT_CONFIG, feeBp: g.deduction_rate_bp, settleType: g.merchant_no === '100002' ? SettleType.weekly : SettleType.daily };
      await setConfig(db, g.merchant_id, g.id, c, now);
    } else c = await getConfig(db, g.merchant_id, g.id);
    const bank = await db
      .selectFrom('merchant_bank_accounts')
      .select(['id', 'bank_name', 'holder', 'account_no'])
      .where('merchant_id', '=', g.merchant_id)
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .executeTakeFirst();
    const book = new GatewayBook(ids, g.merchant_id, g.id, g.currency);
    books.push(book);
    const trades = await db
      .selectFrom('transactions')
      .select(['id', 'trade_no', 'created_at', 'settle_amount', 'settle_status'])
      .where('gateway_id', '=', g.id)
      .where('category', '=', TradeCategory.formal)
      .where('pay_status', '=', PayStatus.success)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (trades.length === 0) continue;
    const refunds = await db
      .selectFrom('refunds')
      .select(['id', 'refund_no', 'processed_at', 'settle_amount', 'source'])
      .where('gateway_id', '=', g.id)
      .where('status', '=', RefundProcessing.refunded)
      .execute();
    const cases = await db
      .selectFrom('disputes')
      .select(['id', 'case_no', 'kind', 'created_at', 'settle_amount', 'appeal_status', 'decided_at'])
      .where('gateway_id', '=', g.id)
      .where('kind', 'in', [DisputeKind.chargeback, DisputeKind.rdrAlert, DisputeKind.ethocaAlert])
      .execute();

    const events: Ev[] = [];
    const pending: { id: number; at: number; gross: number }[] = [];
    let pendingFrom = 0;
    const eventFees = { refund: 0, chargeback: 0, rdr: 0, ethoca: 0 };
    const openHolds: { id: number; amount: number; releaseOn: string; batch: SqlValue[] }[] = [];

    for (const t of trades) seededStatus.set(t.id, t.settle_status);
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
          const id = batchId++;
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
          if (reserve > 0) openHolds.push({ id: holdId++, amount: reserve, releaseOn: addDays(settleDay, c.reserveDays), batch });
        },
      });
    }

    // Withdrawals: the first business day of each month, 80 % of the available balance; paid the next day.
    if (bank && o.demo) {
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
            const id = withdrawalId++;
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
      rows.accounts.push([accountId++, g.merchant_id, g.id, g.currency, k, book.bal[k], book.credits.get(k) ?? 0, book.debits.get(k) ?? 0]);
    }
  }

  const accountOf = new Map<string, number>();
  for (const a of rows.accounts) accountOf.set(`${a[2]}|${a[4]}`, Number(a[0]));
  await inTransaction(db, async (trx) => {
    await writer.insert(
      trx,
      'ledger_accounts',
      ['id', 'merchant_id', 'gateway_id', 'currency', 'kind', 'balance', 'credits', 'debits'],
      rows.accounts,
    );
    for (const b of books) {
      await writer.insert(
        trx,
        'ledger_transactions',
        ['id', 'merchant_id', 'gateway_id', 'currency', 'type', 'ref_type', 'ref_id', 'ref_no', 'occurred_at', 'created_at'],
        b.txns,
      );
      for (const e of b.entries) e[2] = accountOf.get(`${b.gatewayId}|${e[2]}`) ?? 0;
      await writer.insert(
        trx,
        'ledger_entries',
        ['id', 'txn_id', 'account_id', 'merchant_id', 'gateway_id', 'currency', 'account_kind', 'txn_type', 'amount', 'occurred_at'],
        b.entries,
      );
    }
    await writer.insert(
      trx,
      'settlement_batches',
      [
        'id',
        'batch_no',
        'merchant_id',
        'gateway_id',
        'currency',
        'settle_date',
        'trade_deadline',
        'credit_status',
        'tx_count',
        'gross',
        'single_fee',
        'refund_fee',
        'chargeback_fee',
        'reserve_extracted',
        'reserve_returned',
        'recognized',
        'rdr_fee',
        'ethoca_fee',
        'tabulated_at',
        'credited_at',
      ],
      rows.batches,
    );
    await writer.insert(trx, 'settlement_items', ['batch_id', 'transaction_id', 'gross', 'fee', 'reserve', 'net'], rows.items);
    await writer.insert(
      trx,
      'reserve_holds',
      ['id', 'merchant_id', 'gateway_id', 'currency', 'batch_id', 'amount', 'release_on', 'released_at', 'released_amount'],
      rows.holds,
    );
    await writer.insert(
      trx,
      'withdrawals',
      [
        'id',
        'withdrawal_no',
        'merchant_id',
        'gateway_id',
        'currency',
        'amount',
        'fee',
        'received',
        'bank_account_id',
        'bank_name',
        'bank_holder',
        'bank_account_no',
        'status',
        'fail_reason',
        'applicant',
        'applicant_admin_id',
        'created_at',
        'processed_at',
      ],
      rows.withdrawals,
    );
    // The transactions' settlement status follows the batches: in a batch settled, otherwise unsettled.
    const settled = new Set(rows.items.map((i) => Number(i[1])));
    const wrong: Record<number, number[]> = { [SettleStatus.settled]: [], [SettleStatus.unsettled]: [] };
    for (const [id, status] of seededStatus) {
      const want = settled.has(id) ? SettleStatus.settled : SettleStatus.unsettled;
      if (status !== want) wrong[want]!.push(id);
    }
    for (const [status, list] of Object.entries(wrong))
      for (let i = 0; i < list.length; i += 5_000)
        await trx
          .updateTable('transactions')
          .set({ settle_status: Number(status) })
          .where('id', 'in', list.slice(i, i + 5_000))
          .execute();
  });
  await writer.syncSequences([
    'ledger_accounts',
    'ledger_transactions',
    'ledger_entries',
    'settlement_batches',
    'reserve_holds',
    'withdrawals',
  ]);
  // The entries went in directly: the monthly rollup of the available balance is rebuilt from them.
  for (const merchantId of new Set(gateways.map((g) => Number(g.merchant_id)))) await rebuildAvailableMonths(db, merchantId);
  return {
    batches: rows.batches.length,
    entries: books.reduce((s, b) => s + b.entries.length, 0),
    withdrawals: rows.withdrawals.length,
    elapsedMs: Date.now() - started,
  };
}
