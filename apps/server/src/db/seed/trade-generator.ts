import {
  AbnormalStatus,
  AppealStatus,
  DisputeKind,
  International,
  PayStatus,
  ProcessingType,
  RefundMethod,
  RefundProcessing,
  RefundSource,
  RefundType,
  ReserveStatus,
  SettleStatus,
  TradeCategory,
  TradeType,
} from '@mbo/shared/trade-enums';
import { minorUnitsOf } from '@mbo/shared/money';
import type { Db } from '../database';
import { rebuildRollups } from '../../platform/rollups';
import { BulkWriter, dialectOfDb, type SqlValue } from './trade-bulk-writer';
import {
  CHARGEBACK_REASONS,
  COUNTERFEIT_MESSAGE,
  COUNTRIES,
  FRAUD_REPORT_REASON,
  HIGH_RISK_COUNTRIES,
  HOME_COUNTRY,
  MEDIAN_AMOUNT,
  REFUND_REASONS,
  RETRIEVAL_REASON,
  RETURN_MESSAGES,
  RISK_DECLINE_MESSAGE,
  RISK_RULES,
  SCHEMES,
  TEST_BINS,
  USD_PER_UNIT,
  type Country,
} from './trade-generator-data';
import { createRng, type Rng } from './trade-rng';

/**
 * The acquiring-data generator: what the gateway would have recorded for a merchant over the last
 * months, written straight into transactions, refunds and disputes, then rolled up.
 *
 * Deterministic: the same seed, `now` and plan give the same rows (ids included, on an empty table).
 * Rows are generated day by day, oldest first, and written in chunks, so memory stays flat at any
 * size. Follow-on events (refunds, chargebacks, retrievals, alerts, fraud reports) are decided when
 * their transaction is generated and only written when they happened before `now`; the transaction's
 * flags are set from exactly the events written, so the two always agree.
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Business days are cut at midnight UTC+08:00 (spec §9); so is the traffic's daily rhythm. */
const TZ = 8 * HOUR;

export type TradeGatewayPlan = {
  gatewayId: number;
  gatewayNo: string;
  currency: string;
  weight: number;
  mastercardChargebackRate?: number;
};
export type TradeMerchantPlan = {
  merchantId: number;
  merchantNo: string;
  /** Merchant order numbers start with this (e.g. "HL"). */
  orderPrefix: string;
  siteHost: string;
  /** Share of the total among merchants. */
  weight: number;
  /** How far back this merchant's traffic goes. */
  months: number;
  /** Card schemes the merchant accepts (default: all). */
  schemes?: readonly string[];
  gateways: readonly TradeGatewayPlan[];
};

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

const TX_COLUMNS = [
  'id',
  'merchant_id',
  'gateway_id',
  'category',
  'trade_no',
  'merchant_order_no',
  'trade_type',
  'pay_status',
  'card_scheme',
  'card_first6',
  'card_last4',
  'currency',
  'amount',
  'settle_currency',
  'settle_amount',
  'return_message',
  'settle_status',
  'reserve_status',
  'reserve_amount',
  'abnormal_status',
  'refunded_amount',
  'refund_pending_amount',
  'refund_status',
  'chargeback_status',
  'rdr_status',
  'ethoca_status',
  'retrieval_status',
  'appeal_status',
  'duplicate_failure',
  'email',
  'ip',
  'trade_url',
  'customer_name',
  'customer_email',
  'customer_zip',
  'customer_phone',
  'customer_address',
  'customer_city',
  'customer_state',
  'shipping_name',
  'shipping_zip',
  'shipping_address',
  'shipping_country',
  'shipping_email',
  'shipping_phone',
  'shipping_city',
  'shipping_state',
  'bill_country',
  'payment_country',
  'issuer_real_country',
  'ip_bill_country',
  'issuer_name',
  'issuer_country',
  'risk_rules',
  'high_risk_country',
  'international',
  'created_at',
  'submitted_at',
  'returned_at',
] as const;
type TxRow = Record<(typeof TX_COLUMNS)[number], SqlValue>;

const REFUND_COLUMNS = [
  'id',
  'merchant_id',
  'gateway_id',
  'transaction_id',
  'refund_no',
  'refund_type',
  'method',
  'source',
  'dispute_id',
  'currency',
  'amount',
  'settle_amount',
  'available_amount',
  'reason',
  'applicant',
  'applicant_admin_id',
  'status',
  'fail_reason',
  'applied_at',
  'processed_at',
] as const;
type RefundRow = Record<(typeof REFUND_COLUMNS)[number], SqlValue>;

