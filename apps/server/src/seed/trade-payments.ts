import { minorUnitsOf } from '@mbo/shared/money';
import {
  AbnormalStatus,
  AppealStatus,
  International,
  PayStatus,
  ReserveStatus,
  SettleStatus,
  TradeCategory,
  TradeType,
} from '@mbo/shared/trade-enums';
import type { SqlValue } from './trade-bulk-writer';
import type { FollowOnEvents } from './trade-events';
import {
  COUNTERFEIT_MESSAGE,
  COUNTRIES,
  HIGH_RISK_COUNTRIES,
  HOME_COUNTRY,
  MEDIAN_AMOUNT,
  RETURN_MESSAGES,
  RISK_DECLINE_MESSAGE,
  RISK_RULES,
  SCHEMES,
  TEST_BINS,
  USD_PER_UNIT,
  type Country,
} from './trade-generator-data';
import { digits, oneOf, pick, weighted, type Rng, type Weighted } from './trade-rng';
import { DAY, TX_COLUMNS, TZ, type GatewayState, type TradeMerchantPlan, type TxRow } from './trade-rows';

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

function asciiLower(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

function convert(amountMinor: number, from: string, to: string): number {
  if (from === to) return amountMinor;
  const major = amountMinor / 10 ** minorUnitsOf(from);
  return Math.max(1, Math.round(((major * (USD_PER_UNIT[from] ?? 1)) / (USD_PER_UNIT[to] ?? 1)) * 10 ** minorUnitsOf(to)));
}

/**
 * The gateway's record of each payment: category, buyer, card, amounts, outcome and settlement, plus a
 * failed payment's immediate retry. An approved payment hands over to `FollowOnEvents`.
 */
/** How a formal payment ends, from one draw in [0, 1): 80 % success, then failed, 3-D refused, to be confirmed, unpaid. */
function formalOutcome(p: number): number {
  if (p < 0.8) return PayStatus.success;
  if (p < 0.92) return PayStatus.failed;
  if (p < 0.95) return PayStatus.threeDRefused;
  if (p < 0.97) return PayStatus.toBeConfirmed;
  return PayStatus.unpaid;
}

export class Payments {
  /** Rows not written yet, in column order. */
  private rows: SqlValue[][] = [];
  private readonly schemeTables = new Map<number, Weighted<(typeof SCHEMES)[number]>>();

  constructor(
    private readonly rng: Rng,
    private readonly now: number,
    private nextTx: number,
    private readonly events: FollowOnEvents,
  ) {}

  /** Card schemes a merchant's buyers pay with, by share. */
  addMerchant(m: TradeMerchantPlan): void {
    const allowed = m.schemes ?? SCHEMES.map((s) => s.scheme);
    this.schemeTables.set(
      m.merchantId,
      weighted(
        SCHEMES.filter((s) => allowed.includes(s.scheme)),
        (s) => s.weight,
      ),
    );
  }

  get pending(): number {
    return this.rows.length;
  }

  /** The transaction rows gathered since the last call. */
  take(): SqlValue[][] {
    const rows = this.rows;
    this.rows = [];
    return rows;
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

  transaction(g: GatewayState, t: number): TxRow {
    const rng = this.rng;
    const m = g.merchant;
    const now = this.now;
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
      // A pre-authorization may still wait for its capture; past that, it ends as any payment does.
      payStatus = tradeType === TradeType.preAuthorization && p < 0.25 ? PayStatus.preAuthConfirming : formalOutcome(p);
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
    if (approved) this.events.followOn(g, row);
    this.rows.push(TX_COLUMNS.map((k) => row[k]));
    return row;
  }

  /** The same card and amount failing again minutes later: counted as a duplicate failure. */
  duplicate(g: GatewayState, first: TxRow, t: number): void {
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
    this.rows.push(TX_COLUMNS.map((k) => row[k]));
  }
}
