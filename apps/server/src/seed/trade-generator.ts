import { PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import type { Db } from '../db/database';
import { inTransaction } from '../db/in-transaction';
import { rebuildRollups } from '../platform/rollups';
import { BulkWriter, dialectOfDb } from './trade-bulk-writer';
import { FollowOnEvents } from './trade-events';
import { COUNTRIES, HOME_COUNTRY } from './trade-generator-data';
import { Payments } from './trade-payments';
import { apportion, createRng, pick, pickIndex, weighted, type Rng } from './trade-rng';
import { DAY, DISPUTE_COLUMNS, HOUR, REFUND_COLUMNS, TX_COLUMNS, TZ, type GatewayState, type TradeMerchantPlan } from './trade-rows';

/**
 * The acquiring-data generator: what the gateway would have recorded for a merchant over the last
 * months, written straight into transactions, refunds and disputes, then rolled up.
 *
 * Deterministic: the same seed, `now` and plan give the same rows (ids included, on an empty table).
 * Rows are generated day by day, oldest first, and written in chunks, so memory stays flat at any
 * size. Follow-on events (refunds, chargebacks, retrievals, alerts, fraud reports) are decided when
 * their transaction is generated and only written when they happened before `now`; the transaction's
 * flags are set from exactly the events written, so the two always agree.
 *
 * This module plans the traffic (how many payments each merchant makes on each day, at what hours)
 * and writes it; `trade-payments.ts` makes each payment and `trade-events.ts` what follows it.
 */

export type TradeGeneratorOptions = {
  now: number;
  seed: number;
  transactions: number;
  merchants: readonly TradeMerchantPlan[];
  /** Called after each written chunk. */
  onProgress?: (written: number, total: number) => void;
  /** Transactions per database transaction (default 20,000). */
  chunkSize?: number;
};

export type TradeGeneratorSummary = {
  transactions: number;
  refunds: number;
  disputes: number;
  rollupRows: number;
  elapsedMs: number;
};

/** Relative traffic by hour of the day in UTC+08:00: quiet at night, busiest in the evening. */
const HOUR_WEIGHTS = [4, 3, 2, 1.5, 1, 1, 1.5, 2.5, 4, 5, 5.5, 6, 6.5, 6, 5.5, 5.5, 6, 6.5, 7, 8, 9, 9.5, 8.5, 6];
/** Relative traffic by weekday (0 = Sunday) in UTC+08:00. */
const WEEKDAY_WEIGHTS = [0.8, 1.08, 1.1, 1.1, 1.1, 1.05, 0.87];

export class TradeGenerator {
  private readonly rng: Rng;
  private readonly writer: BulkWriter;
  private written = { transactions: 0, refunds: 0, disputes: 0 };

  constructor(
    private readonly db: Db,
    private readonly o: TradeGeneratorOptions,
  ) {
    this.rng = createRng(o.seed);
    this.writer = new BulkWriter(db, dialectOfDb(db));
  }

  async run(): Promise<TradeGeneratorSummary> {
    const started = Date.now();
    const { now } = this.o;
    const nextTx = await this.writer.nextId('transactions');
    const events = new FollowOnEvents(this.rng, now, await this.writer.nextId('refunds'), await this.writer.nextId('disputes'));
    const payments = new Payments(this.rng, now, nextTx, events);
    const restoreIndexes = this.o.transactions >= 20_000 ? await this.writer.dropIndexes(['transactions', 'refunds', 'disputes']) : null;

    const gateways = new Map<number, GatewayState>();
    for (const m of this.o.merchants) {
      events.addMerchant(m.merchantId);
      payments.addMerchant(m);
      for (const g of m.gateways) {
        const home = HOME_COUNTRY[g.currency];
        gateways.set(g.gatewayId, {
          plan: g,
          merchant: m,
          tradeSeq: 0,
          refundSeq: 0,
          caseSeq: 0,
          // Buyers come mostly from the storefront's home market.
          countries: weighted(COUNTRIES, (c) => c.weight * (c.code === home ? 5 : 1)),
        });
      }
    }

    // Business day numbers (days since epoch in UTC+08:00), today last.
    const today = Math.floor((now + TZ) / DAY);
    const merchantCounts = apportion(
      this.o.transactions,
      this.o.merchants.map((m) => m.weight),
    );
    const perMerchantDays = this.o.merchants.map((m, mi) => {
      const days = Math.max(1, Math.round(m.months * 30.44));
      const first = today - days + 1;
      const weights: number[] = [];
      for (let d = first; d <= today; d += 1) {
        const growth = 0.6 + (0.8 * (d - first)) / days;
        const weekday = WEEKDAY_WEIGHTS[(d + 4) % 7] ?? 1;
        const partial = d === today ? (now + TZ - today * DAY) / DAY : 1;
        weights.push(growth * weekday * partial);
      }
      return { first, counts: apportion(merchantCounts[mi] ?? 0, weights) };
    });
    const firstDay = Math.min(...perMerchantDays.map((p) => p.first));
    const chunk = this.o.chunkSize ?? 20_000;

    for (let d = firstDay; d <= today; d += 1) {
      for (let mi = 0; mi < this.o.merchants.length; mi += 1) {
        const m = this.o.merchants[mi] as TradeMerchantPlan;
        const plan = perMerchantDays[mi];
        const n = plan && d >= plan.first ? (plan.counts[d - plan.first] ?? 0) : 0;
        if (n > 0) this.generateDay(payments, m, gateways, d, n);
      }
      if (payments.pending >= chunk) await this.flush(payments, events);
    }
    await this.flush(payments, events);
    await this.writer.syncSequences(['transactions', 'refunds', 'disputes']);
    if (restoreIndexes) await restoreIndexes();
    const rollupRows = await rebuildRollups(this.db);
    await this.writer.analyze(['transactions', 'refunds', 'disputes', 'trade_rollups', 'trade_rollups_day', 'trade_rollups_month']);
    return { ...this.written, rollupRows, elapsedMs: Date.now() - started };
  }

  private async flush(payments: Payments, events: FollowOnEvents): Promise<void> {
    if (payments.pending === 0) return;
    const tx = payments.take();
    const { refunds, disputes } = events.take();
    await inTransaction(this.db, async (trx) => {
      await this.writer.insert(trx, 'transactions', TX_COLUMNS, tx);
      // Disputes before refunds: a refund made for an alert references its dispute.
      await this.writer.insert(trx, 'disputes', DISPUTE_COLUMNS, disputes);
      await this.writer.insert(trx, 'refunds', REFUND_COLUMNS, refunds);
    });
    this.written.transactions += tx.length;
    this.written.disputes += disputes.length;
    this.written.refunds += refunds.length;
    this.o.onProgress?.(this.written.transactions, this.o.transactions);
  }

  private generateDay(payments: Payments, m: TradeMerchantPlan, gateways: Map<number, GatewayState>, day: number, n: number): void {
    const rng = this.rng;
    const start = day * DAY - TZ;
    const end = Math.min(start + DAY, this.o.now);
    const times: number[] = [];
    for (let i = 0; i < n; i += 1) {
      let t = end;
      for (let tries = 0; tries < 20 && t >= end; tries += 1) {
        const hour = pickIndex(rng, HOUR_WEIGHTS);
        t = start + hour * HOUR + Math.floor(rng.next() * HOUR);
      }
      if (t >= end) t = start + Math.floor(rng.next() * (end - start));
      times.push(t);
    }
    times.sort((a, b) => a - b);
    const gwList = m.gateways.map((g) => gateways.get(g.gatewayId) as GatewayState);
    const gwTable = weighted(gwList, (g) => g.plan.weight);
    let i = 0;
    while (i < times.length) {
      const g = pick(rng, gwTable);
      const t = times[i] as number;
      i += 1;
      const row = payments.transaction(g, t);
      // A failed payment is often retried at once with the same card and amount, failing again.
      const failed = row.pay_status === PayStatus.failed || row.pay_status === PayStatus.threeDRefused;
      if (failed && row.category === TradeCategory.formal && i < times.length && rng.next() < 0.25) {
        const again = t + 30_000 + Math.floor(rng.next() * 10 * 60_000);
        if (again < end) {
          i += 1;
          payments.duplicate(g, row, again);
        }
      }
    }
  }
}

/** Generates and writes the data, then rebuilds the rollups so every report matches the raw rows. */
export async function generateTradeData(db: Db, options: TradeGeneratorOptions): Promise<TradeGeneratorSummary> {
  return new TradeGenerator(db, options).run();
}