const DISPUTE_COLUMNS = [
  'id',
  'merchant_id',
  'gateway_id',
  'transaction_id',
  'case_no',
  'kind',
  'processing_type',
  'currency',
  'amount',
  'settle_amount',
  'chargeback_amount',
  'appeal_amount',
  'alert_amount',
  'settle_batch',
  'reason_code',
  'reason',
  'reply_deadline',
  'appeal_status',
  'appeal_note',
  'appealed_at',
  'decided_at',
  'refund_id',
  'reminded_5d_at',
  'reminded_24h_at',
  'created_at',
  'updated_at',
] as const;
type DisputeRow = Record<(typeof DISPUTE_COLUMNS)[number], SqlValue>;

/** Relative traffic by hour of the day in UTC+08:00: quiet at night, busiest in the evening. */
const HOUR_WEIGHTS = [4, 3, 2, 1.5, 1, 1, 1.5, 2.5, 4, 5, 5.5, 6, 6.5, 6, 5.5, 5.5, 6, 6.5, 7, 8, 9, 9.5, 8.5, 6];
/** Relative traffic by weekday (0 = Sunday) in UTC+08:00. */
const WEEKDAY_WEIGHTS = [0.8, 1.08, 1.1, 1.1, 1.1, 1.05, 0.87];

type Weighted<T> = { items: readonly T[]; cumulative: Float64Array; total: number };
function weighted<T>(items: readonly T[], weightOf: (t: T) => number): Weighted<T> {
  const cumulative = new Float64Array(items.length);
  let total = 0;
  items.forEach((t, i) => {
    total += weightOf(t);
    cumulative[i] = total;
  });
  return { items, cumulative, total };
}
function pick<T>(rng: Rng, w: Weighted<T>): T {
  const x = rng.next() * w.total;
  let lo = 0;
  let hi = w.items.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((w.cumulative[mid] ?? 0) > x) hi = mid;
    else lo = mid + 1;
  }
  return w.items[lo] as T;
}
function oneOf<T>(rng: Rng, list: readonly T[]): T {
  return list[Math.floor(rng.next() * list.length)] as T;
}
function digits(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i += 1) s += Math.floor(rng.next() * 10);
  return s;
}
function asciiLower(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}
/** Splits `total` over `weights` exactly (cumulative rounding keeps the sum). */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  let prev = 0;
  return weights.map((w) => {
    acc += w;
    const upto = sum > 0 ? Math.round((total * acc) / sum) : 0;
    const n = upto - prev;
    prev = upto;
    return n;
  });
}

function convert(amountMinor: number, from: string, to: string): number {
  if (from === to) return amountMinor;
  const major = amountMinor / 10 ** minorUnitsOf(from);
  return Math.max(1, Math.round(((major * (USD_PER_UNIT[from] ?? 1)) / (USD_PER_UNIT[to] ?? 1)) * 10 ** minorUnitsOf(to)));
}

type Buyer = {
  country: Country;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
};

type GatewayState = {
  plan: TradeGatewayPlan;
  merchant: TradeMerchantPlan;
  tradeSeq: number;
  refundSeq: number;
  caseSeq: number;
  countries: Weighted<Country>;
};

type Forced = { chargebacks: number; ethoca: number; retrievals: number };

export class TradeGenerator {
  private readonly rng: Rng;
  private readonly writer: BulkWriter;
  private nextTx = 1;
  private nextRefund = 1;
  private nextDispute = 1;
  private txBuf: SqlValue[][] = [];
  private refundBuf: SqlValue[][] = [];
  private disputeBuf: SqlValue[][] = [];
  private written = { transactions: 0, refunds: 0, disputes: 0 };
  private readonly forced = new Map<number, Forced>();
  private readonly schemeTables = new Map<number, Weighted<(typeof SCHEMES)[number]>>();

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
    this.nextTx = await this.writer.nextId('transactions');
    this.nextRefund = await this.writer.nextId('refunds');
    this.nextDispute = await this.writer.nextId('disputes');
    const restoreIndexes = this.o.transactions >= 20_000 ? await this.writer.dropIndexes(['transactions', 'refunds', 'disputes']) : null;

