import { sql } from 'kysely';
import { SettleType } from '@mbo/shared/funds';
import { DisputeKind, PayStatus, RefundProcessing, SettleStatus, TradeCategory } from '@mbo/shared/trade-enums';
import type { Db } from '../db/database';
import { inTransaction } from '../db/in-transaction';
import { rebuildAvailableMonths } from '../db/migrations/0016-ledger-month-rollup';
import { DEFAULT_CONFIG, getConfig, setConfig, type SettlementConfig } from '../domains/funds/config';
import { businessDay } from '../platform/rollups';
import { GatewayBook, replayGateway, type FundsIds, type FundsRows } from './demo-funds-replay';
import { BulkWriter, dialectOfDb } from './trade-bulk-writer';

/*
 * The demo merchants' funds history, consistent with the generated transactions, refunds and cases: the
 * same postings the live system makes (domains/funds/postings.ts, settlement.ts, withdrawals.ts), replayed
 * in time order per gateway with the ledger's own line builders, and written in bulk. Daily settlement
 * batches at 01:00 (UTC+08:00) of each business day with items per transaction, reserve holds released
 * after 180 days, a withdrawal of most of the available balance on the first business day of each month
 * (paid the next day; one failed; the last one still pending). Deterministic for a given `now`. This
 * module reads each gateway's history and writes the rows; demo-funds-replay.ts replays it.
 */

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
  const ids: FundsIds = {
    txn: (await maxId(db, 'ledger_transactions')) + 1,
    entry: (await maxId(db, 'ledger_entries')) + 1,
    batch: (await maxId(db, 'settlement_batches')) + 1,
    hold: (await maxId(db, 'reserve_holds')) + 1,
    withdrawal: (await maxId(db, 'withdrawals')) + 1,
    account: (await maxId(db, 'ledger_accounts')) + 1,
  };
  const rows: FundsRows = { accounts: [], batches: [], items: [], holds: [], withdrawals: [] };
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

    for (const t of trades) seededStatus.set(t.id, t.settle_status);
    replayGateway({ gateway: g, config: c, bank, trades, refunds, cases }, book, ids, rows, { now, today, demo: o.demo });
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
