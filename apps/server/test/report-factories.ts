import { DisputeKind, PayStatus, ProcessingType, RefundMethod, RefundProcessing, RefundSource, RefundType } from '@mbo/shared/trade-enums';
import type { Db } from '../src/db/database';
import { addToRollup, disputeDelta } from '../src/platform/rollups';
import { createGateway, createMerchant, type GatewayRow, type MerchantRow } from './factories';
import { caseOfTrade, createTransaction, tradeAtOf } from './trade-factories';

/*
 * Records for report tests, written the way the other areas write them: the row and its rollup in
 * one transaction, so reports (which read only rollups) can be compared with sums of the records.
 */

/** Deterministic PRNG (mulberry32) so a failure can be replayed. */
export function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rollup counts written straight into a day of a scheme (12:00 in UTC+08:00); monitoring and programmes read nothing else. */
export async function addRollupCounts(
  db: Db,
  m: MerchantRow,
  g: GatewayRow,
  scheme: string,
  day: string,
  delta: Record<string, number>,
): Promise<void> {
  await addToRollup(
    db,
    { merchantId: m.id, gatewayId: g.id, cardScheme: scheme, currency: g.currency, at: Date.parse(`${day}T04:00:00Z`) },
    delta,
  );
}

let caseSeq = 0;
/** A dispute row and its rollup, as the disputes area writes them. */
export async function addDispute(
  db: Db,
  m: MerchantRow,
  g: GatewayRow,
  txId: number,
  kind: number,
  settleAmount: number,
  at: number,
  scheme = 'VISA',
) {
  caseSeq += 1;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('disputes')
      .values(
        caseOfTrade(m, g, txId, {
          case_no: `CASE-R-${m.id}-${caseSeq}`,
          kind,
          processing_type: kind === DisputeKind.retrieval ? ProcessingType.retrieval : ProcessingType.chargeback,
          amount: settleAmount,
          reply_deadline: at + 10 * 86_400_000,
          created_at: at,
        }),
      )
      .execute();
    await addToRollup(
      trx,
      { merchantId: m.id, gatewayId: g.id, cardScheme: scheme, currency: g.currency, at },
      disputeDelta(kind, settleAmount),
    );
  });
}

let refundSeq = 0;
/** A refund that succeeded at `at`, and its rollup. */
export async function addRefund(db: Db, m: MerchantRow, g: GatewayRow, txId: number, settleAmount: number, at: number) {
  refundSeq += 1;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('refunds')
      .values({
        merchant_id: m.id,
        gateway_id: g.id,
        transaction_id: txId,
        refund_no: `RF-R-${m.id}-${refundSeq}`,
        refund_type: RefundType.single,
        method: RefundMethod.partial,
        source: RefundSource.merchant,
        dispute_id: null,
        currency: g.currency,
        amount: settleAmount,
        settle_amount: settleAmount,
        available_amount: settleAmount,
        reason: 'test',
        applicant: 'tester',
        applicant_admin_id: null,
        status: RefundProcessing.refunded,
        applied_at: at - 1000,
        trade_at: tradeAtOf(txId),
        processed_at: at,
      })
      .execute();
    await addToRollup(
      trx,
      { merchantId: m.id, gatewayId: g.id, cardScheme: 'VISA', currency: g.currency, at },
      { refund_count: 1, refund_amount: settleAmount },
    );
  });
}

type Generated = { gateway: GatewayRow; at: number; pay: number; amount: number; dup: number };

/**
 * A merchant with a USD and a EUR gateway and random records around the business day 2026-05-10
 * (UTC 2026-05-09 16:00 to 2026-05-10 16:00), including the instants either side of both cuts.
 */
export async function tradingMerchant(db: Db, seed: number) {
  const rnd = prng(seed);
  const m = await createMerchant(db);
  const usd = await createGateway(db, m, { currency: 'USD' });
  const eur = await createGateway(db, m, { currency: 'EUR' });
  const start = Date.parse('2026-05-09T16:00:00Z');
  const end = Date.parse('2026-05-10T16:00:00Z');
  const instants = [start - 1, start, end - 1, end];
  for (let i = 0; i < 36; i++) instants.push(start - 6 * 3_600_000 + Math.floor(rnd() * 36 * 3_600_000));
  const pays = [PayStatus.success, PayStatus.success, PayStatus.failed, PayStatus.threeDRefused, PayStatus.toBeConfirmed];
  const made: (Generated & { id: number })[] = [];
  for (const at of instants) {
    const gateway = rnd() < 0.6 ? usd : eur;
    const pay = pays[Math.floor(rnd() * pays.length)] ?? PayStatus.success;
    const amount = 100 + Math.floor(rnd() * 100_000);
    const dup = pay === PayStatus.failed && rnd() < 0.5 ? 1 : 0;
    const tx = await createTransaction(db, m, gateway, { created_at: at, pay_status: pay, amount, duplicate_failure: dup });
    made.push({ gateway, at, pay, amount, dup, id: tx.id });
  }
  return { m, usd, eur, made, start, end };
}