    const gateways = new Map<number, GatewayState>();
    for (const m of this.o.merchants) {
      this.forced.set(m.merchantId, { chargebacks: 4, ethoca: 2, retrievals: 1 });
      const allowed = m.schemes ?? SCHEMES.map((s) => s.scheme);
      this.schemeTables.set(
        m.merchantId,
        weighted(
          SCHEMES.filter((s) => allowed.includes(s.scheme)),
          (s) => s.weight,
        ),
      );
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
        if (n > 0) this.generateDay(m, gateways, d, n);
      }
      if (this.txBuf.length >= chunk) await this.flush();
    }
    await this.flush();
    await this.writer.syncSequences(['transactions', 'refunds', 'disputes']);
    if (restoreIndexes) await restoreIndexes();
    const rollupRows = await rebuildRollups(this.db);
    await this.writer.analyze(['transactions', 'refunds', 'disputes', 'trade_rollups']);
    return { ...this.written, rollupRows, elapsedMs: Date.now() - started };
  }

  private async flush(): Promise<void> {
    if (this.txBuf.length === 0) return;
    const tx = this.txBuf;
    const disputes = this.disputeBuf;
    const refunds = this.refundBuf;
    this.txBuf = [];
    this.disputeBuf = [];
    this.refundBuf = [];
    await this.db.transaction().execute(async (trx) => {
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

  private generateDay(m: TradeMerchantPlan, gateways: Map<number, GatewayState>, day: number, n: number): void {
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
      const row = this.transaction(g, t);
      // A failed payment is often retried at once with the same card and amount, failing again.
      const failed = row.pay_status === PayStatus.failed || row.pay_status === PayStatus.threeDRefused;
      if (failed && row.category === TradeCategory.formal && i < times.length && rng.next() < 0.25) {
        const again = t + 30_000 + Math.floor(rng.next() * 10 * 60_000);
        if (again < end) {
          i += 1;
          this.duplicate(g, row, again);
        }
      }
    }
  }

  private buyer(country: Country): Buyer {
    const rng = this.rng;
    const first = oneOf(rng, country.firstNames);
    const last = oneOf(rng, country.lastNames);
    const place = oneOf(rng, country.cities);
    const domain = oneOf(rng, ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me', 'hotmail.com']);
    return {
      country,
      name: `${first} ${last}`,
      email: `${asciiLower(first)}.${asciiLower(last)}${Math.floor(rng.next() * 1000)}@${domain}`,
      phone: `${country.phonePrefix}${digits(rng, 9)}`,
      address: `${1 + Math.floor(rng.next() * 240)} ${oneOf(rng, country.streets)}`,
      city: place.city,
      state: place.state,
      zip: place.zip,
    };
  }

  private transaction(g: GatewayState, t: number): TxRow {
    const rng = this.rng;
    const m = g.merchant;
    const now = this.o.now;
    const c = rng.next();
    const category =
      c < 0.86
        ? TradeCategory.formal
        : c < 0.92
          ? TradeCategory.riskDeclined
          : c < 0.97
            ? TradeCategory.uncompleted
            : c < 0.99
              ? TradeCategory.test
              : TradeCategory.counterfeit;
    const tradeType = rng.next() < 0.08 ? TradeType.preAuthorization : TradeType.consumption;
    const scheme = pick(rng, this.schemeTables.get(m.merchantId) as Weighted<(typeof SCHEMES)[number]>);
    // Risk-declined traffic leans towards high-risk countries.
    const country =
      category === TradeCategory.riskDeclined && rng.next() < 0.3
        ? oneOf(
            rng,
            COUNTRIES.filter((x) => HIGH_RISK_COUNTRIES.has(x.code)),
          )
        : pick(rng, g.countries);
    const buyer = this.buyer(country);
    const shipDifferent = rng.next() < 0.15;
    const ship = shipDifferent ? this.buyer(country) : buyer;
    const ipCountry = rng.next() < 0.05 ? pick(rng, g.countries) : country;
    const issuerCountry = rng.next() < 0.03 ? pick(rng, g.countries) : country;

    const settleCurrency = g.plan.currency;
    const payCurrency = rng.next() < 0.75 || !(country.currency in MEDIAN_AMOUNT) ? settleCurrency : country.currency;
    const major = (MEDIAN_AMOUNT[payCurrency] ?? 60) * Math.exp(0.75 * rng.gaussian());
    const unit = 10 ** minorUnitsOf(payCurrency);
    const amount = Math.max(unit, Math.round(major * unit));
    const settleAmount = convert(amount, payCurrency, settleCurrency);

    let payStatus: number;
    let riskRules = '';
    let message: string;
    if (category === TradeCategory.formal) {
      const p = rng.next();
      if (tradeType === TradeType.preAuthorization)
        payStatus =
          p < 0.25
            ? PayStatus.preAuthConfirming
            : p < 0.8
              ? PayStatus.success
              : p < 0.92
                ? PayStatus.failed
                : p < 0.95
                  ? PayStatus.threeDRefused
                  : p < 0.97
                    ? PayStatus.toBeConfirmed
                    : PayStatus.unpaid;
      else
        payStatus =
          p < 0.8
            ? PayStatus.success
            : p < 0.92
              ? PayStatus.failed
              : p < 0.95
                ? PayStatus.threeDRefused
                : p < 0.97
                  ? PayStatus.toBeConfirmed
                  : PayStatus.unpaid;
      message = oneOf(rng, RETURN_MESSAGES[payStatus] ?? ['']);
    } else if (category === TradeCategory.riskDeclined) {
      payStatus = PayStatus.failed;
      const rules = new Set<string>();
      if (HIGH_RISK_COUNTRIES.has(country.code)) rules.add('R001');
      if (ipCountry !== country) rules.add('R005');
      const want = 1 + Math.floor(rng.next() * 3);
      while (rules.size < want) rules.add(oneOf(rng, RISK_RULES));
      riskRules = [...rules].sort().slice(0, 3).join(',');
      message = RISK_DECLINE_MESSAGE;
    } else if (category === TradeCategory.uncompleted) {
      payStatus = PayStatus.unpaid;
      message = oneOf(rng, RETURN_MESSAGES[PayStatus.unpaid] ?? ['']);
    } else if (category === TradeCategory.test) {
      payStatus = rng.next() < 0.7 ? PayStatus.success : PayStatus.failed;
      message = oneOf(rng, RETURN_MESSAGES[payStatus] ?? ['']);
    } else {
      payStatus = PayStatus.failed;
      message = COUNTERFEIT_MESSAGE;
    }

    g.tradeSeq += 1;
    const ymd = new Date(t + TZ).toISOString().slice(2, 10).replace(/-/g, '');
    const submitted = category === TradeCategory.uncompleted ? null : t + 5_000 + Math.floor(rng.next() * 85_000);
    const returned = submitted === null || payStatus === PayStatus.unpaid ? null : submitted + 1_000 + Math.floor(rng.next() * 7_000);
    const approved = category === TradeCategory.formal && payStatus === PayStatus.success;
    const age = now - t;
    const reserve = approved ? Math.round(settleAmount * 0.05) : 0;
    const highRisk = [country.code, ipCountry.code, issuerCountry.code].some((x) => HIGH_RISK_COUNTRIES.has(x)) ? 1 : 0;
    const international =
      rng.next() < 0.03
        ? International.indeterminacy
        : issuerCountry.code === HOME_COUNTRY[settleCurrency]
          ? International.no
          : International.yes;

    const row: TxRow = {
      id: this.nextTx++,
      merchant_id: m.merchantId,
      gateway_id: g.plan.gatewayId,
      category,
      trade_no: `T${g.plan.gatewayNo}${String(g.tradeSeq).padStart(9, '0')}`,
      merchant_order_no: `${m.orderPrefix}${ymd}${String(g.tradeSeq).padStart(7, '0')}`,
      trade_type: tradeType,
      pay_status: payStatus,
      card_scheme: scheme.scheme,
      card_first6: category === TradeCategory.test ? (TEST_BINS[scheme.scheme] ?? '411111') : oneOf(rng, scheme.bins),
      card_last4: digits(rng, 4),
      currency: payCurrency,
      amount,
      settle_currency: settleCurrency,
      settle_amount: settleAmount,
      return_message: message,
      settle_status: approved
        ? age > 7 * DAY
          ? SettleStatus.settled
          : age > 3 * DAY
            ? SettleStatus.tabulated
            : SettleStatus.unsettled
        : 0,
      reserve_status: reserve > 0 ? (age > 180 * DAY ? ReserveStatus.returned : ReserveStatus.held) : ReserveStatus.none,
      reserve_amount: reserve,
      abnormal_status: AbnormalStatus.none,
      refunded_amount: 0,
      refund_pending_amount: 0,
      refund_status: 0,
      chargeback_status: 0,
      rdr_status: 0,
      ethoca_status: 0,
      retrieval_status: 0,
      appeal_status: AppealStatus.none,
      duplicate_failure: 0,
      email: buyer.email,
      ip: `${oneOf(rng, ipCountry.ipPrefixes)}.${Math.floor(rng.next() * 256)}.${Math.floor(rng.next() * 256)}.${1 + Math.floor(rng.next() * 254)}`,
      trade_url: `https://${m.siteHost}/checkout`,
      customer_name: buyer.name,
      customer_email: buyer.email,
      customer_zip: buyer.zip,
      customer_phone: buyer.phone,
      customer_address: buyer.address,
      customer_city: buyer.city,
      customer_state: buyer.state,
      shipping_name: ship.name,
      shipping_zip: ship.zip,
      shipping_address: ship.address,
      shipping_country: ship.country.code,
      shipping_email: buyer.email,
      shipping_phone: ship.phone,
      shipping_city: ship.city,
      shipping_state: ship.state,
      bill_country: country.code,
      payment_country: country.code,
      issuer_real_country: rng.next() < 0.02 ? pick(rng, g.countries).code : issuerCountry.code,
      ip_bill_country: ipCountry.code,
      issuer_name: oneOf(rng, issuerCountry.issuers),
      issuer_country: issuerCountry.code,
      risk_rules: riskRules,
      high_risk_country: highRisk,
      international,
      created_at: t,
      submitted_at: submitted,
      returned_at: returned,
    };
    if (approved) this.followOn(g, row);
    this.txBuf.push(TX_COLUMNS.map((k) => row[k]));
    return row;
  }

  /** The same card and amount failing again minutes later: counted as a duplicate failure. */
  private duplicate(g: GatewayState, first: TxRow, t: number): void {
    g.tradeSeq += 1;
    const ymd = new Date(t + TZ).toISOString().slice(2, 10).replace(/-/g, '');
    const submitted = t + 5_000 + Math.floor(this.rng.next() * 30_000);
    const row: TxRow = {
      ...first,
      id: this.nextTx++,
      trade_no: `T${g.plan.gatewayNo}${String(g.tradeSeq).padStart(9, '0')}`,
      merchant_order_no: `${g.merchant.orderPrefix}${ymd}${String(g.tradeSeq).padStart(7, '0')}`,
      pay_status: PayStatus.failed,
      return_message: oneOf(this.rng, RETURN_MESSAGES[PayStatus.failed] ?? ['']),
      duplicate_failure: 1,
      created_at: t,
      submitted_at: submitted,
      returned_at: submitted + 2_000,
    };
    this.txBuf.push(TX_COLUMNS.map((k) => row[k]));
  }

  private forcedFor(merchantId: number): Forced {
    return this.forced.get(merchantId) as Forced;
  }

  /** Decides and records what happened to an approved payment after the day it was made. */
  private followOn(g: GatewayState, tx: TxRow): void {
    const rng = this.rng;
    const now = this.o.now;
    const t = tx.created_at as number;
    const scheme = tx.card_scheme as string;
    const age = now - t;
    const forced = this.forcedFor(g.merchant.merchantId);

    if (scheme === 'VISA' && rng.next() < 0.004) {
      const at = t + (5 + rng.next() * 25) * DAY;
      if (at < now) this.dispute(g, tx, DisputeKind.fraudReport, at, { reason: FRAUD_REPORT_REASON });
    }

    // Guaranteed open cases with deadlines in the next days, so the dashboard and the reminders
    // always have something to show whatever the seed.
    if (forced.chargebacks > 0 && age > 42 * DAY && age < 55 * DAY) {
      const deadline = now + (5 - forced.chargebacks) * DAY + 3 * HOUR;
      forced.chargebacks -= 1;
      this.chargeback(g, tx, deadline - 25 * DAY, ProcessingType.chargeback, deadline, true);
      return;
    }
    if (forced.ethoca > 0 && age > 8 * DAY && age < 20 * DAY && (scheme === 'VISA' || scheme === 'MASTERCARD')) {
      forced.ethoca -= 1;
      const at = now - (6 + forced.ethoca * 12) * HOUR;
      this.ethoca(g, tx, at, at + 72 * HOUR, true);
      return;
    }
    if (forced.retrievals > 0 && age > 20 * DAY && age < 30 * DAY) {
      forced.retrievals -= 1;
      this.dispute(g, tx, DisputeKind.retrieval, now - 5 * DAY, { reason: RETRIEVAL_REASON, deadline: now + 3 * DAY });
      tx.retrieval_status = 1;
      return;
    }

    const cbRate = scheme === 'MASTERCARD' ? (g.plan.mastercardChargebackRate ?? 0.0085) : scheme === 'VISA' ? 0.0055 : 0.006;
    const p = rng.next();
    let edge = 0.026;
    if (p < edge) {
      this.merchantRefunds(g, tx);
      return;
    }
    if (p < (edge += cbRate)) {
      // Some disputed payments were partly refunded first: "chargeback and refund".
      if (rng.next() < 0.1) this.merchantRefunds(g, tx, true);
      const at = t + (15 + rng.next() * 45) * DAY;
      if (at < now) this.chargeback(g, tx, at, ProcessingType.chargeback, at + (20 + rng.next() * 10) * DAY, false);
      return;
    }
    if (p < (edge += 0.003)) {
      const at = t + (10 + rng.next() * 30) * DAY;
      if (at >= now) return;
      this.dispute(g, tx, DisputeKind.retrieval, at, { reason: RETRIEVAL_REASON, deadline: at + (7 + rng.next() * 7) * DAY });
      tx.retrieval_status = 1;
      const cbAt = at + (10 + rng.next() * 10) * DAY;
      if (rng.next() < 0.3 && cbAt < now)
        this.chargeback(g, tx, cbAt, ProcessingType.retrievalToChargeback, cbAt + (20 + rng.next() * 10) * DAY, false);
      return;
    }
    // RDR is Visa's programme: about 0.5% of Visa, 0.3% of all approved payments.
    if (scheme === 'VISA' && p < (edge += 0.005)) {
      const at = t + (10 + rng.next() * 40) * DAY;
      if (at < now) this.rdr(g, tx, at);
      return;
    }
    if ((scheme === 'VISA' || scheme === 'MASTERCARD') && p < (edge += 0.0035)) {
      const at = t + (5 + rng.next() * 35) * DAY;
      if (at < now) this.ethoca(g, tx, at, at + (24 + rng.next() * 48) * HOUR, false);
    }
  }

  private refundable(tx: TxRow): number {
    return (tx.amount as number) - (tx.refunded_amount as number) - (tx.refund_pending_amount as number);
  }

  private settleShare(tx: TxRow, amount: number): number {
    return Math.round(((tx.settle_amount as number) * amount) / (tx.amount as number));
  }

  /** Writes a refund row and moves the transaction's refund figures accordingly. */
  private refund(
    g: GatewayState,
    tx: TxRow,
    r: {
      amount: number;
      source: number;
      status: number;
      appliedAt: number;
      processedAt: number | null;
      disputeId: number | null;
      reason: string;
    },
  ): number {
    const available = this.refundable(tx);
    const id = this.nextRefund++;
    g.refundSeq += 1;
    const row: RefundRow = {
      id,
      merchant_id: tx.merchant_id,
      gateway_id: tx.gateway_id,
      transaction_id: tx.id,
      refund_no: `RF${g.plan.gatewayNo}${String(g.refundSeq).padStart(8, '0')}`,
      refund_type: RefundType.single,
      method: r.amount === tx.amount ? RefundMethod.full : RefundMethod.partial,
      source: r.source,
      dispute_id: r.disputeId,
      currency: tx.currency,
      amount: r.amount,
      settle_amount: this.settleShare(tx, r.amount),
      available_amount: available,
      reason: r.reason,
      applicant: r.source === RefundSource.rdr ? 'RDR' : 'admin',
      applicant_admin_id: null,
      status: r.status,
      fail_reason: r.status === RefundProcessing.failed ? 'Issuer rejected the refund' : '',
      applied_at: r.appliedAt,
      processed_at: r.processedAt,
    };
    if (r.status === RefundProcessing.refunded) {
      tx.refunded_amount = (tx.refunded_amount as number) + r.amount;
      tx.refund_status = 1;
    } else if (r.status !== RefundProcessing.failed) tx.refund_pending_amount = (tx.refund_pending_amount as number) + r.amount;
    this.refundBuf.push(REFUND_COLUMNS.map((k) => row[k]));
    this.markAbnormal(tx);
    return id;
  }

  /** One or two merchant refunds; `partialOnly` for a payment that is about to be disputed. */
  private merchantRefunds(g: GatewayState, tx: TxRow, partialOnly = false): void {
    const rng = this.rng;
    const now = this.o.now;
    const applied = (tx.created_at as number) + (1 + 19 * rng.next() ** 2) * DAY;
    if (applied >= now) return;
    const amount = tx.amount as number;
    const full = !partialOnly && rng.next() < 0.35;
    const first = full ? amount : Math.max(1, Math.round(amount * (0.1 + 0.7 * rng.next())));
    const processed = applied + (0.5 + 2.5 * rng.next()) * DAY;
    let status: number;
    if (now - applied < 3 * DAY || processed >= now) {
      const q = rng.next();
      status = q < 0.5 ? RefundProcessing.pendingReview : q < 0.75 ? RefundProcessing.audited : RefundProcessing.processing;
    } else status = rng.next() < 0.94 ? RefundProcessing.refunded : RefundProcessing.failed;
    const done = status === RefundProcessing.refunded || status === RefundProcessing.failed;
    this.refund(g, tx, {
      amount: first,
      source: RefundSource.merchant,
      status,
      appliedAt: Math.round(applied),
      processedAt: done ? Math.round(processed) : null,
      disputeId: null,
      reason: oneOf(rng, REFUND_REASONS),
    });
    if (full || status !== RefundProcessing.refunded || partialOnly || rng.next() >= 0.12) return;
    const second = applied + (2 + 8 * rng.next()) * DAY;
    const secondDone = second + (0.5 + 2 * rng.next()) * DAY;
    const rest = this.refundable(tx);
    if (secondDone >= now || rest <= 0) return;
    this.refund(g, tx, {
      amount: Math.max(1, Math.round(rest * (0.2 + 0.8 * rng.next()))),
      source: RefundSource.merchant,
      status: RefundProcessing.refunded,
      appliedAt: Math.round(second),
      processedAt: Math.round(secondDone),
      disputeId: null,
      reason: oneOf(rng, REFUND_REASONS),
    });
  }

  private dispute(
    g: GatewayState,
    tx: TxRow,
    kind: number,
    at: number,
    o: {
      reason: { code: string; reason: string };
      deadline?: number;
      processingType?: number;
      amount?: number;
      appeal?: { status: number; appealedAt: number; decidedAt: number | null };
      refundId?: number | null;
    },
  ): number {
    const id = this.nextDispute++;
    g.caseSeq += 1;
    const prefix = { 1: 'CB', 2: 'RR', 3: 'RDR', 4: 'ETH', 5: 'FR' }[kind] ?? 'CS';
    const amount = o.amount ?? (tx.amount as number);
    const settle = this.settleShare(tx, amount);
    const when = Math.round(at);
    const processingType =
      o.processingType ??
      (kind === DisputeKind.retrieval
        ? ProcessingType.retrieval
        : kind === DisputeKind.rdrAlert
          ? ProcessingType.rdrAlert
          : kind === DisputeKind.ethocaAlert
            ? ProcessingType.ethocaAlert
            : ProcessingType.chargeback);
    const row: DisputeRow = {
      id,
      merchant_id: tx.merchant_id,
      gateway_id: tx.gateway_id,
      transaction_id: tx.id,
      case_no: `${prefix}${g.plan.gatewayNo}${String(g.caseSeq).padStart(7, '0')}`,
      kind,
      processing_type: processingType,
      currency: tx.currency,
      amount,
      settle_amount: settle,
      chargeback_amount: kind === DisputeKind.chargeback ? amount : 0,
      appeal_amount: o.appeal ? amount : 0,
      alert_amount: kind === DisputeKind.rdrAlert || kind === DisputeKind.ethocaAlert ? amount : 0,
      settle_batch: `B${new Date(when + TZ).toISOString().slice(0, 10).replace(/-/g, '')}`,
      reason_code: o.reason.code,
      reason: o.reason.reason,
      reply_deadline: o.deadline === undefined ? null : Math.round(o.deadline),
      appeal_status: o.appeal?.status ?? AppealStatus.none,
      appeal_note: o.appeal ? 'Proof of delivery and order records provided' : '',
      appealed_at: o.appeal ? Math.round(o.appeal.appealedAt) : null,
      decided_at: o.appeal?.decidedAt != null ? Math.round(o.appeal.decidedAt) : null,
      refund_id: o.refundId ?? null,
      // A reminder whose moment passed more than a day before `now` was shown back then: only the
      // last day's reminders are left for the deadline job, as on a system that has been running.
      reminded_5d_at: this.remindedBy(o.deadline, 5 * DAY),
      reminded_24h_at: this.remindedBy(o.deadline, DAY),
      created_at: when,
      updated_at: Math.round(o.appeal?.decidedAt ?? o.appeal?.appealedAt ?? at),
    };
    this.disputeBuf.push(DISPUTE_COLUMNS.map((k) => row[k]));
    return id;
  }

  private remindedBy(deadline: number | undefined, before: number): number | null {
    if (deadline === undefined) return null;
    const moment = Math.round(deadline - before);
    return moment < this.o.now - DAY ? moment : null;
  }

  private chargeback(g: GatewayState, tx: TxRow, at: number, processingType: number, deadline: number, open: boolean): void {
    const rng = this.rng;
    const now = this.o.now;
    const reasons = CHARGEBACK_REASONS[tx.card_scheme as string] ?? CHARGEBACK_REASONS.VISA ?? [];
    const reason = oneOf(rng, reasons);
    let appeal: { status: number; appealedAt: number; decidedAt: number | null } | undefined;
    let type = processingType;
    if (!open) {
      const appealed = deadline <= now ? rng.next() < 0.45 : rng.next() < 0.25;
      if (appealed) {
        const appealedAt = at + (deadline <= now ? (deadline - at) * (0.2 + 0.7 * rng.next()) : (now - at) * rng.next());
        const decidedAt = appealedAt + (10 + 25 * rng.next()) * DAY;
        if (decidedAt < now) {
          const won = rng.next() < 0.45;
          appeal = { status: won ? AppealStatus.success : AppealStatus.failed, appealedAt, decidedAt };
          type = won ? ProcessingType.appealSuccessful : ProcessingType.appealFailed;
        } else {
          appeal = { status: AppealStatus.underAppeal, appealedAt, decidedAt: null };
          type = ProcessingType.appealPending;
        }
      }
    }
    this.dispute(g, tx, DisputeKind.chargeback, at, {
      reason,
      deadline,
      processingType: type,
      amount: this.refundable(tx) > 0 ? (tx.amount as number) - (tx.refunded_amount as number) : (tx.amount as number),
      appeal,
    });
    tx.chargeback_status = 1;
    tx.appeal_status = appeal?.status ?? AppealStatus.none;
    if (reason.fraud) tx.abnormal_status = AbnormalStatus.fraudulentChargeback;
    this.markAbnormal(tx);
  }

  private rdr(g: GatewayState, tx: TxRow, at: number): void {
    const amount = this.refundable(tx);
    if (amount <= 0) return;
    const disputeId = this.nextDispute;
    const refundId = this.nextRefund;
    this.dispute(g, tx, DisputeKind.rdrAlert, at, { reason: { code: 'RDR', reason: 'Rapid Dispute Resolution refund' }, amount, refundId });
    this.refund(g, tx, {
      amount,
      source: RefundSource.rdr,
      status: RefundProcessing.refunded,
      appliedAt: Math.round(at),
      processedAt: Math.round(at),
      disputeId,
      reason: 'RDR alert',
    });
    tx.rdr_status = 1;
  }

  private ethoca(g: GatewayState, tx: TxRow, at: number, deadline: number, open: boolean): void {
    const rng = this.rng;
    const now = this.o.now;
    const amount = this.refundable(tx);
    if (amount <= 0) return;
    const disputeId = this.nextDispute;
    let refundId: number | null = null;
    const answered = !open && deadline <= now && rng.next() < 0.85;
    const appliedAt = at + (deadline - at) * (0.2 + 0.7 * rng.next());
    if (answered) refundId = this.nextRefund;
    this.dispute(g, tx, DisputeKind.ethocaAlert, at, {
      reason: { code: 'ETHOCA', reason: 'Issuer confirmed fraud alert' },
      deadline,
      amount,
      refundId,
    });
    if (answered) {
      const processedAt = appliedAt + (2 + 10 * rng.next()) * HOUR;
      const done = processedAt < now;
      this.refund(g, tx, {
        amount,
        source: RefundSource.ethoca,
        status: done ? RefundProcessing.refunded : RefundProcessing.processing,
        appliedAt: Math.round(appliedAt),
        processedAt: done ? Math.round(processedAt) : null,
        disputeId,
        reason: 'Ethoca alert',
      });
    }
    tx.ethoca_status = 1;
  }

  private markAbnormal(tx: TxRow): void {
    if (tx.abnormal_status === AbnormalStatus.fraudulentChargeback) return;
    const refunded = (tx.refunded_amount as number) > 0 || (tx.refund_pending_amount as number) > 0;
    const cb = tx.chargeback_status === 1;
    tx.abnormal_status =
      cb && refunded
        ? AbnormalStatus.chargebackAndRefund
        : cb
          ? AbnormalStatus.chargeback
          : refunded
            ? AbnormalStatus.refund
            : AbnormalStatus.none;
  }
}

function pickIndex(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let x = rng.next() * total;
  for (let i = 0; i < weights.length; i += 1) {
    x -= weights[i] ?? 0;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/** Generates and writes the data, then rebuilds the rollups so every report matches the raw rows. */
export async function generateTradeData(db: Db, options: TradeGeneratorOptions): Promise<TradeGeneratorSummary> {
  return new TradeGenerator(db, options).run();
}
