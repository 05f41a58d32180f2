import { sql, type Insertable, type InsertObject } from 'kysely';
import { passesLuhn } from '@mbo/shared/link-cards';
import { DisputeKind, PayStatus, ProcessingType, TradeCategory, TradeType } from '@mbo/shared/trade-enums';
import type { Db } from '../src/db/database';
import type { Database, TransactionsTable } from '../src/db/types';
import type { TradeGatewayPlan, TradeMerchantPlan } from '../src/seed/trade-rows';
import { recordTransaction } from '../src/domains/transactions/repository';
import type { GatewayRow, MerchantRow } from './factories';

let seq = 0;

/** A transaction's time, for the `trade_at` a refund or case of it carries (migration 0038). */
export function tradeAtOf(transactionId: number) {
  return sql<number>`(select created_at from transactions where id = ${transactionId})`;
}

/**
 * A case of a transaction as a chargeback is stored when it is raised: in the gateway's currency, its
 * settled amount its amount, no deadline, never answered, decided, refunded or reminded, last changed
 * when made. `o` gives its number, amount and time, and any other column.
 */
export function caseOfTrade(
  merchant: MerchantRow,
  gateway: GatewayRow,
  transactionId: number,
  o: Pick<InsertObject<Database, 'disputes'>, 'case_no'> & { amount: number; created_at: number } & Partial<
      InsertObject<Database, 'disputes'>
    >,
): InsertObject<Database, 'disputes'> {
  return {
    merchant_id: merchant.id,
    gateway_id: gateway.id,
    transaction_id: transactionId,
    kind: DisputeKind.chargeback,
    processing_type: ProcessingType.chargeback,
    currency: gateway.currency,
    settle_amount: o.amount,
    reply_deadline: null,
    appealed_at: null,
    decided_at: null,
    refund_id: null,
    reminded_5d_at: null,
    reminded_24h_at: null,
    trade_at: tradeAtOf(transactionId),
    updated_at: o.created_at,
    ...o,
  };
}

export type TransactionRow = { id: number; tradeNo: string; amount: number; currency: string; settleAmount: number };

/**
 * A gateway record for tests, written the way the gateway writes them (recordTransaction: the row and
 * its rollup in one transaction). Defaults: a successful Visa consumption of 100.00 in the gateway's
 * currency, entered one hour before `createdAt` (or now).
 */
export async function createTransaction(
  db: Db,
  merchant: MerchantRow,
  gateway: GatewayRow,
  o: Partial<Insertable<TransactionsTable>> = {},
): Promise<TransactionRow> {
  seq += 1;
  const createdAt = o.created_at ?? Date.now() - 3_600_000;
  const amount = o.amount ?? 10_000;
  const row: Insertable<TransactionsTable> = {
    merchant_id: merchant.id,
    gateway_id: gateway.id,
    category: TradeCategory.formal,
    trade_no: `T${merchant.id}${String(Date.now()).slice(-6)}${String(seq).padStart(6, '0')}`,
    merchant_order_no: `ORD-${seq}`,
    trade_type: TradeType.consumption,
    pay_status: PayStatus.success,
    card_scheme: 'VISA',
    card_first6: '411111',
    card_last4: '1111',
    currency: gateway.currency,
    amount,
    settle_currency: gateway.currency,
    settle_amount: o.settle_amount ?? amount,
    email: `buyer${seq}@example.com`,
    ip: '203.0.113.10',
    customer_name: 'Test Buyer',
    created_at: createdAt,
    submitted_at: createdAt + 1_000,
    returned_at: createdAt + 3_000,
    ...o,
  };
  const id = await recordTransaction(db, row);
  return { id, tradeNo: row.trade_no, amount, currency: row.currency, settleAmount: row.settle_amount };
}

/**
 * A merchant registered 400 days before `now` and one gateway per currency (numbered merchant number +
 * 01, 02, …), as a trade-generator plan: the data-generation tests plan fixed numbers so that two
 * databases get identical data.
 */
export async function createPlannedMerchant(
  db: Db,
  o: {
    merchantNo: string;
    currencies: readonly string[];
    now: number;
    orderPrefix: string;
    weight: number;
    months: number;
    gatewayWeight: (index: number) => number;
  },
): Promise<TradeMerchantPlan> {
  const registered = o.now - 400 * 86_400_000;
  const m = await db
    .insertInto('merchants')
    .values({
      merchant_no: o.merchantNo,
      name: `Merchant ${o.merchantNo}`,
      status: 1,
      region: 'overseas',
      contract_start: null,
      contract_end: null,
      registered_at: registered,
      services: 'visa,mastercard',
      created_at: registered,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gateways: TradeGatewayPlan[] = [];
  for (const [i, currency] of o.currencies.entries()) {
    const gatewayNo = `${o.merchantNo}${String(i + 1).padStart(2, '0')}`;
    const g = await db
      .insertInto('gateways')
      .values({ merchant_id: m.id, gateway_no: gatewayNo, name: gatewayNo, currency, status: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    gateways.push({ gatewayId: g.id, gatewayNo, currency, weight: o.gatewayWeight(i) });
  }
  return {
    merchantId: m.id,
    merchantNo: o.merchantNo,
    orderPrefix: o.orderPrefix,
    siteHost: 'shop.example',
    weight: o.weight,
    months: o.months,
    gateways,
  };
}

/** A new card number passing the Luhn check that is none of the hosted page's test cards: the test gateway declines it. */
let cardSeq = 0;
export function freshCard(): string {
  cardSeq += 1;
  const body = `4111${String(process.pid % 100).padStart(2, '0')}${String(cardSeq).padStart(9, '0')}`;
  for (let check = 0; check < 10; check += 1) {
    if (passesLuhn(`${body}${check}`)) return `${body}${check}`;
  }
  throw new Error('no check digit');
}
