import { PayStatus, TradeCategory, TradeType } from '@mbo/shared/trade-enums';
import type { Db } from '../db/database';
import { inTransaction } from '../db/in-transaction';
import { raiseChargeback } from '../domains/disputes/operator-service';
import { recordTransactionIn } from '../domains/transactions/repository';
import { DAY_MS } from '../platform/time';

/*
 * Issue 49 §1 in the demo (merchant 100001, gateway 10010001, which the customer-service member sees
 * too): two Visa 10.4 chargebacks with the customer's history behind them.
 * - DEMO_CE3_CASES.eligible: two earlier payments on the same card, 150 and 240 days before the
 *   dispute, share the customer's user ID, IP address and device ID: Compelling Evidence 3.0 applies.
 * - DEMO_CE3_CASES.notEligible: one earlier payment in the window; the other is 90 days old, too
 *   recent to count: the workspace says which condition is missing.
 * Every number is fixed (trade and case numbers included), so the same moment gives the same rows.
 */

export const DEMO_CE3_CASES = { eligible: 'CB-DEMO-CE3-ELIGIBLE', notEligible: 'CB-DEMO-CE3-NOTELIGIBLE' } as const;

type Buyer = { card: [string, string]; userId: string; ip: string; device: string; name: string; email: string; address: string };

const BUYERS: Record<keyof typeof DEMO_CE3_CASES, Buyer & { priorDaysAgo: number[] }> = {
  eligible: {
    card: ['431940', '2291'],
    userId: 'HL-C-100482',
    ip: '203.0.113.45',
    device: 'dfp-7f3a9c21e8',
    name: 'Emily Carter',
    email: 'emily.carter@example.com',
    address: '48 Elm Street',
    priorDaysAgo: [154, 244],
  },
  notEligible: {
    card: ['455673', '8810'],
    userId: 'HL-C-200917',
    ip: '198.51.100.23',
    device: 'dfp-1b0e44d9a2',
    name: 'Daniel Brooks',
    email: 'daniel.brooks@example.com',
    address: '9 Harbour View',
    priorDaysAgo: [94, 204],
  },
};

export async function seedCe3Cases(db: Db, now: number): Promise<void> {
  const gateway = await db
    .selectFrom('gateways')
    .select(['id', 'merchant_id', 'currency'])
    .where('gateway_no', '=', '10010001')
    .executeTakeFirst();
  if (!gateway) return;
  let n = 0;
  for (const [key, caseNo] of Object.entries(DEMO_CE3_CASES) as [keyof typeof DEMO_CE3_CASES, string][]) {
    const b = BUYERS[key];
    const payment = async (daysAgo: number, amount: number) => {
      n += 1;
      const at = now - daysAgo * DAY_MS;
      const tradeNo = `T10010001${String(at).slice(-9)}${String(800 + n)}`;
      await inTransaction(db, (trx) =>
        recordTransactionIn(trx, {
          merchant_id: gateway.merchant_id,
          gateway_id: gateway.id,
          category: TradeCategory.formal,
          trade_no: tradeNo,
          merchant_order_no: `HL${String(at).slice(-8)}`,
          trade_type: TradeType.consumption,
          pay_status: PayStatus.success,
          card_scheme: 'VISA',
          card_first6: b.card[0],
          card_last4: b.card[1],
          currency: gateway.currency,
          amount,
          settle_currency: gateway.currency,
          settle_amount: amount,
          return_message: '00 Approved',
          email: b.email,
          ip: b.ip,
          customer_id: b.userId,
          device_id: b.device,
          customer_name: b.name,
          customer_email: b.email,
          customer_address: b.address,
          customer_city: 'Portland',
          customer_zip: '97201',
          bill_country: 'US',
          shipping_name: b.name,
          shipping_address: b.address,
          shipping_city: 'Portland',
          shipping_zip: '97201',
          shipping_country: 'US',
          trade_url: 'https://shop.harbourline.example/checkout',
          created_at: at,
          submitted_at: at + 1_000,
          returned_at: at + 2_500,
        }),
      );
      return tradeNo;
    };
    for (const daysAgo of b.priorDaysAgo) await payment(daysAgo, 4_990 + n * 100);
    // Paid 64 days ago: older than the 60 days the backtest demo (demo-alerts-backtest.ts) draws its payments from.
    const disputed = await payment(64, 18_900);
    await raiseChargeback(db, disputed, {
      reason: 'Other Fraud - Card-Absent Environment',
      reasonCode: '10.4',
      deadlineDays: 26,
      now: now - 4 * DAY_MS,
      caseNo,
    });
  }
}
